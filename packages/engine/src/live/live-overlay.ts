import type { VehicleRecord } from './vehicle-record.js';

/**
 * How a vehicle was matched to its journey: by journey code (SIRI DatedVehicleJourneyRef or
 * ticket-machine code, GTFS-RT trip_id, against the trip's vehicle_journey_code / trip_id), by
 * operator + line + origin aimed departure time, or by nearest scheduled position on its line.
 */
export type MatchMethod = 'journey_code' | 'origin_time' | 'position';

/** Why a vehicle record matched no journey. */
export type UnmatchedReason =
  /** RecordedAtTime older than maxVehicleAgeS (or more than 5 minutes in the future). */
  | 'stale'
  /** No journey code hit and no known operator + line (or GTFS-RT route) to search. */
  | 'unknown_line'
  /** The line is known but none of its journeys runs then (or matches the origin time). */
  | 'no_running_trip'
  /** A journey was found but the position is farther than the limit from its route. */
  | 'off_route'
  /** Another vehicle with a newer fix was matched to the same journey. */
  | 'duplicate';

/** One journey (trip on a service day) worked by a live vehicle. */
export interface LiveTrip {
  tripIdx: number;
  /** Service day (day number). */
  serviceDay: number;
  /** Delay at the vehicle's position, seconds (negative = early), propagated to later stops. */
  delayS: number;
  /** 1-based sequence of the stop the vehicle is at, or else the next stop it will reach. */
  stopSequence: number;
  /** True when the vehicle is at that stop. */
  atStop: boolean;
  /** Distance along the trip's route and off it, metres. */
  progressM: number;
  offRouteM: number;
  method: MatchMethod;
  /** Age of the fix when matched: overlay time minus RecordedAtTime, seconds (>= 0). */
  fixAgeS: number;
  vehicle: VehicleRecord;
}

/** Counts of one matching run. */
export interface LiveMatchStats {
  /** Records given. */
  records: number;
  matched: Record<MatchMethod, number>;
  unmatched: Record<UnmatchedReason, number>;
}

/** Matching parameters. */
export interface MatchOptions {
  /** Records older than this at `nowMs` are dropped, seconds. Default 600. */
  maxVehicleAgeS?: number;
  /** Farthest a code- or time-matched vehicle may be from its route, metres. Default 1000. */
  maxOffRouteM?: number;
  /** Farthest a position-matched vehicle may be from its route, metres. Default 300. */
  maxPositionOffRouteM?: number;
  /** Largest |delay| accepted by position matching, seconds. Default 1800. */
  maxPositionDelayS?: number;
}

/**
 * Per stop, the earliest aimed and latest expected time of the late matched journeys still to
 * call there, in seconds from the overlay's builtAtMs: an open-addressed table by stop (linear
 * probing from `lateSlotOf`), at most half full, so a poll pays no Map per call and a board one
 * probe. Filled by late-calls.ts; sized by the late journeys' calls, never by the stop count.
 */
export interface LateCalls {
  /** Slot -> stop + 1, or 0 for an empty slot. Length a power of two. */
  readonly stops: Int32Array;
  /** Slot -> earliest aimed time of a late call at its stop, seconds from builtAtMs. */
  readonly minAimed: Int32Array;
  /** Slot -> latest expected time (aimed + delay) of a late call there, seconds from builtAtMs. */
  readonly maxExpected: Int32Array;
}

/** First slot to probe for `stop` in a table of `size` slots, a power of two (at least 2): the top bits of a Fibonacci hash (stop numbers of one area are close together). */
function lateSlotOf(stop: number, size: number): number {
  return Math.imul(stop, 0x9e3779b1) >>> (Math.clz32(size) + 1);
}

/** The slot holding `stop` in a LateCalls' `stops`, else the empty slot where it would go (the table is never full). */
export function probeLateSlot(stops: Int32Array, stop: number): number {
  const mask = stops.length - 1;
  let i = lateSlotOf(stop, stops.length);
  while (stops[i] !== 0 && stops[i] !== stop + 1) i = (i + 1) & mask;
  return i;
}

/** The slot of `stop` in `late`, or -1 when no late journey calls there. */
function lateSlot(late: LateCalls, stop: number): number {
  const i = probeLateSlot(late.stops, stop);
  return late.stops[i] === 0 ? -1 : i;
}

/** Key of a (trip, service day) in the overlay's and the matcher's maps. */
export const tripDayKey = (tripIdx: number, day: number) => tripIdx * 65_536 + (day & 0xffff);
const key = tripDayKey;

/**
 * The live state of every matched journey at one instant: immutable once built, so a server
 * swaps the whole overlay per poll and a query never sees half an update. Holds one entry per
 * matched vehicle (bounded by the feed's size).
 */
export class LiveOverlay {
  /** An overlay with no vehicles. */
  static readonly EMPTY = new LiveOverlay(new Map(), NaN, { records: 0, matched: { journey_code: 0, origin_time: 0, position: 0 }, unmatched: { stale: 0, unknown_line: 0, no_running_trip: 0, off_route: 0, duplicate: 0 } });

  constructor(
    private readonly trips: ReadonlyMap<number, LiveTrip>,
    /** The `nowMs` the overlay was built for, epoch ms. */
    readonly builtAtMs: number,
    readonly stats: LiveMatchStats,
    /** Per stop, the late matched journeys still to call there: earliest aimed and latest expected time of those calls (epoch ms), or null when none is late. */
    private readonly late: LateCalls | null = null,
  ) {
    Object.freeze(this);
  }

  /** Builds an overlay from matched journeys (internal: the matcher calls it). */
  static of(entries: Iterable<LiveTrip>, builtAtMs: number, stats: LiveMatchStats, late: LateCalls | null = null): LiveOverlay {
    const m = new Map<number, LiveTrip>();
    for (const e of entries) m.set(key(e.tripIdx, e.serviceDay), Object.freeze(e));
    return new LiveOverlay(m, builtAtMs, stats, late);
  }

  /**
   * Where a live board from `fromMs` at a stop must look back to for late journeys: the earliest
   * aimed time of a late call there when some late call is aimed before `fromMs` and expected at
   * or after it; NaN when none is (no look-back needed).
   */
  lookbackFrom(stopIdx: number, fromMs: number): number {
    const l = this.late;
    const k = l === null ? -1 : lateSlot(l, stopIdx);
    if (k < 0) return NaN;
    const aimed = this.builtAtMs + l!.minAimed[k] * 1000;
    const expected = this.builtAtMs + l!.maxExpected[k] * 1000;
    return aimed < fromMs && expected >= fromMs ? aimed : NaN;
  }

  /** Matched journeys. */
  get size(): number {
    return this.trips.size;
  }

  /** The live state of a trip on a service day, or undefined when no vehicle works it. */
  get(tripIdx: number, serviceDay: number): LiveTrip | undefined {
    return this.trips.get(key(tripIdx, serviceDay));
  }

  /** Every matched journey. */
  values(): IterableIterator<LiveTrip> {
    return this.trips.values();
  }

  /**
   * Expected time (epoch ms) of the call at `sequence` scheduled at `aimedMs`: the aimed time
   * plus the delay, never earlier than the timetable at the first stop. Null when the vehicle
   * has already passed that stop.
   */
  static expected(live: LiveTrip, sequence: number, aimedMs: number): number | null {
    if (sequence < live.stopSequence) return null;
    const delayMs = live.delayS * 1000;
    return sequence === 1 && delayMs < 0 ? aimedMs : aimedMs + delayMs;
  }
}
