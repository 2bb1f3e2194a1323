import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { QueryDays } from './query-days.js';
import { canAlight, canBoard } from './stop-flags.js';
import { UNREACHED, type StopAccess } from './planner-api.js';
import { earliestTrip, latestTrip, NO_CUT, NO_TRIP, foundDay, foundRank } from './trip-search.js';

/** Footpaths into each stop, CSR (`TargetBounds.walkIn*`): stop -> [first, end) into the stops walked from and their seconds. */
export interface FootpathsIn {
  readonly walkInOffsets: Uint32Array;
  readonly walkInStops: Uint32Array;
  readonly walkInSeconds: Uint16Array;
}

/** `latest` of a stop from which nothing reaches the target. */
export const NO_REACH = -UNREACHED;

/**
 * How late a range search may be at each stop and still beat a target: `latest[s]` (search order:
 * Seconds, negated in reverse) is an upper bound on the latest moment at s from which some journey
 * reaches the target before `x`. A RAPTOR label later than it at s cannot lead to a journey that
 * beats a target of x or less, so the range search drops it, as it drops those the target bounds
 * rule out (`RaptorSearch.setReach`). One search against the range search's direction, from the
 * target at x - 1 back to the window's first departure (`floor`), on one label row: any number of
 * trips, no change slack, footpaths into a stop walked after every ride, so each value is at least
 * the true one (the pruning it gives is exact, only weaker). Forward range searches get the latest
 * departures towards the destination; reverse ones, in their negated order, the earliest arrivals
 * from the origin. A search costs what it reaches within [floor, x): the stops and patterns it
 * touches are cleared, not the whole arrays.
 */
export class TargetReach {
  /** Stop -> latest search-order time there that may still beat the target; NO_REACH where none (and at every stop not listed in `touched`). */
  readonly latest: Int32Array;
  /** Stop -> latest search-order time there from which a ride boarded there may still beat the target (the part of `latest` a footpath into the stop leads to). */
  private readonly boardLatest: Int32Array;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly isTouched: Uint8Array;
  /** Stops improved in the last pass (this pass boards from them), and those improved in this one (the next pass's). */
  private marked: Int32Array;
  private markedCount = 0;
  private next: Int32Array;
  private nextCount = 0;
  private readonly isNext: Uint8Array;
  /** Stop -> the pass that boards from it (`stamp`). */
  private readonly boardStamp: Int32Array;
  /** Stops a ride improved in this pass: the footpaths into them are walked back (not after a footpath: the range search chains none). */
  private readonly rode: Int32Array;
  private rodeCount = 0;
  /** Stop -> the pass whose ride improved it. */
  private readonly rodeStamp: Int32Array;
  private stamp = 0;
  /** Pattern -> position to start its scan from this pass (-1: not queued), and the marked position farthest from it (past it, a scan with no trip stops). */
  private readonly patternStart: Int32Array;
  private readonly patternEnd: Int32Array;
  private readonly queue: Int32Array;
  private queueCount = 0;
  /** Patterns the last search scanned (its work). */
  scanCount = 0;
  /** Lower bounds from the range search's origin (`TargetBounds` the other way), read min(fromOrigin[s], horizon): no label at s is below floor plus that. */
  private fromOrigin: Int32Array = new Int32Array(0);
  private horizon = UNREACHED;

  constructor(
    private readonly tt: TimetableTables,
    private readonly walks: FootpathsIn,
    private readonly days: QueryDays,
    /** Pattern -> ModeBit. */
    private readonly patternMode: Uint8Array,
  ) {
    const S = tt.stopPatternOffsets.length - 1;
    this.latest = new Int32Array(S).fill(NO_REACH);
    this.boardLatest = new Int32Array(S).fill(NO_REACH);
    this.touched = new Int32Array(S);
    this.isTouched = new Uint8Array(S);
    this.marked = new Int32Array(S);
    this.next = new Int32Array(S);
    this.isNext = new Uint8Array(S);
    this.rode = new Int32Array(S);
    this.boardStamp = new Int32Array(S);
    this.rodeStamp = new Int32Array(S);
    this.patternStart = new Int32Array(tt.patternCount).fill(-1);
    this.patternEnd = new Int32Array(tt.patternCount);
    this.queue = new Int32Array(tt.patternCount);
  }

  /**
   * Computes `latest` for a range search in direction `reverse` whose target is reached through
   * `target` (its egress walks: forward the destination's, reverse the origin's) before `x`, and whose
   * labels are never below `floor` (the window's first departure, search order). Query days as set.
   */
  compute(reverse: boolean, target: readonly StopAccess[], x: number, floor: number, modeMask: number, fromOrigin: Int32Array, horizon: number): void {
    this.fromOrigin = fromOrigin;
    this.horizon = horizon;
    for (let i = 0; i < this.touchedCount; i++) {
      const s = this.touched[i];
      this.latest[s] = NO_REACH;
      this.boardLatest[s] = NO_REACH;
      this.isTouched[s] = 0;
    }
    this.touchedCount = 0;
    this.nextCount = 0;
    this.scanCount = 0;
    // The target through an egress stop: reached by a ride there (forward) at x - 1 - walk at the latest.
    for (const a of target) this.offer(a.stop, x - 1 - a.seconds, floor);
    while (this.nextCount > 0) {
      [this.marked, this.next] = [this.next, this.marked];
      this.markedCount = this.nextCount;
      this.nextCount = 0;
      if (++this.stamp === 0x7fffffff) {
        this.boardStamp.fill(0);
        this.rodeStamp.fill(0);
        this.stamp = 1;
      }
      for (let i = 0; i < this.markedCount; i++) {
        const s = this.marked[i];
        this.isNext[s] = 0;
        this.boardStamp[s] = this.stamp;
      }
      this.rodeCount = 0;
      this.queuePatterns(reverse, modeMask);
      this.scanCount += this.queueCount;
      for (let i = 0; i < this.queueCount; i++) {
        const p = this.queue[i];
        if (reverse) this.scanForwardInTime(p, this.patternStart[p], this.patternEnd[p], floor);
        else this.scanBackInTime(p, this.patternStart[p], this.patternEnd[p], floor);
        this.patternStart[p] = -1;
      }
      this.queueCount = 0;
      this.walkBack(floor);
    }
  }

  /** Seconds at least from the range search's origin to s. */
  private originBound(s: number): number {
    const b = this.fromOrigin[s];
    return b < this.horizon ? b : this.horizon;
  }

  /** A ride boarded at s at t (search order) may beat the target: raises boardLatest[s] (listing s for the footpaths into it) and latest[s]. */
  private offerRide(s: number, t: number, floor: number): void {
    if (t <= this.boardLatest[s]) return;
    this.boardLatest[s] = t;
    this.offer(s, t, floor);
    if (this.rodeStamp[s] === this.stamp) return;
    this.rodeStamp[s] = this.stamp;
    this.rode[this.rodeCount++] = s;
  }

  /** Footpaths into each stop a ride improved: the stop walked from may be left that much earlier. */
  private walkBack(floor: number): void {
    const { walkInOffsets, walkInStops, walkInSeconds } = this.walks;
    for (let i = 0; i < this.rodeCount; i++) {
      const s = this.rode[i];
      const t = this.boardLatest[s];
      for (let e = walkInOffsets[s]; e < walkInOffsets[s + 1]; e++) {
        const from = walkInStops[e];
        this.offer(from, t - walkInSeconds[e], floor);
      }
    }
  }

  /** Raises latest[s] to t (when t is at least `floor`) and marks s for the next pass; true when it did. */
  private offer(s: number, t: number, floor: number): boolean {
    if (t <= this.latest[s] || t < floor + this.originBound(s)) return false;
    this.latest[s] = t;
    if (this.isTouched[s] === 0) {
      this.isTouched[s] = 1;
      this.touched[this.touchedCount++] = s;
    }
    if (this.isNext[s] === 0) {
      this.isNext[s] = 1;
      this.next[this.nextCount++] = s;
    }
    return true;
  }

  /**
   * Queues each pattern through a marked stop where the range search may leave the trip (its
   * alighting in travel order forward, its boarding reverse), from the marked position farthest
   * along the range search's direction.
   */
  private queuePatterns(reverse: boolean, modeMask: number): void {
    const { stopPatternOffsets, stopPatterns, stopPatternPos, patternStopOffsets, patternStopFlags } = this.tt;
    const pdays = this.days.patternDays;
    const start = this.patternStart;
    for (let i = 0; i < this.markedCount; i++) {
      const s = this.marked[i];
      for (let e = stopPatternOffsets[s]; e < stopPatternOffsets[s + 1]; e++) {
        const p = stopPatterns[e];
        if (pdays[p] === 0 || (this.patternMode[p] & modeMask) === 0) continue;
        const pos = stopPatternPos[e];
        const flags = patternStopFlags[patternStopOffsets[p] + pos];
        if (reverse ? !canBoard(flags) : !canAlight(flags)) continue;
        const cur = start[p];
        if (cur < 0) {
          start[p] = pos;
          this.patternEnd[p] = pos;
          this.queue[this.queueCount++] = p;
        } else if (reverse ? pos < cur : pos > cur) start[p] = pos;
        else if (reverse ? pos > this.patternEnd[p] : pos < this.patternEnd[p]) this.patternEnd[p] = pos;
      }
    }
  }

  /**
   * Forward range search: from `pos0` down the pattern, ride the latest trip arriving at a marked
   * stop by its latest (any service day), and raise each earlier boarding stop to the trip's departure.
   */
  private scanBackInTime(p: number, pos0: number, lastMarked: number, floor: number): void {
    const tt = this.tt;
    const first = tt.patternStopOffsets[p];
    const tripFirst = tt.patternTripOffsets[p];
    const tc = tt.patternTripOffsets[p + 1] - tripFirst;
    const { times, tripBase, timeRows, patternStops, patternStopFlags } = tt;
    const { shift, patternDays } = this.days;
    // rideShift: the ridden trip's day shift plus its base (a time along it is one read plus it).
    let rank = -1, day = 0, rideShift = 0;
    for (let pos = pos0; pos >= 0; pos--) {
      if (rank < 0 && pos < lastMarked) break;
      const s = patternStops[first + pos];
      const flags = patternStopFlags[first + pos];
      if (rank >= 0 && canBoard(flags)) {
        const t = times[timeRows[first + pos + 1] - tc + rank] + rideShift;
        // t minus the bound from the origin never rises down the trip (the bounds are consistent): once too early, every earlier stop is too.
        if (t < floor + this.originBound(s)) rank = -1;
        else this.offerRide(s, t, floor);
      }
      if (this.boardStamp[s] === this.stamp && canAlight(flags)) {
        const col = timeRows[first + pos]; // arrival row
        const found = latestTrip(tt, this.days, patternDays[p], col, tripFirst, tc, this.latest[s], rank >= 0 ? times[col + rank] + rideShift : NO_REACH, rank, rank >= 0 ? day : NO_CUT);
        if (found !== NO_TRIP) {
          rank = foundRank(found);
          day = foundDay(found);
          rideShift = shift[day] + tripBase[tripFirst + rank];
        }
      }
    }
  }

  /** Reverse range search (negated times): from `pos0` up the pattern, ride the earliest trip leaving a marked stop after its earliest, and raise each later alighting stop to minus the trip's arrival. */
  private scanForwardInTime(p: number, pos0: number, lastMarked: number, floor: number): void {
    const tt = this.tt;
    const first = tt.patternStopOffsets[p];
    const n = tt.patternStopOffsets[p + 1] - first;
    const tripFirst = tt.patternTripOffsets[p];
    const tc = tt.patternTripOffsets[p + 1] - tripFirst;
    const { times, tripBase, timeRows, patternStops, patternStopFlags } = tt;
    const { shift, patternDays } = this.days;
    // rideShift: the ridden trip's day shift plus its base (a time along it is one read plus it).
    let rank = -1, day = 0, rideShift = 0;
    for (let pos = pos0; pos < n; pos++) {
      if (rank < 0 && pos > lastMarked) break;
      const s = patternStops[first + pos];
      const flags = patternStopFlags[first + pos];
      if (rank >= 0 && canAlight(flags)) {
        const t = -(times[timeRows[first + pos] + rank] + rideShift);
        if (t < floor + this.originBound(s)) rank = -1; // as backwards
        else this.offerRide(s, t, floor);
      }
      if (this.boardStamp[s] === this.stamp && canBoard(flags)) {
        const col = timeRows[first + pos + 1] - tc; // departure row
        const found = earliestTrip(tt, this.days, patternDays[p], col, tripFirst, tc, -this.latest[s], rank >= 0 ? times[col + rank] + rideShift : UNREACHED, rank, rank >= 0 ? day : NO_CUT);
        if (found !== NO_TRIP) {
          rank = foundRank(found);
          day = foundDay(found);
          rideShift = shift[day] + tripBase[tripFirst + rank];
        }
      }
    }
  }
}
