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
