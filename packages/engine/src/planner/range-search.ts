import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { QueryDays } from './query-days.js';
import { DAY_SPAN } from './query-days.js';
import type { RaptorSearch } from './raptor-search.js';
import type { SparseBounds, TargetBounds } from './target-bounds.js';
import { BeyondHorizon, LandmarkBounds } from './landmark-bounds.js';
import { traceRides, type RawRide } from './journey-trace.js';
import { canAlight, canBoard } from './stop-flags.js';
import { TargetReach } from './target-reach.js';
import { MAX_ROUNDS } from './raptor-labels.js';
import { UNREACHED, type StopAccess } from './planner-api.js';
import { earliestTrip, latestTrip, NO_CUT, NO_TRIP, foundRank } from './trip-search.js';

/** A journey found by a range search, times in query-day Seconds (travel order, not negated). */
export interface Candidate {
  rides: RawRide[];
  /** Leave the origin / reach the destination. */
  start: number;
  end: number;
  transfers: number;
}

export interface RangeQuery {
  reverse: boolean;
  /** Walks from the origin to stops, and from stops to the destination (travel order). */
  access: readonly StopAccess[];
  egress: readonly StopAccess[];
  /** Forward: departures in [from, to). Reverse: arrivals in (from, to]. Query-day Seconds. */
  from: number;
  to: number;
  rounds: number;
  slack: number;
  modeMask: number;
  maxTransferM: number;
  /**
   * How far the target bounds reach, seconds: the Dijkstra from the target stops there and a stop
   * beyond reads the horizon (a weaker bound, same journeys). Default: no horizon.
   */
  horizonS?: number;
  /**
   * The window follows an empty one searched just before (the planner's window after its
   * extension): when that window proved dear (its later runs scanned `REACH_TRIGGER.evidence`
   * times what a search back costs), the latest-departure pruning (`TargetReach`) is computed
   * right after this window's first run rather than once its own later runs prove dear: its
   * departures wait out the same gap, so its later runs are as dear (bench/RESULTS.md, "the tail,
   * seventh session"). Same journeys either way. Default false.
   */
  afterEmpty?: boolean;
}

/** What sizes a search window (`JourneyPlanner`), seconds; UNREACHED when no departure (or no journey) can reach the target. */
export interface WindowEstimate {
  /** Lower bound on the door-to-door time: the best access walk plus the stop's bound to the target. */
  minTransitS: number;
  /** From the anchor to the first departure (arrive-by: from the last arrival) at an access stop on a pattern heading towards the target. */
  firstWaitS: number;
}

/** Targets whose bounds are kept (each sparse: the stops its Dijkstra settled). */
const BOUNDS_CACHE_SIZE = 16;
/**
 * The target bounds' Dijkstra runs at least this far, seconds (2 h), then stops once the query's
 * access stops and the next stops of their patterns are settled (or at `RangeQuery.horizonS`):
 * a near origin does not pay for the whole horizon, and pruning near the target stays exact.
 */
export const BOUNDS_FLOOR_S = 7200;
/**
 * Most stops the kept bounds list together (8 bytes each: 8 MiB). On a national snapshot a target
 * whose Dijkstra ran to exhaustion lists the whole connected country (595k stops at 200 tiles), so
 * 16 entries held 47 MiB per worker; regional entries (a few thousand stops) never reach this.
 */
const BOUNDS_CACHE_STOPS = 1 << 20;

/**
 * When a window's runs compute `TargetReach` (latest-departure pruning): once its later runs have
 * scanned `evidence` times the patterns of its first run or of the engine's last such search,
 * whichever is more (what one costs), and, projected over the departures left, would scan
 * `projected` times that; again whenever the best target has dropped since and the runs after it
 * prove as dear. Most windows never pay for it (their later runs are cheap); the few whose later
 * runs hold most of the work do (bench/RESULTS.md, "the Vilnius tail"). 0, 0: after every run
 * that lowers the target (tests).
 */
export interface ReachTrigger {
  evidence: number;
  projected: number;
}
export const REACH_TRIGGER: ReachTrigger = { evidence: 2, projected: 8 };

/** Departure sort keys: (tau + KEY_OFFSET) * KEY_SCALE + the departure's index (below 2^29; the key stays below 2^53). */
const KEY_SCALE = 1 << 29;
const KEY_OFFSET = 1 << 22;

/**
 * Range RAPTOR (rRAPTOR): one run per distinct departure from the access stops in the window,
 * latest first, keeping the labels, so each run only does the work its earlier departure
 * changes. Whenever a run improves the target with k trips below what fewer trips reach, that
 * journey is traced. Arrive-by searches run the same in reverse on negated times.
 */
export class RangeSearch {
  private keys = new Float64Array(1024);
  /** Departure index -> its access index and its stopPatterns entry (the pattern boarded there). */
  private depAccess = new Int32Array(1024);
  private depEntry = new Int32Array(1024);
  /** The stopPatterns entries of the run's new departures (`RaptorSearch.run`). */
  private readonly runEntries = new Int32Array(1024);
  private readonly egressSeconds: Int32Array;
  private readonly runStops: Int32Array;
  private readonly runTimes: Int32Array;
  private readonly before = new Int32Array(32);
  /** Target (stops, seconds, direction) -> its bounds, least recently used first. */
  private readonly boundsCache = new Map<string, SparseBounds>();
  /** Stops listed by the entries of boundsCache together (at most boundsCacheBudget, but for a lone larger entry). */
  private boundsCacheStops = 0;
  /** Stop -> bound of `installed` (UNREACHED elsewhere): what the search reads; switching targets rewrites only their stops. */
  private readonly lb: Int32Array;
  private installed: SparseBounds | null = null;
  /** The horizon of the bounds `boundsFor` returned last (UNREACHED: none). */
  private lbHorizon = UNREACHED;
  /**
   * How late each stop may be reached and still beat the target, computed when a window's runs
   * prove dear (`REACH_TRIGGER`). Made on first use (34 B a stop and 12 a pattern: ~33 MB at
   * 200 tiles, which a worker whose plans never prove dear does not hold); see `reachTable`.
   */
  private reach: TargetReach | null = null;
  /** Pattern scans of the last `TargetReach` search (what the next one may cost). */
  private reachCost = 0;
  /** Pattern scans of the last window's first run and of its later runs (`RangeQuery.afterEmpty` reads them). */
  private lastFirstScans = 0;
  private lastLaterScans = 0;
  /** The bound from an origin last computed into the bounds' dense array (`TargetBounds.compute`): its stops, seconds, direction and horizon, and the compute count it was made at (valid while no other compute ran, whoever called it). */
  private originKey = '';
  private originCompute = -1;
  /** Bounds past the horizon from the landmarks (built on first use, or by `prepare`); null without bounds. */
  private beyondCache: BeyondHorizon | null | undefined;

  constructor(
    private readonly tt: TimetableTables,
    private readonly raptor: RaptorSearch,
    private readonly days: QueryDays,
    private readonly patternMode: Uint8Array,
    /** Destination pruning (null: none, as the tests compare). */
    private readonly bounds: TargetBounds | null,
    /** How far the bounds' Dijkstra runs at least before it may stop at the query's stops, seconds. */
    private readonly floorS = BOUNDS_FLOOR_S,
    /** Most stops the kept bounds list together (tests set it small to see entries go). */
    private readonly boundsCacheBudget = BOUNDS_CACHE_STOPS,
    /** When latest-departure pruning is computed (tests set it to 0, 0 to have it everywhere). */
    private readonly reachTrigger = REACH_TRIGGER,
  ) {
    const S = tt.stopPatternOffsets.length - 1;
    this.egressSeconds = new Int32Array(S).fill(UNREACHED);
    this.runStops = new Int32Array(S);
    this.runTimes = new Int32Array(S);
    this.lb = new Int32Array(bounds ? S : 0).fill(UNREACHED);
  }

  /** The pruning's workspace, made the first time a window proves dear (only with bounds). */
  private reachTable(): TargetReach {
    return (this.reach ??= new TargetReach(this.tt, this.bounds!, this.days, this.patternMode));
  }

  /** Builds the landmark tables now rather than in the first search (`Engine.prepareJourneys`). */
  prepare(): void {
    void this.beyond;
  }

  private get beyond(): BeyondHorizon | null {
    if (this.beyondCache === undefined) {
      const S = this.tt.stopPatternOffsets.length - 1;
      this.beyondCache = this.bounds?.usable ? new BeyondHorizon(new LandmarkBounds(this.tt, this.bounds), S) : null;
    }
    return this.beyondCache;
  }

  search(q: RangeQuery): Candidate[] {
    return this.towardTarget(q, (searchAccess) => this.runAll(q, searchAccess, this.collectDepartures(q, searchAccess)));
  }

  /**
   * The window estimate from `tau0` (search order: departure, or the negated arrival in reverse):
   * the bounds (computed once per target, reused by the search that follows) and one binary search
   * per access pattern and service day. No RAPTOR run. With `q.horizonS`, exact as without it when
   * the origin lies within the horizon (every access stop, and the next stop of each pattern
   * there, reached by the Dijkstra); past it, an access stop's bound is max(horizon, landmark
   * bound), and a stop the Dijkstra did not reach counts as reaching the target when it lies in
   * the target's component: a lower bound and an earlier first departure, so a window no wider
   * than the exact one, at the cost of one Dijkstra to the horizon however far the origin.
   */
  estimate(q: RangeQuery, tau0: number): WindowEstimate {
    const access = q.reverse ? q.egress : q.access;
    const target = q.reverse ? q.access : q.egress;
    const bound = this.boundsFor(target, q.reverse, q.horizonS ?? UNREACHED, this.needOf(access, q.reverse));
    const h = this.lbHorizon;
    const beyond = this.beyond;
    // A stop of another component than the target's never reaches it, at any horizon.
    const mayReach = (s: number): boolean => this.bounds === null || this.bounds.mayReach(s, target);
    let minTransitS = UNREACHED;
    for (const { stop, seconds } of access) {
      const lb = bound ? bound[stop] : 0;
      if (lb < h) minTransitS = Math.min(minTransitS, seconds + lb);
      else if (h < UNREACHED && mayReach(stop)) minTransitS = Math.min(minTransitS, seconds + Math.max(h, beyond ? beyond.landmarks.bound(stop) : 0));
    }
    const tt = this.tt;
    // Beyond the horizon, a stop the Dijkstra did not reach counts as reaching the target when its component does.
    const reaches = (s: number): boolean => bound === null || bound[s] < UNREACHED || (h < UNREACHED && mayReach(s));
    // Only stops that can reach the target, on patterns whose next stop still can (else heading away from it).
    const towardTarget = (ai: number, p: number, pos: number): boolean => {
      if (!reaches(access[ai].stop)) return false;
      const stopFirst = tt.patternStopOffsets[p];
      const next = q.reverse ? pos - 1 : pos + 1;
      if (next < 0 || stopFirst + next >= tt.patternStopOffsets[p + 1]) return false;
      return reaches(tt.patternStops[stopFirst + next]);
    };
    const shift = this.days.shift;
    const { times, tripBase } = tt;
    let first = UNREACHED;
    this.forEachAccessBoarding(q, access, towardTarget, (ai, _e, d, tripFirst, tc, col) => {
      const seconds = access[ai].seconds;
      // Forward: leave the origin at t - walk >= tau0. Reverse: reach the destination at t + walk <= -tau0.
      const found = q.reverse
        ? latestTrip(tt, this.days, 1 << d, col, tripFirst, tc, -tau0 - seconds, -UNREACHED, NO_CUT, NO_CUT)
        : earliestTrip(tt, this.days, 1 << d, col, tripFirst, tc, tau0 + seconds, UNREACHED, NO_CUT, NO_CUT);
      if (found === NO_TRIP) return;
      const r = foundRank(found);
      const t = tripBase[tripFirst + r] + times[col + r] + shift[d];
      first = Math.min(first, q.reverse ? -(t + seconds) : t - seconds);
    });
    return { minTransitS, firstWaitS: first >= UNREACHED ? UNREACHED : first - tau0 };
  }

  /**
   * The planner's one extension past an empty window: the earliest departure at or after `tau0`
   * (search order; arrive-by: the latest arrival at or before -tau0) of a journey no other journey
   * after tau0 dominates (leaves no earlier, arrives no later, with no more trips), within the
   * query's service days; null when no journey leaves after tau0. One run from every access stop
   * at tau0 gives A[k], the first arrival with at most k trips; each such journey that arrives
   * earlier than any with fewer trips (A[k] < A[k - 1]) is dominated by nothing with k trips or
   * fewer only when it leaves as late as A[k] allows: a run the other way from the target at A[k]
   * gives that latest departure, LD[k] (k rounds). Every undominated journey leaves at or after
   * the least LD[k] (one with j trips leaving earlier than LD[j] is dominated by that one), so the
   * answer is the least LD[k], and the window from it holds that journey. Journeys that leave
   * earlier but are dominated (one leaving later arrives no later, with no more changes: waiting
   * overnight on the first bus out) are not searched for: a window from one of them could hold
   * nothing but dominated journeys.
   */
  nextDeparture(q: RangeQuery, tau0: number): number | null {
    const rounds = q.rounds;
    const { firstArrival, firstDeparture } = this;
    this.towardTarget(q, (searchAccess) => {
      let count = 0;
      for (const a of searchAccess) this.push(a, tau0, count++);
      this.raptor.run(this.runStops, this.runTimes, count);
      const L = this.raptor.labels;
      firstArrival.set(L.target.subarray(0, rounds));
      // The journey of each round that arrives earlier than fewer trips do, traced now (the runs back overwrite the labels): LD[k] is no earlier than it leaves.
      for (let k = 1; k < rounds; k++) {
        if (L.target[k] >= L.target[k - 1]) continue;
        const stop = L.targetStop[k];
        firstDeparture[k] = stop >= 0 ? this.departureOf(traceRides(L, this.tt, this.days, k, stop, q.reverse, q.slack), searchAccess, q.reverse) : tau0;
      }
    });
    if (firstArrival[rounds - 1] >= UNREACHED) return null;
    // The rounds whose journey arrives earlier than fewer trips do, by the departure of the journey traced for each: LD[k] is no earlier than it, so once a round's traced departure is no earlier than the least LD found, that round and every later one can lower nothing.
    const improving: number[] = [];
    for (let k = 1; k < rounds; k++) if (firstArrival[k] < firstArrival[k - 1]) improving.push(k);
    if (!improving.length) return null; // reached by walking alone (round 0): no journey by a trip
    improving.sort((a, b) => firstDeparture[a] - firstDeparture[b]);
    // The runs back walk the footpath lists as stored: only where every footpath has its way back in the same seconds do they find a departure the window's search can make; else the traced departures stand (the window may then start earlier than it must, never later).
    if (!this.raptor.transfers.isSymmetric) return firstDeparture[improving[0]];
    // The other way: from the target (the search's access) back to the origin, on the same days, modes, slack and walks.
    const back: RangeQuery = { ...q, reverse: !q.reverse };
    let best = UNREACHED;
    for (const k of improving) {
      if (firstDeparture[k] >= best) break;
      const arrival = firstArrival[k];
      const latest = this.towardTarget({ ...back, rounds: k + 1 }, (targetSide) => {
        let count = 0;
        for (const a of targetSide) this.push(a, -arrival, count++);
        // Only what leaves later than the traced journey of round k can raise LD[k]: the run prunes by it from the start (no target bounds: their Dijkstra from the origin costs more than this run).
        this.raptor.bound(-firstDeparture[k]);
        this.raptor.run(this.runStops, this.runTimes, count);
        return this.raptor.labels.target[k];
      }, false);
      best = Math.min(best, -latest);
    }
    return best;
  }

  /** A journey's departure in search order (traced rides, travel order): leaving the origin (forward), or minus reaching the destination (reverse), walks included. */
  private departureOf(rides: readonly RawRide[], access: readonly StopAccess[], reverse: boolean): number {
    const tt = this.tt;
    const r = reverse ? rides[rides.length - 1] : rides[0];
    const pos = reverse ? r.alightPos : r.boardPos;
    const stop = tt.patternStops[tt.patternStopOffsets[tt.tripPattern[r.trip]] + pos];
    let seconds = UNREACHED;
    for (const a of access) if (a.stop === stop) seconds = Math.min(seconds, a.seconds);
    const shift = this.days.shift[r.day];
    return reverse ? -(tt.arrivalAt(r.trip, pos) + shift + seconds) : tt.departureAt(r.trip, pos) + shift - seconds;
  }

  /** `nextDeparture`'s first arrival per round, and the departure of the journey traced for it, search order. */
  private readonly firstArrival = new Int32Array(MAX_ROUNDS);
  private readonly firstDeparture = new Int32Array(MAX_ROUNDS);

  /**
   * The set-up `search` and `nextDeparture`'s runs share: the target's walks in `egressSeconds` and RAPTOR
   * begun towards it (bounds included unless `withBounds` is false), then `run` with the access in
   * search order; the walks are cleared again however `run` ends.
   */
  private towardTarget<T>(q: RangeQuery, run: (searchAccess: readonly StopAccess[]) => T, withBounds = true): T {
    const searchTarget = q.reverse ? q.access : q.egress;
    for (const a of searchTarget) this.egressSeconds[a.stop] = Math.min(this.egressSeconds[a.stop], a.seconds);
    try {
      const targetBounds = withBounds ? this.boundsFor(searchTarget, q.reverse, q.horizonS ?? UNREACHED, this.needOf(q.reverse ? q.egress : q.access, q.reverse)) : null;
      if (!withBounds) this.lbHorizon = UNREACHED;
      const targetBeyond = targetBounds && this.lbHorizon < UNREACHED ? this.beyond : null;
      this.raptor.begin({ reverse: q.reverse, rounds: q.rounds, slack: q.slack, modeMask: q.modeMask, originFootpaths: false, egress: this.egressSeconds, maxTransferM: q.maxTransferM, targetBounds, targetHorizon: this.lbHorizon, targetBeyond });
      return run(q.reverse ? q.egress : q.access);
    } finally {
      for (const a of searchTarget) this.egressSeconds[a.stop] = UNREACHED;
    }
  }

  /**
   * Lower bounds towards the target, from a small per-snapshot cache keyed by the target stops,
   * their seconds and the direction (the pages of one query, the walk-limit retry and repeated
   * destinations search one target); computed and cached on a miss, or when the entry's horizon is
   * nearer than `horizon` (seconds; an entry serves any horizon up to its own) and leaves a stop of
   * `need` past it (the Dijkstra stops once `need` is settled: `BOUNDS_FLOOR_S`). Cache entries are
   * sparse and installed into one stop array, so a target costs what its Dijkstra reaches, not the
   * stop count. Sets `lbHorizon`: read a bound as min(lb[s], lbHorizon), or past it through
   * `beyond` (aimed here), which completes the array as the search reads it.
   */
  private boundsFor(target: readonly StopAccess[], reverse: boolean, horizon: number, need: readonly number[]): Int32Array | null {
    this.lbHorizon = UNREACHED;
    if (!this.bounds) return null;
    if (!this.bounds.usable) return this.bounds.bound; // all 0
    let key = reverse ? 'r' : 'f';
    for (const a of target) key += `${a.stop}:${a.seconds},`;
    let entry = this.boundsCache.get(key);
    if (entry) this.boundsCache.delete(key); // most recently used last
    let lb = entry ? this.install(entry) : this.lb;
    // Settled stops read below the horizon in `lb`; every other stop at or past it.
    if (!entry || (entry.horizon < horizon && need.some((s) => lb[s] >= entry!.horizon))) {
      if (entry) this.boundsCacheStops -= entry.stops.length;
      this.bounds.compute(target, reverse, horizon, { need, floorS: this.floorS });
      entry = this.bounds.reachedBounds()!;
      this.boundsCacheStops += entry.stops.length;
      // Least recently used out first, until the count and the stops fit (the new entry stays whatever its size).
      for (const [k, old] of this.boundsCache) {
        if (this.boundsCache.size < BOUNDS_CACHE_SIZE && this.boundsCacheStops <= this.boundsCacheBudget) break;
        this.boundsCache.delete(k);
        this.boundsCacheStops -= old.stops.length;
      }
      lb = this.install(entry);
    }
    this.boundsCache.set(key, entry);
    this.lbHorizon = entry.horizon;
    this.beyond?.aim(lb, target, reverse, entry.horizon);
    return lb;
  }

  /** The stops whose bounds the window estimate reads: the access stops (search order) and the next stop of each pattern there. */
  private needOf(access: readonly StopAccess[], reverse: boolean): number[] {
    const tt = this.tt;
    const need: number[] = [];
    for (const { stop } of access) {
      need.push(stop);
      for (let e = tt.stopPatternOffsets[stop]; e < tt.stopPatternOffsets[stop + 1]; e++) {
        const p = tt.stopPatterns[e];
        const next = tt.patternStopOffsets[p] + tt.stopPatternPos[e] + (reverse ? -1 : 1);
        if (next >= tt.patternStopOffsets[p] && next < tt.patternStopOffsets[p + 1]) need.push(tt.patternStops[next]);
      }
    }
    return need;
  }

  /** Points `lb` at `entry`: clears the stops of the entry installed before, writes this one's. */
  private install(entry: SparseBounds): Int32Array {
    const lb = this.lb;
    if (this.installed !== entry) {
      this.beyond?.clear();
      if (this.installed) for (const s of this.installed.stops) lb[s] = UNREACHED;
      for (let i = 0; i < entry.stops.length; i++) lb[entry.stops[i]] = entry.seconds[i];
      this.installed = entry;
    }
    return lb;
  }

  /** Sort keys (search-order departure, index) of every boarding at an access stop in the window, with its access index and stopPatterns entry; returns the count. */
  private collectDepartures(q: RangeQuery, access: readonly StopAccess[]): number {
    const { shift, slotDays } = this.days;
    const { times, tripBase } = this.tt;
    let n = 0;
    this.forEachAccessBoarding(q, access, null, (ai, e, d, tripFirst, tc, col) => {
      const seconds = access[ai].seconds;
      for (let r = 0; r < tc; r++) {
        const t = tripBase[tripFirst + r] + times[col + r] + shift[d];
        // Forward: leave the origin at t - walk in [from, to). Reverse: reach the destination at t + walk in (from, to].
        const real = q.reverse ? t + seconds : t - seconds;
        if (q.reverse ? real <= q.from || real > q.to : real < q.from || real >= q.to) continue;
        if (((slotDays[tripFirst + r] >> d) & 1) === 0) continue;
        const tau = q.reverse ? -real : real;
        if (n === this.keys.length) this.grow();
        this.depAccess[n] = ai;
        this.depEntry[n] = e;
        this.keys[n] = (tau + KEY_OFFSET) * KEY_SCALE + n;
        n++;
      }
    });
    this.keys.subarray(0, n).sort();
    return n;
  }

  /**
   * The access iteration the estimate and the departure collection share: each pattern at an
   * access stop (`access[ai]`) that runs on a query day, has a mode of `q.modeMask`, passes
   * `accept` (null: all) and may be boarded there (alighted from in reverse), once per query day
   * `d` it runs: `visit` gets its stopPatterns entry `e`, its trips [tripFirst, tripFirst + tc) and the stop's times at
   * [col, col + tc) of the departures (arrivals in reverse), offsets from those trips' `tripBase`.
   */
  private forEachAccessBoarding(
    q: RangeQuery,
    access: readonly StopAccess[],
    accept: ((ai: number, p: number, pos: number) => boolean) | null,
    visit: (ai: number, e: number, d: number, tripFirst: number, tc: number, col: number) => void,
  ): void {
    const tt = this.tt;
    const patternDays = this.days.patternDays;
    for (let ai = 0; ai < access.length; ai++) {
      const stop = access[ai].stop;
      for (let e = tt.stopPatternOffsets[stop]; e < tt.stopPatternOffsets[stop + 1]; e++) {
        const p = tt.stopPatterns[e];
        if (patternDays[p] === 0 || (this.patternMode[p] & q.modeMask) === 0) continue;
        const pos = tt.stopPatternPos[e];
        if (accept && !accept(ai, p, pos)) continue;
        const flags = tt.patternStopFlags[tt.patternStopOffsets[p] + pos];
        if (q.reverse ? !canAlight(flags) : !canBoard(flags)) continue;
        const tripFirst = tt.patternTripOffsets[p];
        const tc = tt.patternTripOffsets[p + 1] - tripFirst;
        const i = tt.patternStopOffsets[p] + pos;
        const col = q.reverse ? tt.timeRows[i] : tt.timeRows[i + 1] - tc;
        for (let d = 0; d < DAY_SPAN; d++) if (patternDays[p] & (1 << d)) visit(ai, e, d, tripFirst, tc, col);
      }
    }
  }

  private grow(): void {
    const size = this.keys.length * 2;
    if (size > KEY_SCALE) throw new RangeError('too many departures in one search window');
    const next = new Float64Array(size);
    next.set(this.keys);
    this.keys = next;
    const ai = new Int32Array(size);
    ai.set(this.depAccess);
    this.depAccess = ai;
    const e = new Int32Array(size);
    e.set(this.depEntry);
    this.depEntry = e;
  }

  private runAll(q: RangeQuery, access: readonly StopAccess[], n: number): Candidate[] {
    const L = this.raptor.labels;
    const out: Candidate[] = [];
    let firstRun = true;
    // Latest-departure pruning (REACH_TRIGGER): the target it was computed for, and the work that decides it.
    let reachX = UNREACHED;
    let firstScans = 0;
    let laterScans = 0;
    let laterRuns = 0;
    let fromOrigin: Int32Array | null = null;
    // After an empty window that proved dear, the pruning pays from this window's first run (`RangeQuery.afterEmpty`); one without later runs proved nothing.
    const early = q.afterEmpty === true && this.lastLaterScans > 0 && this.lastLaterScans >= this.reachTrigger.evidence * Math.max(this.lastFirstScans, this.reachCost);
    let windowLater = 0;
    for (let i = n - 1; i >= 0; ) {
      const tau = this.tauAt(i);
      let j = i;
      while (j >= 0 && this.tauAt(j) === tau) j--;
      let count = 0;
      let entries = 0;
      // The first run boards everything it can; later ones only where this departure is new, and only on its patterns.
      if (firstRun) for (const a of access) this.push(a, tau, count++);
      else {
        for (let m = i; m > j; m--) {
          const at = this.keys[m] % KEY_SCALE;
          this.push(access[this.depAccess[at]], tau, count++);
          if (entries < this.runEntries.length) this.runEntries[entries] = this.depEntry[at];
          entries++;
        }
      }
      const restrict = !firstRun && entries <= this.runEntries.length;
      const wasFirst = firstRun;
      i = j;
      firstRun = false;
      for (const a of access) this.raptor.preset(a.stop, tau + a.seconds);
      this.before.set(L.target.subarray(0, q.rounds));
      const scans0 = this.raptor.scanCount;
      this.raptor.run(this.runStops, this.runTimes, count, restrict ? this.runEntries : null, entries);
      const scans = this.raptor.scanCount - scans0;
      if (wasFirst) firstScans = scans;
      else {
        laterScans += scans;
        laterRuns++;
        windowLater += scans;
      }
      for (let k = 1; k < q.rounds; k++) {
        if (L.target[k] < this.before[k] && L.target[k] < L.target[k - 1] && L.targetStop[k] >= 0) {
          const rides = traceRides(L, this.tt, this.days, k, L.targetStop[k], q.reverse, q.slack);
          out.push({ rides, start: 0, end: 0, transfers: rides.length - 1 });
        }
      }
      // Once the later runs prove dear, and again when the target has dropped since and they prove dear again: how late each stop may be reached to beat the target of the fewest trips that reach it (the weakest; pruning every round that reaches it), for the earlier departures' runs.
      let weakest = 1;
      while (weakest < q.rounds - 1 && L.target[weakest] >= UNREACHED) weakest++;
      const x = L.target[weakest];
      const cost = Math.max(firstScans, this.reachCost);
      const { evidence, projected } = this.reachTrigger;
      const dear = laterRuns > 0 && laterScans >= cost * evidence && laterScans * (1 + (i + 1) / laterRuns) >= cost * projected;
      if (this.bounds && x < reachX && i >= 0 && (dear || (wasFirst && early))) {
        reachX = x;
        laterScans = 0;
        laterRuns = 0;
        const floor = this.tauAt(0);
        // No label lies below floor + the bound from the origin: the search stops where none can be early enough. Once per window: a later, lower x needs no more of it, and nothing else computes bounds during the runs.
        // To the query's bounds horizon at most, as the target bounds (past it a stop reads the horizon, still a lower bound): a target many hours away would otherwise send this Dijkstra over much of a national network (303k stops, 120 ms, at 200 tiles).
        fromOrigin ??= this.originBounds(q.reverse ? q.egress : q.access, !q.reverse, Math.min(reachX - floor, q.horizonS ?? UNREACHED));
        const reach = this.reachTable();
        reach.compute(q.reverse, q.reverse ? q.access : q.egress, reachX, floor, q.modeMask, fromOrigin, this.bounds!.horizon);
        this.raptor.setReach(reach.latest, reachX);
        this.reachCost = reach.scanCount;
      }
    }
    this.lastFirstScans = firstScans;
    this.lastLaterScans = windowLater;
    return out;
  }

  /**
   * Bounds from the origin (`origin`: its walks, search order) in direction `reverse`, to `horizon`:
   * the bounds' dense array, computed again only when it holds anything else (the plan's other
   * window, its pages and the walk-limit retry ask for the same one), so read `bounds.horizon` after.
   */
  private originBounds(origin: readonly StopAccess[], reverse: boolean, horizon: number): Int32Array {
    let key = `${reverse ? 'r' : 'f'}${horizon}|`;
    for (const a of origin) key += `${a.stop}:${a.seconds},`;
    const bounds = this.bounds!;
    if (key !== this.originKey || bounds.computeCount !== this.originCompute) {
      this.originKey = ''; // a compute that throws leaves no key over a half-written array
      bounds.compute(origin, reverse, horizon);
      this.originKey = key;
      this.originCompute = bounds.computeCount;
    }
    return bounds.bound;
  }

  private tauAt(i: number): number {
    return Math.floor(this.keys[i] / KEY_SCALE) - KEY_OFFSET;
  }

  private push(a: StopAccess, tau: number, at: number): void {
    this.runStops[at] = a.stop;
    this.runTimes[at] = tau + a.seconds;
  }
}
