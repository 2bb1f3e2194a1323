import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../common/param-types.js';
import { Timestamp } from '../common/schemas.js';

/**
 * Response schemas of the route endpoints (bus lines and rail operators). The DTO types in
 * dto.ts are their Static types; each titled schema is an OpenAPI component.
 */

/** Values of `mode` on routes (the engine's TransitMode). */
export const ROUTE_MODES = ['bus', 'coach', 'tram', 'rail', 'ferry', 'other'] as const;

/** A UK local timestamp field with its own description. */
const timestamp = (description: string) => Type.String({ pattern: Timestamp.pattern, description: `${description} ${Timestamp.description}` });
const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 degrees.' });
const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 degrees.' });
const direction = Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'GTFS direction_id (0 or 1); null for journeys the feed gives no direction.' });
const crsCode = (what: string) => Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()], { description: `3-letter CRS code of ${what}; null when the stop belongs to no station.` });

/** Fields every route carries, list item or detail. */
function routeFields(kind: 'bus' | 'rail') {
  const bus = kind === 'bus';
  return {
    id: Type.String({ description: bus ? 'Route id: `<operator code>-<line>`, URL-safe (letters, digits, `_`, `-`); key of /v1/bus/routes/{route_id}.json, any case.' : 'Route id: the 2-letter train operating company code (e.g. NT); key of /v1/rail/routes/{route_id}.json, any case.' }),
    line: Type.String({ description: bus ? 'Line number as the operator publishes it (route_short_name).' : 'The 2-letter operator code again (trains have no line numbers).' }),
    line_name: Type.String({ description: bus ? 'Commonest route_long_name of the line, else the line number.' : 'The operator name.' }),
    operator: Type.String({ description: bus ? 'Operator (agency) name.' : 'Train operating company name.' }),
    operator_code: Type.String({ description: bus ? 'Operator code: the agency NOC when the feed gives one, else its agency_id.' : '2-letter train operating company code.' }),
    mode: StringEnum(ROUTE_MODES, { description: bus ? 'Mode of most journeys: bus, coach, tram (trams and metros are listed as bus routes), ferry or other.' : 'Always rail.' }),
    journey_count: Type.Integer({ minimum: 0, description: 'Journeys of the route in the whole timetable, every date (not one day).' }),
  };
}

/** Origin and destination of one direction's longest journey. */
export const RouteDirectionSummary = Type.Object(
  { direction, origin: Type.String({ description: 'First stop of the longest journey in this direction.' }), destination: Type.String({ description: 'Last stop of that journey.' }) },
  { title: 'RouteDirectionSummary', description: 'One direction of a bus route, named by the ends of its longest journey.' },
);

/** Element of `member` on the bus route search. */
export const BusRouteSummary = Type.Object(
  { ...routeFields('bus'), directions: Type.Array(RouteDirectionSummary, { description: 'Each direction present: 0, then 1, then journeys without a direction (direction null).' }) },
  { title: 'BusRoute', description: 'A bus route: every journey of one line number by one operator, across its GTFS routes, short workings and school journeys included.' },
);

/** Element of `member` on the rail route search. */
export const RailRouteSummary = Type.Object(routeFields('rail'), { title: 'RailRoute', description: 'A rail route: every train of one train operating company (its rail replacement buses included).' });

/** Geometry of a direction. */
export const RouteShape = Type.Object(
  {
    polyline: Type.String({ description: 'Encoded polyline (Google algorithm, precision 5) of the path.' }),
    point_count: Type.Integer({ minimum: 0, description: 'Points in the polyline.' }),
    length_m: Type.Number({ minimum: 0, description: 'Length of the path in metres (0.1 m).' }),
  },
  { title: 'RouteShape', description: "The operator's path geometry (GTFS shapes.txt)." },
);

/** One direction of a bus route detail. */
export const BusRouteDirection = Type.Object(
  {
    direction,
    origin: Type.String({ description: 'First stop of the longest journey in this direction.' }),
    destination: Type.String({ description: 'Last stop of that journey.' }),
    stop_count: Type.Integer({ minimum: 1, description: 'Calls of that journey.' }),
    shape: Type.Union([RouteShape, Type.Null()], { description: "Commonest shape of the trips running that journey's stop pattern; null when the feed publishes no geometry for them." }),
  },
  { title: 'BusRouteDirection', description: 'One direction of a bus route: its longest journey (most calls, then longest run) and that journey’s path.' },
);

/** A call of a route's representative journey. */
export const RouteStop = Type.Object(
  {
    atcocode: Type.String({ description: 'National stop code (ATCO); for rail, the platform’s code.' }),
    crs_code: crsCode('the station'),
    name: Type.String({ description: 'Stop name; the station name for rail.' }),
    latitude,
    longitude,
  },
  { title: 'RouteStop', description: 'A stop of the representative journey, in calling order.' },
);

/** Element of `timetable` on a bus route. */
export const BusRouteJourney = Type.Object(
  {
    trip_id: Type.String({ description: 'Journey id; key of /v1/bus/services/{trip_id}.json.' }),
    direction,
    departure_time: timestamp('Aimed departure from the first stop.'),
    arrival_time: timestamp('Aimed arrival at the last stop.'),
    origin: Type.String({ description: 'First stop.' }),
    destination: Type.String({ description: 'Last stop.' }),
    stop_count: Type.Integer({ minimum: 1, description: 'Calls of the journey.' }),
  },
  { title: 'BusRouteJourney', description: 'One journey of the day.' },
);

/** Element of `timetable` on a rail route. */
export const RailRouteJourney = Type.Object(
  {
    trip_id: Type.String({ description: 'Train id; key of /v1/rail/services/{trip_id}.json.' }),
    origin: Type.String({ description: 'Station (or stop) the train starts from.' }),
    origin_crs_code: crsCode('the origin'),
    destination: Type.String({ description: 'Station (or stop) the train ends at.' }),
    destination_crs_code: crsCode('the destination'),
    departure_time: timestamp('Aimed departure from the origin.'),
    arrival_time: timestamp('Aimed arrival at the destination.'),
    stop_count: Type.Integer({ minimum: 1, description: 'Calls of the train.' }),
  },
  { title: 'RailRouteJourney', description: 'One train of the day.' },
);

/** Fields of a route detail around its kind's directions and journeys. */
function detailFields<J extends TSchema>(journey: J, what: 'bus' | 'rail') {
  return {
    request_time: Timestamp,
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Service date of the timetable (the `date` parameter, default today in UK local time).' }),
    representative_stops: Type.Array(RouteStop, { description: `Calls of the longest single journey of the route${what === 'bus' ? ' (of `direction` when given)' : ''}, not a union of journeys; the same whatever the date.` }),
    page: Type.Integer({ minimum: 1, description: 'Page of the timetable returned (from 1).' }),
    limit: Type.Integer({ minimum: 1, description: 'Journeys per page.' }),
    results_count: Type.Integer({ minimum: 0, description: `Journeys of the date${what === 'bus' ? ' (in `direction` when given)' : ''} across all pages.` }),
    timetable: Type.Array(journey, { description: 'This page of the date’s journeys, in departure order (then trip_id).' }),
  };
}

/** Body of GET /v1/bus/routes/{route_id}.json. */
export const BusRouteDetail = Type.Object(
  {
    ...routeFields('bus'),
    direction: Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'The `direction` parameter, null when not given.' }),
    directions: Type.Array(BusRouteDirection, { description: 'Each direction present (0, 1, then none), whatever `direction` and the date.' }),
    ...detailFields(BusRouteJourney, 'bus'),
  },
  { title: 'BusRouteDetail', description: 'A bus route with its directions and paths, its longest journey and one day’s journeys.' },
);

/** Body of GET /v1/rail/routes/{route_id}.json. */
export const RailRouteDetail = Type.Object(
  {
    ...routeFields('rail'),
    directions: Type.Array(BusRouteDirection, { maxItems: 0, description: 'Always empty: a train operator has no directions.' }),
    ...detailFields(RailRouteJourney, 'rail'),
  },
  { title: 'RailRouteDetail', description: 'A train operator with one train’s calling points and every train it runs on the date, paged.' },
);
