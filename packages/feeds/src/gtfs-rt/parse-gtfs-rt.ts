import type { VehicleDelivery, VehicleRecord } from '@transit/engine';
import { FeedParseError } from '../errors.js';
import { text, usablePosition } from '../feed-values.js';
import { FeedMessage, OCCUPANCY_NAMES } from './gtfs-rt-schema.js';

/** Decoded message shapes (protobufjs objects; unset optionals read as proto defaults). */
interface TripDescriptor { trip_id?: string; route_id?: string; direction_id?: number; start_time?: string; start_date?: string }
interface Position { latitude: number; longitude: number; bearing?: number }
interface VehiclePosition {
  trip?: TripDescriptor | null;
  vehicle?: { id?: string; label?: string } | null;
  position?: Position | null;
  timestamp?: number | { toNumber(): number };
  occupancy_status?: number;
}
interface FeedEntity { id: string; is_deleted?: boolean; vehicle?: VehiclePosition | null }
interface Feed { header: { timestamp?: number | { toNumber(): number } }; entity: FeedEntity[] }

/** A uint64 (number or Long) as a JS number; 0 when absent. */
function u64(v: number | { toNumber(): number } | undefined | null): number {
  if (v === undefined || v === null) return 0;
  return typeof v === 'number' ? v : v.toNumber();
}

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Parses a GTFS-realtime `FeedMessage` (protobuf bytes) into vehicle records from its
 * `VehiclePosition` entities. Entities without a usable position (missing, 0/0, lat 90) and
 * without a vehicle id or timestamp are dropped and counted; deleted entities and entities with
 * no vehicle are skipped. Throws FeedParseError when the bytes do not decode (garbage,
 * truncated) or are empty.
 */
export function parseGtfsRt(bytes: Uint8Array): VehicleDelivery {
  if (bytes.length === 0) throw new FeedParseError('gtfs-rt', 'empty document');
  let feed: Feed;
  try {
    feed = FeedMessage.decode(bytes) as unknown as Feed;
  } catch (err) {
    throw new FeedParseError('gtfs-rt', `not a GTFS-realtime FeedMessage: ${(err as Error).message}`);
  }
  const headerTs = u64(feed.header.timestamp);
  const out: VehicleDelivery = { source: 'gtfs_rt', producedAtMs: headerTs > 0 ? headerTs * 1000 : NaN, producer: null, records: [], seen: 0, droppedJunkPosition: 0, droppedIncomplete: 0 };
  for (const e of feed.entity) {
    const v = e.vehicle;
    if (!v || e.is_deleted) continue;
    out.seen++;
    const rec = vehicleRecord(e, v);
    if (!rec) out.droppedIncomplete++;
    else if (!usablePosition(rec.latitude, rec.longitude)) out.droppedJunkPosition++;
    else out.records.push(rec);
  }
  return out;
}

function vehicleRecord(e: FeedEntity, v: VehiclePosition): VehicleRecord | null {
  const ts = u64(v.timestamp);
  const vehicleRef = text(v.vehicle?.id) ?? text(v.vehicle?.label) ?? text(e.id);
  if (!vehicleRef || ts <= 0) return null;
  const trip = v.trip ?? null;
  const pos = v.position ?? null;
  const dir = trip && has(trip, 'direction_id') ? trip.direction_id : undefined;
  const bearing = pos && has(pos, 'bearing') ? pos.bearing! : 0;
  return {
    source: 'gtfs_rt',
    vehicleRef,
    operatorRef: null,
    lineRef: null,
    publishedLineName: null,
    directionRef: null,
    directionId: dir === 0 || dir === 1 ? dir : null,
    journeyRef: null,
    dataFrameRef: null,
    ticketMachineCode: null,
    tripId: text(trip?.trip_id),
    routeId: text(trip?.route_id),
    startDate: text(trip?.start_date),
    startTime: text(trip?.start_time),
    originRef: null,
    originAimedDepartureMs: NaN,
    destinationRef: null,
    destinationName: null,
    blockRef: null,
    // float32 on the wire: round to 1e-6 degrees (about 0.1 m) so 53.38 does not read 53.380001068.
    latitude: pos ? Math.round(pos.latitude * 1e6) / 1e6 : NaN,
    longitude: pos ? Math.round(pos.longitude * 1e6) / 1e6 : NaN,
    bearing: Number.isFinite(bearing) && bearing !== 0 ? bearing : null,
    recordedAtMs: ts * 1000,
    validUntilMs: NaN,
    occupancy: has(v, 'occupancy_status') ? (OCCUPANCY_NAMES[v.occupancy_status!] ?? null) : null,
    seatedOccupancy: null,
    seatedCapacity: null,
    wheelchairOccupancy: null,
    wheelchairCapacity: null,
  };
}
