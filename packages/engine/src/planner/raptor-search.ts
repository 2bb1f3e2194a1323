import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { Transfers } from './transfers.js';
import type { QueryDays } from './query-days.js';
import { RaptorLabels } from './raptor-labels.js';
import { canAlight, canBoard } from './stop-flags.js';
import { UNREACHED } from './planner-api.js';
import { earliestTrip, latestTrip, NO_CUT, NO_TRIP, foundDay, foundRank } from './trip-search.js';


/** Options of one search (forward: earliest arrival; reverse: latest departure, times negated). */
export interface SearchSetup {
  reverse: boolean;
  /** Rounds to run: trips + 1. */
  rounds: number;
  slack: number;
  /** ModeBit mask of usable patterns. */
  modeMask: number;
  /** Walk footpaths from round-0 stops (single-stop origins); plan searches take access from the street search instead. */
  originFootpaths: boolean;
  /** Stop -> seconds from it to the target, UNREACHED when it is not an egress stop; null: no target (all stops). */
  egress: Int32Array | null;
  /** Footpath transfers longer than this (metres) are not walked. */
  maxTransferM: number;
  /** Stop -> lower bound on the seconds to the target (`TargetBounds`), for destination pruning; null: none. */
  targetBounds: Int32Array | null;
  /** The bounds' horizon, seconds: a stop reads min(targetBounds[s], horizon), so UNREACHED there means "at least the horizon away". Default UNREACHED: none. */
  targetHorizon?: number;
  /** Bounds of the stops past the horizon (targetBounds UNREACHED there): `at(s)` gives one and writes it into targetBounds. Default null: they read the horizon. */
  targetBeyond?: { at(s: number): number } | null;
}

/**
 * The RAPTOR rounds (Delling, Pajor, Werneck 2012) over the snapshot's FIFO patterns, in either
 * direction, on typed arrays with a reusable workspace: a run allocates nothing but the labels'
 * growth, when it reaches more stops than they hold (`RaptorLabels`). `run` is one
 * departure; range searches call it for each departure, latest first, keeping the labels.
 */
export class RaptorSearch {
  readonly labels: RaptorLabels;
  private readonly stopMarked: Uint8Array;
  private marked: Int32Array;
  private markedCount = 0;
  private readonly rideMarked: Int32Array;
  private rideCount = 0;
  /** Stop -> round stamp when last queued in rideMarked; `stamp` grows every round of every run, from 1 (0 at rest: only the pages of stops reached become resident). */
  private readonly rideStamp: Int32Array;
  private stamp = 0;
  /** Pattern -> first position to scan this round (last, in reverse), -1 when not queued. */
  private readonly patternStart: Int32Array;
  /** Pattern -> last marked position this round (first, in reverse): past it, a scan with no trip boards nothing. */
  private readonly patternEnd: Int32Array;
  /** Stop -> `stamp` of the round whose scan may board there (it was marked in the round before), and its label plus slack then (search order). */
  private readonly boardStamp: Int32Array;
  private readonly boardNeed: Int32Array;
  /** stopPatterns entry -> 1 when round 1 of this run queues it (`run` with entries); all 0 between runs. */
  private readonly entryNew: Uint8Array;
  private readonly queue: Int32Array;
  private queueCount = 0;
  private setup!: SearchSetup;
  /** setup.targetBounds, or zeros; read min(lb[s], horizon). */
  private lb: Int32Array;
  private horizon = UNREACHED;
  private beyond: { at(s: number): number } | null = null;
  private readonly noBounds: Int32Array;
  /** `TargetReach.latest` for targets of at most `reachX` (search order), or null: a label later than it at its stop is dropped, in the rounds whose target is at most reachX. */
  private reach: Int32Array | null = null;
  private reachX = UNREACHED;
  /** Pattern scans since the search began (its work). */
  scanCount = 0;

  constructor(
    private readonly tt: TimetableTables,
    readonly transfers: Transfers,
    private readonly days: QueryDays,
    /** Pattern -> ModeBit. */
    private readonly patternMode: Uint8Array,
  ) {
    const S = tt.stopPatternOffsets.length - 1;
    let widest = 0;
    for (let p = 0; p < tt.patternCount; p++) widest = Math.max(widest, tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p]);
    this.labels = new RaptorLabels(S, widest);
    this.stopMarked = new Uint8Array(S);
    this.marked = new Int32Array(S);
    this.rideMarked = new Int32Array(S);
    this.rideStamp = new Int32Array(S);
    this.patternStart = new Int32Array(tt.patternCount).fill(-1);
    this.patternEnd = new Int32Array(tt.patternCount);
    this.boardStamp = new Int32Array(S);
    this.boardNeed = new Int32Array(S);
    this.entryNew = new Uint8Array(tt.stopPatterns.length);
    this.queue = new Int32Array(tt.patternCount);
    this.noBounds = new Int32Array(S);
    this.lb = this.noBounds;
  }

  /** Starts a search: clears the labels. The query days must already be set. */
  begin(setup: SearchSetup): void {
    this.setup = setup;
    this.lb = setup.targetBounds ?? this.noBounds;
    this.horizon = setup.targetHorizon ?? UNREACHED;
    this.beyond = setup.targetBeyond ?? null;
    this.reach = null;
    this.reachX = UNREACHED;
    this.scanCount = 0;
    this.labels.reset(setup.rounds);
  }


  /**
   * Starts the target at `t` in every round (search order; a journey that good is known): the
   * search then keeps only what beats it, and the target stays t where nothing does.
   */
  bound(t: number): void {
    this.labels.target.fill(t, 0, this.setup.rounds);
  }

  /**
   * Prunes the rest of this search by `latest` (`TargetReach`, computed for a target of `x`):
   * in a round whose target is x or less, a label later than latest[s] at its stop is not set, no
   * trip boards there, and a ride is dropped at the first stop it could be left at (boarded at,
   * reverse) later than that. None of them could lead to a journey beating the target (latest is
   * an upper bound, the same at every stop of a ride), so the journeys are the same.
   */
  setReach(latest: Int32Array, x: number): void {
    this.reach = latest;
    this.reachX = x;
  }

  /** `reach` when round k's target is at most reachX, else null. */
  private reachIn(k: number): Int32Array | null {
    return this.reach !== null && this.labels.target[k] <= this.reachX ? this.reach : null;
  }

  /**
   * One run from `stops[i]` reached at `times[i]` (search order, negated in reverse), i < count.
   * Those stops are marked when their label is (now) that time: a range search presets its
   * other access stops and marks only those with a new departure. `entries` (stopPatterns
   * indices, the first `entryCount`), when given, are the only patterns round 1 scans at the marked
   * stops: those with the new departure; on the others the trip caught is the one an earlier run
   * caught from an earlier-or-equal label, whose arrivals are in the labels. Returns the last round that improved anything.
   */
  run(stops: Int32Array, times: Int32Array, count: number, entries: Int32Array | null = null, entryCount = 0): number {
    const L = this.labels;
    const { rounds, originFootpaths } = this.setup;
    this.nextStamp();
    for (let i = 0; i < count; i++) {
      const s = stops[i];
      const t = times[i];
      const w = L.walk[L.at(0, s)];
      if (t < w) L.setAccess(s, t);
      if (t <= w) {
        this.mark(s);
        this.markRide(s);
      }
    }
    if (originFootpaths) this.scanTransfers(0);
    this.rideCount = 0;
    this.nextStamp();
    let last = 0;
    if (entries) for (let i = 0; i < entryCount; i++) this.entryNew[entries[i]] = 1;
    for (let k = 1; k < rounds && this.markedCount > 0; k++) {
      this.queuePatterns(k, k === 1 && entries !== null);
      this.scanPatterns(k);
      this.scanTransfers(k);
      this.updateTarget(k);
      this.rideCount = 0;
      this.nextStamp();
      last = k;
    }
    this.clearMarks();
    if (entries) for (let i = 0; i < entryCount; i++) this.entryNew[entries[i]] = 0;
    return last;
  }

  /**
   * Lowers a round-0 label without marking it (range searches: an access stop whose catchable
   * trips did not change, so it boards nothing new). Call before `run`, which starts the stamps.
   */
  preset(stop: number, t: number): void {
    const L = this.labels;
    if (t < L.walk[L.at(0, stop)]) L.setAccess(stop, t);
  }

  private nextStamp(): void {
    if (++this.stamp === 0x7fffffff) {
      this.rideStamp.fill(0);
      this.boardStamp.fill(0);
      this.stamp = 1;
    }
  }

  private mark(s: number): void {
    if (this.stopMarked[s]) return;
    this.stopMarked[s] = 1;
    this.marked[this.markedCount++] = s;
  }

  private clearMarks(): void {
    for (let i = 0; i < this.markedCount; i++) this.stopMarked[this.marked[i]] = 0;
    this.markedCount = 0;
  }

  /**
   * Queues each pattern through a marked stop from its first (last, in reverse) marked position
   * to its last (first); stamps the marked stops as this round's boarding stops; clears the marks.
   * `onlyNew`: only the stopPatterns entries flagged in `entryNew`. A stop whose label plus slack
   * plus its target bound no longer beats round k's target (lowered since it was marked) is not
   * queued: the scan would refuse to board there (the same test), so it queues nothing.
   */
  private queuePatterns(k: number, onlyNew: boolean): void {
    const { stopPatternOffsets, stopPatterns, stopPatternPos } = this.tt;
    const { reverse, modeMask } = this.setup;
    const start = this.patternStart;
    const end = this.patternEnd;
    const pdays = this.days.patternDays;
    const stamp = this.stamp;
    const { walk, baseOf } = this.labels;
    const slack = k > 1 ? this.setup.slack : 0;
    const bound = this.labels.target[k];
    const reach = this.reachIn(k);
    for (let i = 0; i < this.markedCount; i++) {
      const s = this.marked[i];
      this.stopMarked[s] = 0;
      const need = walk[baseOf[s] + k - 1] + slack;
      if (need + this.boundAt(s) >= bound) continue;
      if (reach !== null && need > reach[s]) continue;
      this.boardStamp[s] = stamp;
      this.boardNeed[s] = need; // the scan's boarding test reads it there: round k writes no label of round k - 1
      for (let e = stopPatternOffsets[s]; e < stopPatternOffsets[s + 1]; e++) {
        if (onlyNew && this.entryNew[e] === 0) continue;
        const p = stopPatterns[e];
        if (pdays[p] === 0 || (this.patternMode[p] & modeMask) === 0) continue;
        const pos = stopPatternPos[e];
        const cur = start[p];
        if (cur < 0) {
          start[p] = pos;
          end[p] = pos;
          this.queue[this.queueCount++] = p;
        } else if (reverse ? pos > cur : pos < cur) start[p] = pos;
        else if (reverse ? pos < end[p] : pos > end[p]) end[p] = pos;
      }
    }
    this.markedCount = 0;
  }

  private scanPatterns(k: number): void {
    const reverse = this.setup.reverse;
    this.scanCount += this.queueCount;
    for (let i = 0; i < this.queueCount; i++) {
      const p = this.queue[i];
      if (reverse) this.scanReverse(p, this.patternStart[p], this.patternEnd[p], k);
      else this.scanForward(p, this.patternStart[p], this.patternEnd[p], k);
      this.patternStart[p] = -1;
    }
    this.queueCount = 0;
  }

  /**
   * Forward scan from `pos0`: ride the current trip, and catch an earlier one wherever the previous
   * round's label was lowered (the stop was marked) and arrives in time; with no trip, stop past `lastMarked`.
   */
  private scanForward(p: number, pos0: number, lastMarked: number, k: number): void {
    const tt = this.tt;
    const L = this.labels;
    const baseOf = L.baseOf;
    const first = tt.patternStopOffsets[p];
    const n = tt.patternStopOffsets[p + 1] - first;
    const tripFirst = tt.patternTripOffsets[p];
    const tc = tt.patternTripOffsets[p + 1] - tripFirst;
    const { times, tripBase, timeRows, patternStops, patternStopFlags } = tt;
    const bound = L.target[k];
    const reach = this.reachIn(k);
    const { boardStamp, boardNeed } = this;
    const stamp = this.stamp;
    // shift: the ridden trip's day shift plus its base, so a time along it is one read plus shift.
    let rank = -1, day = 0, shift = 0, boardPos = -1;
    for (let pos = pos0; pos < n; pos++) {
      if (rank < 0 && pos > lastMarked) break;
      const s = patternStops[first + pos];
      const flags = patternStopFlags[first + pos];
      if (rank >= 0 && canAlight(flags)) {
        const t = times[timeRows[first + pos] + rank] + shift;
        // t + lb[s] never falls along a trip (the bounds are consistent, also capped at the horizon): once it cannot beat the target, no later stop can.
        if (t + this.boundAt(s) >= bound) rank = -1;
        // Past reach[s] where the trip may be boarded: reach[s] is at least its departure when riding on can still beat the target.
        else if (reach !== null && t > reach[s]) {
          if (canBoard(flags)) rank = -1;
        } else if (t < L.rideBest[baseOf[s] + k]) {
          if (L.setRide(k, s, t, tripFirst + rank, day, boardPos, pos)) this.mark(s);
          this.markRide(s);
        }
      }
      // Board only where the previous round lowered the label: elsewhere the trips catchable were caught in an earlier round or run, and their arrivals are in the labels.
      if (boardStamp[s] === stamp && canBoard(flags)) {
        const need = boardNeed[s];
        const col = timeRows[first + pos + 1] - tc; // departure row
        const current = rank >= 0 ? times[col + rank] + shift : UNREACHED;
        // A trip caught here reaches every later stop no sooner than the bounds allow: none can beat the target.
        const found = need <= current && need + this.boundAt(s) < bound ? earliestTrip(tt, this.days, this.days.patternDays[p], col, tripFirst, tc, need, current, rank, rank >= 0 ? day : NO_CUT) : NO_TRIP;
        if (found !== NO_TRIP) {
          rank = foundRank(found);
          day = foundDay(found);
          shift = this.days.shift[day] + tripBase[tripFirst + rank];
          boardPos = pos;
          // Nor can a trip leaving too late for the target (or the later one ridden so far).
          const dep = times[col + rank] + shift;
          if (dep + this.boundAt(s) >= bound || (reach !== null && dep > reach[s])) rank = -1;
        }
      }
    }
  }

  /** Reverse scan (times negated) from `pos0` down: ride the current trip backwards, and catch a later one wherever the previous round's marked label leaves late enough. */
  private scanReverse(p: number, pos0: number, lastMarked: number, k: number): void {
    const tt = this.tt;
    const L = this.labels;
    const baseOf = L.baseOf;
    const first = tt.patternStopOffsets[p];
    const tripFirst = tt.patternTripOffsets[p];
    const tc = tt.patternTripOffsets[p + 1] - tripFirst;
    const { times, tripBase, timeRows, patternStops, patternStopFlags } = tt;
    const bound = L.target[k];
    const reach = this.reachIn(k);
    const { boardStamp, boardNeed } = this;
    const stamp = this.stamp;
    // shift: the ridden trip's day shift plus its base, so a time along it is one read plus shift.
    let rank = -1, day = 0, shift = 0, boardPos = -1;
    for (let pos = pos0; pos >= 0; pos--) {
      if (rank < 0 && pos < lastMarked) break;
      const s = patternStops[first + pos];
      const flags = patternStopFlags[first + pos];
      if (rank >= 0 && canBoard(flags)) {
        const t = -(times[timeRows[first + pos + 1] - tc + rank] + shift);
        if (t + this.boundAt(s) >= bound) rank = -1; // as forward: t + lb[s] never falls along the trip
        else if (reach !== null && t > reach[s]) {
          if (canAlight(flags)) rank = -1; // as forward
        } else if (t < L.rideBest[baseOf[s] + k]) {
          if (L.setRide(k, s, t, tripFirst + rank, day, boardPos, pos)) this.mark(s);
          this.markRide(s);
        }
      }
      if (boardStamp[s] === stamp && canAlight(flags)) {
        const latest = -boardNeed[s];
        const col = timeRows[first + pos]; // arrival row
        const current = rank >= 0 ? times[col + rank] + shift : -UNREACHED;
        const found = latest >= current && this.boundAt(s) - latest < bound ? latestTrip(tt, this.days, this.days.patternDays[p], col, tripFirst, tc, latest, current, rank, rank >= 0 ? day : NO_CUT) : NO_TRIP;
        if (found !== NO_TRIP) {
          rank = foundRank(found);
          day = foundDay(found);
          shift = this.days.shift[day] + tripBase[tripFirst + rank];
          boardPos = pos;
          const arr = -(times[col + rank] + shift);
          if (arr + this.boundAt(s) >= bound || (reach !== null && arr > reach[s])) rank = -1;
        }
      }
    }
  }

  /** Stop s's bound to the target, seconds: lb[s], else (not reached by the bounds' Dijkstra) the horizon or `beyond`'s. */
  private boundAt(s: number): number {
    const b = this.lb[s];
    return b < UNREACHED ? b : this.beyond === null ? this.horizon : this.beyond.at(s);
  }

  /** Queues a stop a trip reached this round for footpaths and the target, once per round. */
  private markRide(s: number): void {
    if (this.rideStamp[s] === this.stamp) return;
    this.rideStamp[s] = this.stamp;
    this.rideMarked[this.rideCount++] = s;
  }

  /** Footpaths from the stops a trip reached this round (not chained: a footpath never follows a footpath). */
  private scanTransfers(k: number): void {
    const L = this.labels;
    const baseOf = L.baseOf;
    const { offsets, stops, seconds, metres } = this.transfers;
    const bound = L.target[k];
    const reach = this.reachIn(k);
    const maxM = this.setup.maxTransferM;
    const count = this.rideCount;
    for (let i = 0; i < count; i++) {
      const s = this.rideMarked[i];
      const t0 = L.ride[baseOf[s] + k];
      for (let e = offsets[s]; e < offsets[s + 1]; e++) {
        if (metres[e] > maxM) break; // sorted by walking time, so by distance
        const t = t0 + seconds[e];
        if (t >= bound) break; // sorted by time: no later footpath beats the target either
        const to = stops[e];
        if (t < L.walk[baseOf[to] + k] && t + this.boundAt(to) < bound && (reach === null || t <= reach[to])) {
          L.setWalk(k, to, t, s);
          this.mark(to);
        }
      }
    }
  }

  /** Plan searches: the target through each egress stop a trip reached this round. */
  private updateTarget(k: number): void {
    const egress = this.setup.egress;
    if (!egress) return;
    const L = this.labels;
    for (let i = 0; i < this.rideCount; i++) {
      const s = this.rideMarked[i];
      if (egress[s] >= UNREACHED) continue;
      const t = L.ride[L.at(k, s)] + egress[s];
      if (t < L.target[k]) L.setTarget(k, t, s);
    }
  }
}
