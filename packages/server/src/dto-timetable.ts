import type { Static } from '@sinclair/typebox';
import { formatUkTimestamp, type BoardCall, type Station, type TransitMode, type TripCall, type TripDetail } from '@transit/engine';
import type { Arrival, BusService, BusServiceStop, Departure, RailArrival, RailDeparture, RailService, RailServiceStop } from './schemas-timetable.js';
import type { MODES } from './schemas-timetable.js';

/** Board and service response shapes (snake_case), typed from the schemas the OpenAPI document publishes. */
export type DepartureDto = Static<typeof Departure>;
export type ArrivalDto = Static<typeof Arrival>;
export type RailDepartureDto = Static<typeof RailDeparture>;
export type RailArrivalDto = Static<typeof RailArrival>;
export type BusServiceDto = Static<typeof BusService>;
export type RailServiceDto = Static<typeof RailService>;

/** Engine mode → API mode: coaches are buses on the API. */
export function apiMode(mode: TransitMode): (typeof MODES)[number] {
  return mode === 'coach' ? 'bus' : mode;
}

/** A scheduled departure: no live estimate, so the best estimate is the timetabled time. */
export function toDeparture(c: BoardCall): DepartureDto {
  const aimed = formatUkTimestamp(c.time);
  return {
    line: c.line,
    line_name: c.lineName,
    operator: c.operator,
    operator_code: c.operatorCode,
    destination: c.destination,
    direction: c.direction,
    mode: apiMode(c.mode),
    aimed_departure_time: aimed,
    expected_departure_time: null,
    best_departure_estimate: aimed,
    status: 'on_time',
    source: 'gtfs_scheduled',
    dated_vehicle_journey_ref: c.datedRef,
    trip_id: c.tripId,
    live_vehicle: null,
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

/** A bus journey on its service date; live fields stay null until live matching exists. */
export function toBusService(t: TripDetail, requestTime: string): BusServiceDto {
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
    live_vehicle: null,
    current_stop_sequence: null,
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
