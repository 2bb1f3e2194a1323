import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../common/param-types.js';
import { BusStop, RailStation, Timestamp } from '../common/schemas.js';

/**
 * Response schemas of boards (stop and station timetables) and service detail; the DTO types in
 * dto.ts are their Static types. Each titled object becomes an OpenAPI component.
 */

/** Values of `mode` on boards and services: bus (bus and coach), tram (tram, light rail, metro), rail, ferry, other. */
export const MODES = ['bus', 'tram', 'rail', 'ferry', 'other'] as const;

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const timestamp = (description: string) => Type.String({ pattern: Timestamp.pattern, description: `${description} UK local time, YYYY-MM-DDThh:mm:ss+hh:mm.` });
const line = Type.String({ description: 'Line code: the route short name (bus, tram); the 2-letter operator code (rail).' });
const lineName = Type.String({ description: 'Line name: the route long name, else the line code (bus); the route long name, else the operator name (rail).' });
const operator = Type.String({ description: 'Operator (agency) name.' });
const operatorCode = Type.String({ description: 'Operator code: the agency NOC, else its feed agency_id.' });
const origin = Type.String({ description: 'Name of the first stop of the journey.' });
const destination = Type.String({ description: 'Trip headsign, else the name of the last stop (the station name on rail).' });
const direction = nullable(Type.Integer({ minimum: 0, maximum: 1 }), 'GTFS direction_id (0 or 1); null when the feed gives none.');
const mode = StringEnum(MODES, { description: 'bus (bus and coach), tram (tram, light rail, metro), rail, ferry or other.' });
const status = Type.String({ description: 'on_time: the only value while departures come from the timetable.' });
const source = StringEnum(['siri_vm', 'gtfs_scheduled'], { description: 'gtfs_scheduled: from the timetable; siri_vm: from a matched live vehicle.' });
const tripId = Type.String({ description: 'Feed trip_id; usable in /v1/bus/services/{trip_id}.json (rail: /v1/rail/services/{trip_id}.json).' });
const datedRef = Type.String({ description: 'YYYY-MM-DD:trip_id, the service date and the trip: names this run of the journey; usable as trip_id in /v1/bus/services/{trip_id}.json, where it fixes the date.' });
const platform = nullable(Type.String(), 'Platform or stand of the stop called at; null when unknown.');

/** Live `status` thresholds: on_time from 1 minute early to 2 minutes late (inclusive); beyond them early / late. */
export const ON_TIME_EARLY_S = 60;
export const ON_TIME_LATE_S = 120;
/** Values of `status` on bus departures. */
export const BUS_STATUSES = ['on_time', 'late', 'early'] as const;
const busStatus = StringEnum(BUS_STATUSES, {
  description:
    'on_time for timetable rows and for live rows expected from 1 minute early to 2 minutes late; late when expected more than 2 minutes after the timetable; early when more than 1 minute before it (additional values, see live_vehicle).',
});
const busSource = StringEnum(['siri_vm', 'gtfs_rt', 'gtfs_scheduled'], {
  description: 'gtfs_scheduled: from the timetable; siri_vm: estimated from a matched SIRI-VM vehicle; gtfs_rt: estimated from a matched GTFS-realtime VehiclePosition (additional value).',
});
const nullableCount = (description: string) => nullable(Type.Integer({ minimum: 0 }), description);

/** A matched live vehicle. */
export const LiveVehicle = Type.Object(
  {
    vehicle_ref: Type.String({ description: 'Vehicle identity within its operator (SIRI VehicleRef without a leading operator code; GTFS-RT vehicle id).' }),
    operator_ref: Type.String({ description: "National Operator Code from the feed, else the journey's operator code." }),
    latitude: Type.Number({ description: 'WGS84 degrees of the last fix.' }),
    longitude: Type.Number({ description: 'WGS84 degrees of the last fix.' }),
    bearing: nullable(Type.String(), 'Heading in degrees clockwise from north, as text; null when unknown (a feed bearing of 0 means unknown).'),
    destination_name: Type.String({ description: "DestinationName from the feed, else the journey's destination." }),
    recorded_at_time: Timestamp,
    match_method: StringEnum(['journey_code', 'origin_time', 'position'], {
      description:
        'Additional field. How the vehicle was matched to this journey: journey_code (ticket-machine code, DatedVehicleJourneyRef or GTFS-RT trip_id = the journey\'s vehicle_journey_code / trip_id), origin_time (operator + line + OriginAimedDepartureTime = the first departure), position (nearest scheduled position among the line\'s running journeys).',
    }),
    fix_age_seconds: Type.Integer({ minimum: 0, description: 'Additional field. Age of the position at request time, seconds.' }),
    delay_seconds: Type.Integer({ description: 'Additional field. Estimated delay at the vehicle\'s position, seconds (negative = early); later stops get the same delay.' }),
    current_stop_sequence: Type.Integer({ minimum: 1, description: 'Additional field. Sequence of the stop the vehicle is at or approaching.' }),
    occupancy: nullable(Type.String(), 'Additional field. SIRI-VM Occupancy (seatsAvailable, standingAvailable, full) or GTFS-RT occupancy_status in lower case; null when the feed gives none.'),
    seated_occupancy: nullableCount('Additional field. SIRI-VM extension SeatedOccupancy; null when absent.'),
    seated_capacity: nullableCount('Additional field. SIRI-VM extension SeatedCapacity; null when absent.'),
    wheelchair_occupancy: nullableCount('Additional field. SIRI-VM extension WheelchairOccupancy; null when absent.'),
    wheelchair_capacity: nullableCount('Additional field. SIRI-VM extension WheelchairCapacity; null when absent.'),
    simulated: Type.Boolean({ description: "Additional field. True when the vehicle comes from the demo dataset's simulated feed, not a real one." }),
  },
  { title: 'LiveVehicle', description: 'A live vehicle position matched to the journey (the spec fields, then additional fields this service adds).' },
);
const liveVehicle = nullable(LiveVehicle, 'The live vehicle working the journey; null when none is matched, when live was not requested, and on arrivals (live applies to departures only).');

/** Element of `departures` on a stop board. */
export const Departure = Type.Object(
  {
    line,
    line_name: lineName,
    operator,
    operator_code: operatorCode,
    destination,
    direction,
    mode,
    aimed_departure_time: timestamp('Timetabled departure.'),
    expected_departure_time: nullable(Timestamp, 'Live estimate (live=true and a matched vehicle that has not yet passed the stop): the timetabled time plus the delay at the vehicle; never before the timetable at the first stop. Null otherwise.'),
    best_departure_estimate: timestamp('The live estimate where one exists, else the timetabled time: the one time to display.'),
    status: busStatus,
    source: busSource,
    dated_vehicle_journey_ref: datedRef,
    trip_id: tripId,
    live_vehicle: liveVehicle,
  },
  { title: 'Departure', description: 'A journey leaving the stop (journeys ending at the stop and calls without pickup are left out).' },
);

/** Element of `arrivals` on a stop board. */
export const Arrival = Type.Object(
  {
    line,
    line_name: lineName,
    operator,
    operator_code: operatorCode,
    origin,
    destination,
    direction,
    mode,
    aimed_arrival_time: timestamp('Timetabled arrival.'),
    expected_arrival_time: nullable(Timestamp, 'Live estimate; always null (live matching applies to departures only).'),
    best_arrival_estimate: timestamp('The live estimate where one exists, else the timetabled time.'),
    status,
    source,
    dated_vehicle_journey_ref: datedRef,
    trip_id: tripId,
    live_vehicle: liveVehicle,
  },
  { title: 'Arrival', description: 'A journey arriving at the stop, including journeys ending there (journeys starting there and calls without drop-off are left out).' },
);

/** Element of `departures` on a station board. */
export const RailDeparture = Type.Object(
  {
    line,
    line_name: lineName,
    operator,
    destination,
    mode,
    aimed_departure_time: timestamp('Timetabled departure.'),
    expected_departure_time: nullable(Timestamp, 'Always null: rail is timetable-only.'),
    best_departure_estimate: timestamp('Equal to aimed_departure_time (rail is timetable-only).'),
    status,
    source,
    trip_id: tripId,
    platform,
  },
  { title: 'RailDeparture', description: 'A train leaving the station (trains ending there are left out).' },
);

/** Element of `arrivals` on a station board. */
export const RailArrival = Type.Object(
  {
    line,
    line_name: lineName,
    operator,
    origin,
    destination,
    mode,
    aimed_arrival_time: timestamp('Timetabled arrival.'),
    expected_arrival_time: nullable(Timestamp, 'Always null: rail is timetable-only.'),
    best_arrival_estimate: timestamp('Equal to aimed_arrival_time (rail is timetable-only).'),
    status,
    source,
    trip_id: tripId,
    platform,
  },
  { title: 'RailArrival', description: 'A train arriving at the station, including trains ending there.' },
);

const departures = <T extends TSchema>(item: T) => Type.Optional(Type.Array(item, { description: 'Present when type is departures (the default) or both; earliest first, ties by trip_id; at most `limit`.' }));
const arrivals = <T extends TSchema>(item: T) => Type.Optional(Type.Array(item, { description: 'Present when type is arrivals or both; earliest first, ties by trip_id; at most `limit`.' }));

/** Body of GET /v1/bus/stop_timetables/{atcocode}.json. */
export const StopTimetable = Type.Object(
  {
    request_time: Timestamp,
    atcocode: Type.String({ description: 'The stop, as requested.' }),
    stop: BusStop,
    live_requested: Type.Boolean({ description: 'The `live` parameter as sent (default false).' }),
    live_error: nullable(
      Type.String(),
      'Null when live data was not requested or every vehicle feed is healthy. Otherwise why live estimates are missing or may be out of date: no feed configured; a feed failing (since when, how many polls, the last error); a feed stale (no new document for 5 minutes). Vehicle fixes older than the configured age (LIVE_MAX_AGE_S, default 300 s) are never shown.',
    ),
    departures: departures(Departure),
    arrivals: arrivals(Arrival),
  },
  { title: 'StopTimetable', description: 'A stop board: the scheduled calls at the stop in the window.' },
);

/** Body of GET /v1/rail/station_timetables/{crs_code}.json. */
export const StationTimetable = Type.Object(
  {
    request_time: Timestamp,
    crs_code: Type.String({ pattern: '^[A-Z]{3}$', description: 'The station (upper case).' }),
    station: RailStation,
    departures: departures(RailDeparture),
    arrivals: arrivals(RailArrival),
  },
  { title: 'StationTimetable', description: "A station board: the scheduled trains at the station's platforms in the window." },
);

const callTimes = {
  aimed_arrival_time: timestamp('Timetabled arrival on the service date.'),
  aimed_departure_time: timestamp('Timetabled departure on the service date.'),
};
const sequence = Type.Integer({ minimum: 1, description: 'Position of the call in the journey, from 1.' });
const latitude = Type.Number({ description: 'WGS84 degrees.' });
const longitude = Type.Number({ description: 'WGS84 degrees.' });

/** Element of `stops` in bus service detail. */
export const BusServiceStop = Type.Object(
  { sequence, atcocode: Type.String(), name: Type.String(), latitude, longitude, ...callTimes },
  { title: 'BusServiceStop', description: 'One call of the journey.' },
);

/** Element of `stops` in rail service detail. */
export const RailServiceStop = Type.Object(
  { sequence, crs_code: nullable(Type.String(), 'CRS code of the station; null for a stop without one.'), name: Type.String(), latitude, longitude, platform, ...callTimes },
  { title: 'RailServiceStop', description: 'One call of the train.' },
);

const serviceDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Service date of the times (YYYY-MM-DD); times after midnight belong to it.' });

/** Body of GET /v1/bus/services/{trip_id}.json. */
export const BusService = Type.Object(
  {
    request_time: Timestamp,
    trip_id: tripId,
    dated_vehicle_journey_ref: datedRef,
    date: serviceDate,
    line,
    line_name: lineName,
    operator,
    operator_code: operatorCode,
    origin,
    destination,
    direction,
    mode,
    live_vehicle: liveVehicle,
    current_stop_sequence: nullable(Type.Integer({ minimum: 1 }), 'Sequence of the stop the live vehicle is at or approaching; null without one.'),
    live_error: nullable(
      Type.String(),
      'Additional field, as on stop boards. Null when live=false or every vehicle feed is healthy. Otherwise why `live_vehicle` may be missing or out of date: no feed configured; a feed failing; a feed stale.',
    ),
    stops: Type.Array(BusServiceStop, { description: 'Every call, in order.' }),
  },
  { title: 'BusService', description: 'One scheduled bus, coach or tram journey on a service date.' },
);

/** Body of GET /v1/rail/services/{trip_id}.json. */
export const RailService = Type.Object(
  {
    request_time: Timestamp,
    trip_id: tripId,
    date: serviceDate,
    line,
    line_name: lineName,
    operator,
    origin,
    destination,
    direction,
    mode,
    stops: Type.Array(RailServiceStop, { description: 'Every station (or stop) called at, in order.' }),
  },
  { title: 'RailService', description: 'One scheduled train on a service date; rail has no live position.' },
);
