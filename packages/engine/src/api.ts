/**
 * Public result and query types of the engine. Plain values, camelCase; the server maps them to
 * the API's snake_case DTOs, so engine internals can change without changing the API.
 */

export type StopType = 'bus_stop' | 'tram_stop' | 'train_station';
export type PlaceType = StopType | 'settlement' | 'postcode';

export const STOP_TYPES: readonly StopType[] = ['bus_stop', 'tram_stop', 'train_station'];
export const PLACE_TYPES: readonly PlaceType[] = ['bus_stop', 'train_station', 'tram_stop', 'settlement', 'postcode'];

/** Returned by find* lookups when nothing matches. */
export const NOT_FOUND = -1;

/** A stop (bus stop, tram stop or station entrance) from the snapshot; absent text is null. */
export interface Stop {
  type: StopType;
  atcocode: string;
  naptanCode: string | null;
  name: string;
  shortName: string | null;
  indicator: string | null;
  street: string | null;
  locality: string | null;
  town: string | null;
  latitude: number;
  longitude: number;
  /** Compass point from NaPTAN (N, NE, ...). */
  bearing: string | null;
  /** Commonest destination of journeys calling here (timetable-derived). */
  towards: string | null;
  /** First differently named stop the journeys call at next. */
  towardsNext: string | null;
  /** Great-circle metres from the query point, on radius searches only. */
  distance?: number;
}

export interface Station {
  crsCode: string;
  name: string;
  latitude: number;
  longitude: number;
  distance?: number;
}

export interface Place {
  type: PlaceType;
  name: string;
  /** Human context: "Bus stop in Sheffield, towards Meadowhall", "Postcode in Sheffield", ... */
  description: string;
  latitude: number;
  longitude: number;
  /** Bus and tram stops. */
  atcocode?: string;
  /** Rail stations. */
  crsCode?: string;
  /** NPTG locality code of a settlement. */
  localityCode?: string;
  /** Great-circle metres from the query point, when one was given. */
  distance?: number;
}

/** A page of results; `total` counts every match across all pages. */
export interface Page<T> {
  total: number;
  items: T[];
}

export interface Paging {
  /** Results to skip (page - 1) * limit. */
  offset: number;
  limit: number;
}

export interface Point {
  lat: number;
  lon: number;
}

export interface Box {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** Stops or stations within `radius` metres of a point, nearest first, or inside a box. */
export interface SpatialQuery extends Paging {
  near?: Point & { radius: number };
  box?: Box;
}

export interface StopQuery extends SpatialQuery {
  /** Only these stop types; all when absent or empty. */
  types?: readonly StopType[];
}

export interface PlaceQuery extends Paging {
  /** Free text; case, punctuation and one typo in longer words forgiven. */
  text?: string;
  /** Ranks ties by distance and adds `distance` to results; alone, lists the nearest places. */
  near?: Point;
  box?: Box;
  types?: readonly PlaceType[];
}

export interface SnapshotInfo {
  schemaVersion: number;
  builderVersion: string;
  builtAt: string;
  feeds: { kind: string; name: string; sha256: string; bytes: number }[];
  bbox: Box;
  /** First and last dates of the service calendars (YYYY-MM-DD), null without a timetable. */
  serviceDays: { first: string; last: string } | null;
  counts: Record<string, number>;
}

/** Kind of service, from the GTFS route_type (basic and extended codes). */
export type TransitMode = 'bus' | 'coach' | 'tram' | 'rail' | 'ferry' | 'other';

/** Which calls a board lists: departures (not where the trip ends) or arrivals (not where it starts). */
export type BoardType = 'departures' | 'arrivals';

/** A stop or station board: calls at or after `from` and before `to` (epoch ms), earliest first. */
export interface BoardQuery {
  from: number;
  to: number;
  /** At most this many calls (1 to 10 000). */
  limit: number;
  type: BoardType;
}

/** What identifies and describes a journey on boards and in service detail. */
export interface TripSummary {
  tripIdx: number;
  /** Feed trip_id. */
  tripId: string;
  /** Bus and tram: route short name (else long name, else route_id). Rail: the operator code (agency_id). */
  line: string;
  /** Bus and tram: route long name (else `line`). Rail: route long name, else the operator name. */
  lineName: string;
  /** Agency name. */
  operator: string;
  /** Agency NOC, else agency_id. */
  operatorCode: string;
  /** Trip headsign, else the name of the last stop (its station's name for rail). */
  destination: string;
  /** Name of the first stop (its station's name for rail). */
  origin: string;
  /** GTFS direction_id, null when the feed gives none. */
  direction: 0 | 1 | null;
  mode: TransitMode;
}

/** One call on a board. `time` is the aimed departure (departures) or arrival (arrivals). */
export interface BoardCall extends TripSummary {
  /** Service day the trip runs on (day number) and its date, YYYY-MM-DD. */
  serviceDay: number;
  serviceDate: string;
  /** `YYYY-MM-DD:trip_id`: the trip on its service date (see datedTripRef). */
  datedRef: string;
  /** The stop called at (a platform on station boards). */
  stopIdx: number;
  /** Platform or stand (the stop's indicator), null when unknown. */
  platform: string | null;
  /** Position of the call in the trip, from 1. */
  sequence: number;
  /** Seconds from the service day's reference (GTFS time; may exceed 86 400). */
  seconds: number;
  /** Epoch ms of the call. */
  time: number;
}

/** One call of a trip on a service date. */
export interface TripCall {
  /** Position in the trip, from 1. */
  sequence: number;
  stopIdx: number;
  atcocode: string;
  /** CRS code of the station the stop belongs to, null when none. */
  crsCode: string | null;
  /** Stop name (the station's name for rail stops with a station). */
  name: string;
  platform: string | null;
  latitude: number;
  longitude: number;
  /** GTFS seconds from the service day's reference. */
  arrivalSeconds: number;
  departureSeconds: number;
  /** Epoch ms. */
  arrival: number;
  departure: number;
}

/** A trip as it runs on one service date, with every call. */
export interface TripDetail extends TripSummary {
  serviceDay: number;
  serviceDate: string;
  datedRef: string;
  calls: TripCall[];
}

/** A trip_id or dated reference resolved: the trip and, for a dated reference, its service day. */
export interface TripRef {
  tripIdx: number;
  /** Day number from a dated reference, null for a plain trip_id. */
  serviceDay: number | null;
}

/** An API route: a bus line (one line number of one operator) or a train operating company. */
export type RouteKind = 'bus' | 'rail';

/** Route search: at least one of `text`, `operator`, `stopIdx`, `stationIdx`; every one given must match. */
export interface RouteQuery extends Paging {
  kind: RouteKind;
  /** Bus: line number (exact, then prefix, then substring) or line name; rail: TOC code or operator name. Case ignored. */
  text?: string;
  /** Operator name or code, case-insensitive substring. */
  operator?: string;
  /** Only routes calling at this stop (dense index). */
  stopIdx?: number;
  /** Only routes calling at this rail station (dense index). */
  stationIdx?: number;
}

/** Origin and destination of a direction's longest journey. */
export interface RouteEnds {
  /** GTFS direction_id; null for journeys without one. */
  direction: 0 | 1 | null;
  origin: string;
  destination: string;
}

/** Path geometry of a shape: encoded polyline (precision 5), point count, length in metres. */
export interface RouteShape {
  polyline: string;
  pointCount: number;
  lengthMetres: number;
}

export interface RouteDirection extends RouteEnds {
  /** Calls of the direction's longest journey. */
  stopCount: number;
  /** Commonest shape of the trips of that longest journey's stop pattern; null when they have none. */
  shape: RouteShape | null;
}

/** A route as listed by a search. */
export interface RouteSummary {
  id: string;
  kind: RouteKind;
  /** Line number (bus) or TOC code (rail). */
  line: string;
  lineName: string;
  operator: string;
  operatorCode: string;
  /** Mode of most of the route's journeys. */
  mode: TransitMode;
  /** Bus: one entry per direction present (0, 1, then none); rail: empty. */
  directions: RouteEnds[];
  /** Journeys of the route in the whole timetable (every date). */
  journeyCount: number;
}

/** A stop a route calls at; rail platforms carry their station's name and CRS code. */
export interface RouteStop {
  atcocode: string;
  name: string;
  latitude: number;
  longitude: number;
  crsCode: string | null;
}

/** One journey of a route's timetable on a service date. */
export interface RouteJourney {
  tripId: string;
  direction: 0 | 1 | null;
  /** Epoch ms of the departure from the first stop and the arrival at the last. */
  departure: number;
  arrival: number;
  origin: RouteStop;
  destination: RouteStop;
  stopCount: number;
}

/** Route detail query: the service date's journeys, optionally one direction, paged. */
export interface RouteDetailQuery extends Paging {
  /** Service date (day number). */
  day: number;
  direction?: 0 | 1;
}

export interface RouteDetail extends Omit<RouteSummary, 'directions'> {
  /** YYYY-MM-DD of the service date asked for. */
  date: string;
  directions: RouteDirection[];
  /** Calls of the longest single journey (of `direction` when given). */
  representativeStops: RouteStop[];
  /** The date's journeys (of `direction` when given) in departure order; `total` counts them all. */
  timetable: Page<RouteJourney>;
}
