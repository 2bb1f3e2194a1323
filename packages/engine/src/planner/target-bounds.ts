import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { Transfers } from './transfers.js';
import { UNREACHED, type StopAccess } from './planner-api.js';
import type { LandmarkTables } from './landmark-tables.js';
import { doubled } from '../doubled.js';
import { buildRelaxedGraph, type RelaxedGraphColumns } from './relaxed-graph.js';

/**
 * Bounds of one target, sparse: `seconds[i]` for `stops[i]`; every other stop is at least
 * `horizon` away (UNREACHED: the Dijkstra ran out, so it cannot reach the target at all).
 */
export interface SparseBounds {
  readonly stops: Int32Array;
  readonly seconds: Int32Array;
  /** Seconds; every bound is exact below it, and a stop at or beyond it reads it. UNREACHED: no horizon. */
  readonly horizon: number;
}

/** Horizons up to this (seconds, 6 h) run the bounds' Dijkstra on a bucket queue: a bucket a second (84 KiB), made on first use. */
export const BUCKET_HORIZON_S = 21_600;

/**
 * Lower bounds on the seconds from each stop to a search's target, for destination pruning: a
 * label at time t at stop s can only help when t + bound[s] beats the target found so far.
 * Dijkstra over a relaxation of the timetable: one edge per pair of consecutive pattern stops,
 * weighing the fastest any trip covers it (no waiting, no change slack), and every footpath
 * (chained freely, whatever the transfer limit). Search direction: forward, from a stop to the
 * egress stops in travel order; reverse (times negated), from the access stops to the stop.
 * With a horizon the Dijkstra stops there: a stop it did not settle is at least the horizon away,
 * which is still a lower bound, so read a bound as min(bound[s], horizon).
 */
export class TargetBounds {
  /** Stop -> [first, end) into predStops / predSeconds: pattern edges into the stop (travel order). */
  private readonly predOffsets: Uint32Array;
  private readonly predStops: Uint32Array;
  private readonly predSeconds: Int32Array;
  /** Stop -> [first, end) into succStops / succSeconds: pattern edges out of the stop (travel order). */
  private readonly succOffsets: Uint32Array;
  private readonly succStops: Uint32Array;
  private readonly succSeconds: Int32Array;
  /**
   * Stop -> [first, end) into walkInStops / walkInSeconds: footpaths into the stop. The snapshot's
   * own lists (footpaths out) when every footpath has its way back in the same seconds, as
   * straight-line footpaths do (no copy: 3 x 4 bytes a footpath, 216 MB at national size), else
   * the graph's reversed copy (`RelaxedGraphColumns.walkIn`).
   * Also walked back by `TargetReach`.
   */
  readonly walkInOffsets: Uint32Array;
  readonly walkInStops: Uint32Array;
  readonly walkInSeconds: Uint16Array;
  /** False when some edge would weigh less than 0 (the builder drops such trips): every bound is then 0. */
  readonly usable: boolean;
  /** Stop -> bound of the last `compute`, seconds; UNREACHED when the target cannot be reached or lies beyond `horizon` (read min(bound[s], horizon)). */
  readonly bound: Int32Array;
  /** The last `compute`'s horizon, seconds: bounds below it are exact, every other stop is at least it away; UNREACHED when the Dijkstra ran out before it. */
  horizon = UNREACHED;
  /** Calls of `compute` so far, counted as each begins: what `bound` holds changes with it (a caller keeping bounds it computed checks it). */
  computeCount = 0;
  /** Stops the last `compute` settled (its work). */
  settledCount = 0;
  /** Stop -> 1 once the last `compute` settled it. */
  private readonly settled: Uint8Array;
  /** Stop -> 1 while a `compute` waits for it to settle (its `need`). */
  private readonly needed: Uint8Array;
  /** The stops the last `compute` gave a bound (each settled), the first `reachedCount`: the next one clears only these. */
  private readonly reached: Int32Array;
  private reachedCount = 0;
  private heapStops: Int32Array;
  private heapKeys: Int32Array;
  private heapCount = 0;
  /**
   * Bucket queue (Dial) of a `compute` with a horizon up to BUCKET_HORIZON_S: bucket (seconds) ->
   * first entry, -1 when empty (made on first use); entries (stop, next entry) pooled, a stop
   * queued again when lowered (the stale entry is skipped when taken, as in the heap).
   */
  private bucketHead: Int32Array | null = null;
  private entryStop = new Int32Array(1024);
  private entryNext = new Int32Array(1024);
  private entryCount = 0;
  /** Entries still queued (in a bucket, or at or past the horizon, never taken): the heap's count. */
  private queuedCount = 0;
  /** Whether the current `compute` queues in buckets (else in the heap). */
  private buckets = false;
  /** The current compute's horizon as given (exclusive; before `need` lowers it) when buckets are in use: keys at or past it are only counted. */
  private bucketEnd = 0;
  /**
   * Stop -> its component: stops joined by any ride edge or footpath, either way. A stop of
   * another component than every target stop never reaches the target (no Dijkstra needed to
   * know it): on a national snapshot, a search without a horizon would otherwise sweep the
   * whole connected country to learn that an island's stops cannot get there.
   */
  readonly component: Uint32Array;
  /** The relaxed graph these bounds run on (built here or given): what an engine opened with `share` hands its workers. */
  readonly graphColumns: RelaxedGraphColumns;
  /** The landmark tables over this graph (`LandmarkBounds`): given (another engine's, Engine.open's `tables`) or kept by the first LandmarkBounds built on it; null before. */
  landmarks: LandmarkTables | null = null;

  /**
   * `graph`: the relaxed graph of `tt` and `transfers` (`buildRelaxedGraph`), viewed: another
   * engine's over the same snapshot (shared memory, Engine.open's `tables`); absent, built here.
   */
  constructor(tt: TimetableTables, private readonly transfers: Transfers, graph: RelaxedGraphColumns = buildRelaxedGraph(tt, transfers, false)) {
    const S = tt.stopPatternOffsets.length - 1;
    this.graphColumns = graph;
    this.usable = graph.usable;
    ({ predOffsets: this.predOffsets, predStops: this.predStops, predSeconds: this.predSeconds } = graph);
    ({ succOffsets: this.succOffsets, succStops: this.succStops, succSeconds: this.succSeconds } = graph);
    const walkIn = graph.walkIn ?? transfers;
    [this.walkInOffsets, this.walkInStops, this.walkInSeconds] = [walkIn.offsets, walkIn.stops, walkIn.seconds];
    this.bound = new Int32Array(S).fill(this.usable ? UNREACHED : 0);
    this.settled = new Uint8Array(S);
    this.needed = new Uint8Array(S);
    this.reached = new Int32Array(S);
    this.heapStops = new Int32Array(1024);
    this.heapKeys = new Int32Array(1024);
    this.component = graph.component;
  }

  /**
   * Whether stop `s` may reach some stop of `target` (false: it never can, whatever the horizon).
   * Linear in the target's stops.
   */
  mayReach(s: number, target: readonly StopAccess[]): boolean {
    const c = this.component[s];
    for (const a of target) if (this.component[a.stop] === c) return true;
    return false;
  }

  /**
   * Bounds towards `target` (stops and their walks to the end of the search, seconds) for a
   * forward or reverse search; read them from `bound` until the next call. Search-direction
   * edges: forward, trips in travel order and footpaths as listed; reverse, trips backwards and
   * footpaths as listed (the reverse RAPTOR walks the same lists). Dijkstra runs against them,
   * in time proportional to what it reaches (the last call's stops are cleared from a list).
   * `horizon` (seconds): stop there; stops reached but not settled read it (see `horizon`).
   * `opts.bothWays`: also walk every footpath against its direction (a graph with more edges, so
   * still lower bounds, the same in both directions: `LandmarkBounds` builds on it). `opts.need`
   * (stops): stop sooner, once these are settled, the least key has passed the farthest of them and
   * `opts.floorS` (seconds); the horizon is then there (every need stop's bound exact and below it).
   */
  compute(target: readonly StopAccess[], reverse: boolean, horizon = UNREACHED, opts: { bothWays?: boolean; need?: ArrayLike<number>; floorS?: number } = {}): Int32Array {
    this.computeCount++;
    const { bothWays = false, need = null, floorS = 0 } = opts;
    const bound = this.bound;
    this.horizon = UNREACHED;
    this.settledCount = 0;
    if (!this.usable) return bound; // all 0
    const { settled, reached } = this;
    for (let i = 0; i < this.reachedCount; i++) {
      bound[reached[i]] = UNREACHED;
      settled[reached[i]] = 0;
    }
    this.reachedCount = 0;
    this.heapCount = 0;
    // Whole seconds below a horizon of a few hours: a bucket per second is cheaper than the heap (the same bounds, settled in another order among equals); a target key below 0 or between seconds has no bucket.
    const buckets = (this.buckets = horizon <= BUCKET_HORIZON_S && target.every((a) => a.seconds >= 0 && Number.isInteger(a.seconds)));
    if (buckets) this.startBuckets(horizon);
    for (const a of target) this.relax(a.stop, a.seconds);
    const [offsets, stops, seconds] = reverse ? [this.succOffsets, this.succStops, this.succSeconds] : [this.predOffsets, this.predStops, this.predSeconds];
    const { walkInOffsets, walkInStops, walkInSeconds } = this;
    // Both ways: the footpaths out too, unless they are the footpaths in (symmetric: the same lists, read once).
    const walkOut = bothWays && walkInStops !== this.transfers.stops ? this.transfers : null;
    let settledCount = 0;
    let needLeft = 0;
    if (need) for (let i = 0; i < need.length; i++) if (!this.needed[need[i]]) (this.needed[need[i]] = 1), needLeft++;
    /** Settles `s` (taken at its bound): false when it already was; lowers the horizon once the need stops are settled. */
    const settle = (s: number): boolean => {
      if (settled[s]) return false;
      settled[s] = 1;
      settledCount++;
      if (this.needed[s] && --needLeft === 0) horizon = Math.min(horizon, Math.max(bound[s] + 1, floorS)); // the need stops settled: past them and the floor, done
      return true;
    };
    if (buckets) {
      const head = this.bucketHead!;
      // Every stop nearer than bucket b is settled: stop at the horizon (or when nothing is queued).
      let b = 0;
      for (; b < horizon && this.queuedCount > 0; b++) {
        // Taken from the front; a 0-second edge queues into this same bucket, which the loop then takes too.
        for (let e = head[b]; e >= 0; e = head[b]) {
          head[b] = this.entryNext[e];
          this.queuedCount--;
          const s = this.entryStop[e];
          if (bound[s] !== b || !settle(s)) continue; // stale: lowered since, or settled
          for (let i = offsets[s]; i < offsets[s + 1]; i++) this.relax(stops[i], b + seconds[i]);
          for (let i = walkInOffsets[s]; i < walkInOffsets[s + 1]; i++) this.relax(walkInStops[i], b + walkInSeconds[i]);
          if (walkOut) for (let i = walkOut.offsets[s]; i < walkOut.offsets[s + 1]; i++) this.relax(walkOut.stops[i], b + walkOut.seconds[i]);
        }
      }
      if (this.queuedCount > 0) for (; b < this.bucketEnd; b++) head[b] = -1; // what the horizon left queued
      this.heapCount = this.queuedCount; // what the heap would still hold
    } else {
      // Every stop nearer than the heap's least key is settled: stop once that key reaches the horizon.
      while (this.heapCount > 0 && this.heapKeys[0] < horizon) {
        const s = this.pop();
        if (!settle(s)) continue;
        const d = bound[s];
        for (let i = offsets[s]; i < offsets[s + 1]; i++) this.relax(stops[i], d + seconds[i]);
        for (let i = walkInOffsets[s]; i < walkInOffsets[s + 1]; i++) this.relax(walkInStops[i], d + walkInSeconds[i]);
        if (walkOut) for (let i = walkOut.offsets[s]; i < walkOut.offsets[s + 1]; i++) this.relax(walkOut.stops[i], d + walkOut.seconds[i]);
      }
    }
    this.settledCount = settledCount;
    if (need) for (let i = 0; i < need.length; i++) this.needed[need[i]] = 0;
    if (this.heapCount > 0) {
      // Stopped at the horizon: a stop reached but not settled holds an upper bound on its distance, and is at least the horizon away.
      this.horizon = horizon;
      for (let i = 0; i < this.reachedCount; i++) if (!settled[reached[i]]) bound[reached[i]] = horizon;
    }
    return bound;
  }

  /**
   * The search-direction edges `compute` walks (forward: pattern edges into a stop; reverse: out of
   * it; then the footpaths into it, and `walkOut` the footpaths out when they are not those same
   * lists), for Dijkstras of other kinds over the same graph (the landmark tables). Views, not copies.
   */
  graph(reverse: boolean): RelaxedGraph {
    const [rideOffsets, rideStops, rideSeconds] = reverse ? [this.succOffsets, this.succStops, this.succSeconds] : [this.predOffsets, this.predStops, this.predSeconds];
    const t = this.transfers;
    const walkOut = this.walkInStops !== t.stops ? { offsets: t.offsets, stops: t.stops, seconds: t.seconds } : null;
    return { rideOffsets, rideStops, rideSeconds, walkOffsets: this.walkInOffsets, walkStops: this.walkInStops, walkSeconds: this.walkInSeconds, walkOut };
  }

  /**
   * The last `compute`'s bounds as a sparse copy: the stops it reached and their seconds (every
   * other stop is at least the horizon away); null when the bounds are unusable (all 0: read `bound`).
   */
  reachedBounds(): SparseBounds | null {
    if (!this.usable) return null;
    // Only the settled ones: a stop reached but not settled reads the horizon, or better through the landmarks (`BeyondHorizon`).
    let n = 0;
    for (let i = 0; i < this.reachedCount; i++) if (this.settled[this.reached[i]]) n++;
    const stops = new Int32Array(n);
    const seconds = new Int32Array(n);
    for (let i = 0, j = 0; i < this.reachedCount; i++) {
      const s = this.reached[i];
      if (this.settled[s]) (stops[j] = s), (seconds[j++] = this.bound[s]);
    }
    return { stops, seconds, horizon: this.horizon };
  }

  /** Lowers the bound of `u` to `t` when that beats it, listing `u` the first time it is reached, and queues it (buckets or heap). */
  private relax(u: number, t: number): void {
    const bound = this.bound;
    if (t >= bound[u]) return;
    if (bound[u] >= UNREACHED) this.reached[this.reachedCount++] = u;
    bound[u] = t;
    if (this.buckets) this.queue(u, t);
    else this.push(u, t);
  }

  /** Empties the pool and readies the buckets below `horizon` (all empty between computes). */
  private startBuckets(horizon: number): void {
    this.bucketHead ??= new Int32Array(BUCKET_HORIZON_S).fill(-1);
    this.entryCount = 0;
    this.queuedCount = 0;
    this.bucketEnd = horizon;
  }

  /** Queues `s` in bucket `key`; past the first horizon it is only counted (never taken). */
  private queue(s: number, key: number): void {
    this.queuedCount++;
    if (key >= this.bucketEnd) return;
    if (this.entryCount === this.entryStop.length) {
      this.entryStop = doubled(this.entryStop);
      this.entryNext = doubled(this.entryNext);
    }
    const e = this.entryCount++;
    const head = this.bucketHead!;
    this.entryStop[e] = s;
    this.entryNext[e] = head[key];
    head[key] = e;
  }

  private push(s: number, key: number): void {
    if (this.heapCount === this.heapStops.length) {
      this.heapStops = doubled(this.heapStops);
      this.heapKeys = doubled(this.heapKeys);
    }
    const hs = this.heapStops, hk = this.heapKeys;
    let i = this.heapCount++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (hk[parent] <= key) break;
      hs[i] = hs[parent];
      hk[i] = hk[parent];
      i = parent;
    }
    hs[i] = s;
    hk[i] = key;
  }

  private pop(): number {
    const hs = this.heapStops, hk = this.heapKeys;
    const top = hs[0];
    const n = --this.heapCount;
    const s = hs[n], key = hk[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && hk[c + 1] < hk[c]) c++;
      if (hk[c] >= key) break;
      hs[i] = hs[c];
      hk[i] = hk[c];
      i = c;
    }
    hs[i] = s;
    hk[i] = key;
    return top;
  }
}

/** One search direction of the relaxed graph (`TargetBounds.graph`): CSR by stop of the ride edges and footpaths a Dijkstra walks from it, seconds. */
export interface RelaxedGraph {
  readonly rideOffsets: Uint32Array;
  readonly rideStops: Uint32Array;
  readonly rideSeconds: Int32Array;
  readonly walkOffsets: Uint32Array;
  readonly walkStops: Uint32Array;
  readonly walkSeconds: Uint16Array;
  /** The footpaths out of each stop when they differ from those in (walked both ways: `bothWays`), else null. */
  readonly walkOut: { readonly offsets: Uint32Array; readonly stops: Uint32Array; readonly seconds: Uint16Array } | null;
}

export { walksSymmetric } from './transfers.js';
