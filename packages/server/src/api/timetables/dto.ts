import type { Static } from '@sinclair/typebox';
import { formatUkTimestamp, type BoardCall, type LiveCall, type LiveTrip, type Station, type TransitMode, type TripCall, type TripDetail } from '@transit/engine';
import type { Arrival, BusService, BusServiceStop, Departure, LiveVehicle, RailArrival, RailDeparture, RailService, RailServiceStop } from './schemas.js';
import { ON_TIME_EARLY_S, ON_TIME_LATE_S } from './schemas.js';
import type { MODES } from './schemas.js';

/** Board and service response shapes (snake_case), typed from the schemas the OpenAPI document publishes. */
export type DepartureDto = Static<typeof Departure>;
export type ArrivalDto = Static<typeof Arrival>;
export type RailDepartureDto = Static<typeof RailDeparture>;
export type RailArrivalDto = Static<typeof RailArrival>;
export type BusServiceDto = Static<typeof BusService>;
export type RailServiceDto = Static<typeof RailService>;
export type LiveVehicleDto = Static<typeof LiveVehicle>;

/** What a live row needs besides its call: the request instant (epoch ms) and whether the feed is simulated. */
export interface LiveContext {
  nowMs: number;
  simulated: boolean;
}

/** `status` of a live estimate: on_time from ON_TIME_EARLY_S early to ON_TIME_LATE_S late, else early / late. */
export function liveStatus(delayS: number): 'on_time' | 'late' | 'early' {
  return delayS > ON_TIME_LATE_S ? 'late' : delayS < -ON_TIME_EARLY_S ? 'early' : 'on_time';
}

/** The `live_vehicle` object of a matched journey; `operatorCode` and `destination` are the journey's, used when the feed gives none. */
export function toLiveVehicle(live: LiveTrip, operatorCode: string, destination: string, ctx: LiveContext): LiveVehicleDto {
  const v = live.vehicle;
  return {
    vehicle_ref: v.vehicleRef,
    operator_ref: v.operatorRef ?? operatorCode,
    latitude: v.latitude,
    longitude: v.longitude,
    bearing: v.bearing === null ? null : String(Math.round(v.bearing)),
    destination_name: v.destinationName ?? destination,
    recorded_at_time: formatUkTimestamp(v.recordedAtMs),
    match_method: live.method,
    fix_age_seconds: Math.max(0, Math.round((ctx.nowMs - v.recordedAtMs) / 1000)),
    delay_seconds: live.delayS,
    current_stop_sequence: live.stopSequence,
    occupancy: v.occupancy,
    seated_occupancy: v.seatedOccupancy,
    seated_capacity: v.seatedCapacity,
    wheelchair_occupancy: v.wheelchairOccupancy,
    wheelchair_capacity: v.wheelchairCapacity,
    simulated: ctx.simulated,
  };
}

/** Engine mode → API mode: coaches are buses on the API. */
export function apiMode(mode: TransitMode): (typeof MODES)[number] {
  return mode === 'coach' ? 'bus' : mode;
}

/** A departure: scheduled (best estimate = timetabled time), or with the live estimate of a matched vehicle. */
export function toDeparture(c: BoardCall, live: LiveCall | null = null, ctx: LiveContext = { nowMs: 0, simulated: false }): DepartureDto {
  const aimed = formatUkTimestamp(c.time);
  const expected = live ? formatUkTimestamp(live.expected) : null;
  return {
    line: c.line,
    line_name: c.lineName,
    operator: c.operator,
    operator_code: c.operatorCode,
    destination: c.destination,
    direction: c.direction,
    mode: apiMode(c.mode),
    aimed_departure_time: aimed,
    expected_departure_time: expected,
    best_departure_estimate: expected ?? aimed,
    status: live ? liveStatus(live.delayS) : 'on_time',
    source: live ? live.trip.vehicle.source : 'gtfs_scheduled',
    dated_vehicle_journey_ref: c.datedRef,
    trip_id: c.tripId,
    live_vehicle: live ? toLiveVehicle(live.trip, c.operatorCode, c.destination, ctx) : null,
  };
}

export function toArrival(c: BoardCall): ArrivalDto {
  const aimed = formatUkTimestamp(c.time);
  return {
    line: c.line,
    line_name: c.lineName,
    operator: c.operator,
    operator_code: c.operatorCode,
    origin: c.origin,
    destination: c.destination,
    direction: c.direction,
    mode: apiMode(c.mode),
    aimed_arrival_time: aimed,
    expected_arrival_time: null,
    best_arrival_estimate: aimed,
    status: 'on_time',
    source: 'gtfs_scheduled',
    dated_vehicle_journey_ref: c.datedRef,
    trip_id: c.tripId,
    live_vehicle: null,
  };
}

export function toRailDeparture(c: BoardCall): RailDepartureDto {
  const aimed = formatUkTimestamp(c.time);
  return {
    line: c.line,
    line_name: c.lineName,
    operator: c.operator,
    destination: c.destination,
    mode: apiMode(c.mode),
    aimed_departure_time: aimed,
    expected_departure_time: null,
    best_departure_estimate: aimed,
    status: 'on_time',
    source: 'gtfs_scheduled',
    trip_id: c.tripId,
    platform: c.platform,
  };
}

export function toRailArrival(c: BoardCall): RailArrivalDto {
  const aimed = formatUkTimestamp(c.time);
  return {
    line: c.line,
    line_name: c.lineName,
    operator: c.operator,
    origin: c.origin,
    destination: c.destination,
    mode: apiMode(c.mode),
    aimed_arrival_time: aimed,
    expected_arrival_time: null,
    best_arrival_estimate: aimed,
    status: 'on_time',
    source: 'gtfs_scheduled',
    trip_id: c.tripId,
    platform: c.platform,
  };
}

function busStop(c: TripCall): Static<typeof BusServiceStop> {
  return {
    sequence: c.sequence,
    atcocode: c.atcocode,
    name: c.name,
    latitude: c.latitude,
    longitude: c.longitude,
    aimed_arrival_time: formatUkTimestamp(c.arrival),
    aimed_departure_time: formatUkTimestamp(c.departure),
  };
}

function railStop(c: TripCall): Static<typeof RailServiceStop> {
  return {
    sequence: c.sequence,
    crs_code: c.crsCode,
    name: c.name,
    latitude: c.latitude,
    longitude: c.longitude,
    platform: c.platform,
    aimed_arrival_time: formatUkTimestamp(c.arrival),
    aimed_departure_time: formatUkTimestamp(c.departure),
  };
}

/** A bus journey on its service date, with the live vehicle working it when there is one. */
export function toBusService(t: TripDetail, requestTime: string, liveError: string | null, live: LiveTrip | null = null, ctx: LiveContext = { nowMs: 0, simulated: false }): BusServiceDto {
  return {
    request_time: requestTime,
    trip_id: t.tripId,
    dated_vehicle_journey_ref: t.datedRef,
    date: t.serviceDate,
    line: t.line,
    line_name: t.lineName,
    operator: t.operator,
    operator_code: t.operatorCode,
    origin: t.origin,
    destination: t.destination,
    direction: t.direction,
    mode: apiMode(t.mode),
    live_vehicle: live ? toLiveVehicle(live, t.operatorCode, t.destination, ctx) : null,
    current_stop_sequence: live ? live.stopSequence : null,
    live_error: liveError,
    stops: t.calls.map(busStop),
  };
}

export function toRailService(t: TripDetail, requestTime: string): RailServiceDto {
  return {
    request_time: requestTime,
    trip_id: t.tripId,
    date: t.serviceDate,
    line: t.line,
    line_name: t.lineName,
    operator: t.operator,
    origin: t.origin,
    destination: t.destination,
    direction: t.direction,
    mode: apiMode(t.mode),
    stops: t.calls.map(railStop),
  };
}

/** The `station` object of a station board. */
export function toBoardStation(s: Station) {
  return { crs_code: s.crsCode, name: s.name, latitude: s.latitude, longitude: s.longitude };
}
