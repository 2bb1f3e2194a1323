import type { DayNumber, Seconds } from '../time.js';
import type { TransitMode } from '../api.js';
import { WALK_SPEED_MPS, type LatLon, type StreetMode, type StreetStep } from '../streets/street-api.js';

// The street types are the streets/ folder's (it never imports the planner); part of the planner's public types too.
export { WALK_SPEED_MPS, type LatLon, type StreetMode, type StreetStep };

/** Sentinel arrival for a stop not reached (headroom for additions; never Infinity in typed arrays). */
export const UNREACHED = 2_000_000_000;

/** Street distance over straight-line distance when no street graph is built in (documented in the response). */
export const DETOUR_FACTOR = 1.3;
/** Footpath transfers join stops at most this far apart (straight line), metres. */
export const TRANSFER_RADIUS_M = 400;

/** Seconds to walk `metres` (rounded up). */
export function walkSeconds(metres: number): Seconds {
  return Math.ceil(metres / WALK_SPEED_MPS);
}

/** A stop the search starts from (or ends at), with the seconds needed to walk between it and the origin (destination). */
export interface StopAccess {
  stop: number;
  seconds: Seconds;
  /** Walking metres (for the walk criteria); 0 when the stop is the origin itself. */
  metres: number;
}

/** One earliest-arrival search (single departure time), the primitive the oracle checks. */
export interface EarliestArrivalQuery {
  origins: readonly StopAccess[];
  /** Service day whose reference instant the Seconds below count from. Trips of the day before and after are used too. */
  day: DayNumber;
  /** Departure from the origin, Seconds from `day`'s reference. */
  departS: Seconds;
  /** Most transfers (rounds - 1). Default 8. */
  maxTransfers?: number;
  /** Extra seconds between alighting and boarding another trip (not before the first boarding). Default 0. */
  transferSlackS?: number;
  /** ModeBit mask of the patterns that may be used. Default all. */
  modeMask?: number;
}

/** A journey-planning request in engine terms (the server maps the HTTP parameters onto it). */
export interface PlanQuery {
  from: LatLon;
  to: LatLon;
  /** Epoch ms: departure, or the latest arrival when `arriveBy`. */
  time: number;
  arriveBy: boolean;
  /** ModeBit mask; bus and coach are always included by the server. */
  modeMask: number;
  /** Itineraries wanted (1-20). */
  limit: number;
  /** Longest single walking leg, metres; null for the default access radius. */
  maxWalkM: number | null;
  /** Longest total walk over the itinerary, metres; null for none. */
  maxTotalWalkM: number | null;
  intermediateStops: boolean;
  steps: boolean;
  /** Non-transit alternatives wanted. */
  alternatives: readonly StreetMode[];
  /** Minimum seconds between alighting and boarding another trip. Default 60. */
  transferSlackS?: number;
  /** A page of an earlier answer (`PlanResult.nextPage` / `previousPage`): searched instead of the window sized from `time`. */
  page?: SearchPage | null;
}

/**
 * A search window and the end of it a page keeps, epoch ms (whole seconds). Depart-at: departures
 * in [start, end); arrive-by: arrivals in (start, end]. `towards` 'next' keeps the soonest in search
 * order (depart-at the earliest departures, arrive-by the latest arrivals) when the window holds more
 * than `limit`; 'previous' the other end.
 */
export interface SearchPage {
  start: number;
  end: number;
  towards: 'next' | 'previous';
  /**
   * The page this one leads back to: the window (as it was asked for) of the page whose link led
   * here and which of this page's links (`via`) returns there, exactly to that page (the same
   * itineraries with the same limit, whatever Pareto dominance across the window edges did).
   * Absent: both links are computed from this page.
   */
  cameFrom?: { start: number; end: number; towards: 'next' | 'previous'; via: 'next' | 'previous' } | null;
}

/** A place at an end of a leg: a stop (with its index) or a coordinate. */
export interface LegPlace {
  name: string;
  stopIdx: number | null;
  lat: number;
  lon: number;
}

export interface IntermediateStop {
  stopIdx: number;
  arrival: number;
  departure: number;
}

export interface StreetLeg {
  kind: 'street';
  mode: StreetMode;
  from: LegPlace;
  to: LegPlace;
  /** Epoch ms. */
  start: number;
  end: number;
  distance: number;
  /** Interleaved lat, lon degrees. */
  geometry: Float64Array;
  steps: StreetStep[] | null;
}

export interface TransitLeg {
  kind: 'transit';
  mode: TransitMode;
  tripIdx: number;
  serviceDay: DayNumber;
  /** Positions in the trip's pattern, 0-based. */
  boardPos: number;
  alightPos: number;
  from: LegPlace;
  to: LegPlace;
  start: number;
  end: number;
  distance: number;
  geometry: Float64Array;
  intermediateStops: IntermediateStop[] | null;
}

export type Leg = StreetLeg | TransitLeg;

export interface Itinerary {
  start: number;
  end: number;
  legs: Leg[];
  transfers: number;
  /** Walking metres over every walking leg. */
  walkDistance: number;
}

export interface PlanResult {
  itineraries: Itinerary[];
  /** True when the search window held more itineraries than `limit` (later departures; earlier ones for arrive-by). */
  nextAvailable: boolean;
  /** Length of the search window, seconds (sized from the query, or the page's; 0 when no transit search ran). */
  searchWindowS: number;
  /** The window searched (after the one extension past an empty one), null when no transit search ran. */
  window: SearchPage | null;
  /** The window after this page's itineraries (depart-at: later; arrive-by: earlier); null when nothing more was found. */
  nextPage: SearchPage | null;
  /** The window before this page's itineraries (depart-at: earlier; arrive-by: later); null when the search found nothing at all. */
  previousPage: SearchPage | null;
  /** Keyed by requested street mode. */
  alternatives: Partial<Record<StreetMode, Itinerary[]>>;
  /** 'osm' when street legs follow the snapshot's street graph, else 'straight_line' (distance x DETOUR_FACTOR). */
  streetModel: 'osm' | 'straight_line';
}
