import type { VehicleDelivery, VehicleRecord } from '@transit/engine';
import { usablePosition } from '../feed-values.js';
import { OCCUPANCY_NAMES } from './gtfs-rt-schema.js';

/**
 * The fields of one `VehiclePosition` entity the project reads, as either decoder fills them
 * (parse-gtfs-rt.ts from protobufjs objects, gtfs-rt-reader.ts from the bytes): strings already
 * through `text()`, null when absent.
 */
export interface VehicleFields {
  /** `text()` of vehicle.id, else of vehicle.label, else of the entity id. */
  vehicleRef: string | null;
  /** `VehiclePosition.timestamp`, seconds; 0 when absent. */
  timestampS: number;
  tripId: string | null;
  routeId: string | null;
  startDate: string | null;
  startTime: string | null;
  /** trip.direction_id as decoded, null when absent. */
  directionId: number | null;
  hasPosition: boolean;
  /** float32 degrees as decoded (unrounded); read only when hasPosition. */
  latitude: number;
  longitude: number;
  /** position.bearing, 0 when absent. */
  bearing: number;
  /** occupancy_status as decoded, null when absent. */
  occupancyStatus: number | null;
}

/** A VehicleFields with nothing read yet. */
export function emptyFields(): VehicleFields {
  return { vehicleRef: null, timestampS: 0, tripId: null, routeId: null, startDate: null, startTime: null, directionId: null, hasPosition: false, latitude: 0, longitude: 0, bearing: 0, occupancyStatus: null };
}

/** A GTFS-RT delivery with no records yet; header timestamp in seconds (0: none). */
export function gtfsRtDelivery(headerTimestampS: number): VehicleDelivery {
  return { source: 'gtfs_rt', producedAtMs: headerTimestampS > 0 ? headerTimestampS * 1000 : NaN, producer: null, records: [], seen: 0, droppedJunkPosition: 0, droppedIncomplete: 0 };
}

/** Counts one vehicle entity and keeps its record when it names a vehicle, has a timestamp and a usable position. */
export function addVehicle(out: VehicleDelivery, f: VehicleFields): void {
  out.seen++;
  const rec = vehicleRecord(f);
  if (!rec) out.droppedIncomplete++;
  else if (!usablePosition(rec.latitude, rec.longitude)) out.droppedJunkPosition++;
  else out.records.push(rec);
}

/** The record of one entity (position not yet checked), or null without a vehicle identity or timestamp. */
function vehicleRecord(f: VehicleFields): VehicleRecord | null {
  const ts = f.timestampS;
  if (!f.vehicleRef || ts <= 0) return null;
  const dir = f.directionId;
  const bearing = f.bearing;
  return {
    source: 'gtfs_rt',
    vehicleRef: f.vehicleRef,
    operatorRef: null,
    lineRef: null,
    publishedLineName: null,
    directionRef: null,
    directionId: dir === 0 || dir === 1 ? dir : null,
    journeyRef: null,
    dataFrameRef: null,
    ticketMachineCode: null,
    tripId: f.tripId,
    routeId: f.routeId,
    startDate: f.startDate,
    startTime: f.startTime,
    originRef: null,
    originAimedDepartureMs: NaN,
    destinationRef: null,
    destinationName: null,
    blockRef: null,
    // float32 on the wire: round to 1e-6 degrees (about 0.1 m) so 53.38 does not read 53.380001068.
    latitude: f.hasPosition ? Math.round(f.latitude * 1e6) / 1e6 : NaN,
    longitude: f.hasPosition ? Math.round(f.longitude * 1e6) / 1e6 : NaN,
    bearing: Number.isFinite(bearing) && bearing !== 0 ? bearing : null,
    recordedAtMs: ts * 1000,
    validUntilMs: NaN,
    occupancy: f.occupancyStatus !== null ? (OCCUPANCY_NAMES[f.occupancyStatus] ?? null) : null,
    seatedOccupancy: null,
    seatedCapacity: null,
    wheelchairOccupancy: null,
    wheelchairCapacity: null,
  };
}
