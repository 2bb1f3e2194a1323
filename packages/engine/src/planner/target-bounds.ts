import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { Transfers } from './transfers.js';
import { UNREACHED, type StopAccess } from './planner-api.js';
import type { LandmarkTables } from './landmark-tables.js';
import { doubled } from '../doubled.js';

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
   * straight-line footpaths do (no copy: 3 x 4 bytes a footpath, 216 MB at national size).
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
  /** The landmark tables over this graph (`LandmarkBounds`): given (another engine's, Engine.open's `tables`) or kept by the first LandmarkBounds built on it; null before. */
  landmarks: LandmarkTables | null = null;

  constructor(tt: TimetableTables, private readonly transfers: Transfers) {
    const S = tt.stopPatternOffsets.length - 1;
    const { from, to, seconds, usable } = rideEdges(tt);
    this.usable = usable;
    [this.predOffsets, this.predStops, this.predSeconds] = csr(S, to, from, seconds);
    [this.succOffsets, this.succStops, this.succSeconds] = csr(S, from, to, seconds);
    [this.walkInOffsets, this.walkInStops, this.walkInSeconds] = footpathsIn(S, transfers);
    this.bound = new Int32Array(S).fill(usable ? UNREACHED : 0);
    this.settled = new Uint8Array(S);
    this.needed = new Uint8Array(S);
    this.reached = new Int32Array(S);
    this.heapStops = new Int32Array(1024);
    this.heapKeys = new Int32Array(1024);
    this.component = components(S, from, to, transfers);
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

/** Every pair of consecutive pattern stops, weighing the fastest any trip covers it; `usable` false when one weighs less than 0. */
function rideEdges(tt: TimetableTables): { from: Uint32Array; to: Uint32Array; seconds: Int32Array; usable: boolean } {
  const { patternStopOffsets, patternTripOffsets, timeRows, patternStops, times } = tt;
  let edgeCount = 0;
  for (let p = 0; p < tt.patternCount; p++) edgeCount += Math.max(0, patternStopOffsets[p + 1] - patternStopOffsets[p] - 1);
  const from = new Uint32Array(edgeCount);
  const to = new Uint32Array(edgeCount);
  const seconds = new Int32Array(edgeCount);
  let usable = true;
  let e = 0;
  for (let p = 0; p < tt.patternCount; p++) {
    const first = patternStopOffsets[p];
    const n = patternStopOffsets[p + 1] - first;
    const tc = patternTripOffsets[p + 1] - patternTripOffsets[p];
    for (let pos = 0; pos + 1 < n; pos++, e++) {
      // Board at pos, alight at pos + 1 or ride on: arr[pos+1] - dep[pos] and dep[pos+1] - dep[pos] both bound the time.
      let w = UNREACHED;
      const dep0 = timeRows[first + pos + 1] - tc, arr1 = timeRows[first + pos + 1], dep1 = timeRows[first + pos + 2] - tc;
      for (let r = 0; r < tc; r++) {
        const d0 = times[dep0 + r];
        w = Math.min(w, times[arr1 + r] - d0, times[dep1 + r] - d0);
      }
      if (w < 0) usable = false;
      from[e] = patternStops[first + pos];
      to[e] = patternStops[first + pos + 1];
      seconds[e] = w;
    }
  }
  const [f, t, sec] = fastest(tt.stopPatternOffsets.length - 1, from, to, seconds);
  return { from: f, to: t, seconds: sec, usable };
}

/** One edge per stop pair (patterns share most of their segments), the fastest; linear: grouped by first stop, a slot per second stop. */
function fastest(nodeCount: number, from: Uint32Array, to: Uint32Array, seconds: Int32Array): [Uint32Array, Uint32Array, Int32Array] {
  const [offsets, ends, secs] = csr(nodeCount, from, to, seconds);
  const slot = new Int32Array(nodeCount).fill(-1);
  const outFrom: number[] = [], outTo: number[] = [], outSeconds: number[] = [];
  for (let u = 0; u < nodeCount; u++) {
    const first = outTo.length;
    for (let e = offsets[u]; e < offsets[u + 1]; e++) {
      const v = ends[e];
      const at = slot[v];
      if (at >= first && outTo[at] === v) outSeconds[at] = Math.min(outSeconds[at], secs[e]);
      else {
        slot[v] = outTo.length;
        outFrom.push(u);
        outTo.push(v);
        outSeconds.push(secs[e]);
      }
    }
  }
  return [Uint32Array.from(outFrom), Uint32Array.from(outTo), Int32Array.from(outSeconds)];
}

/** Connected components (edge direction ignored) of an edge list and the footpaths: union-find, then each stop labelled by its root. */
function components(nodeCount: number, fromA: Uint32Array, toA: Uint32Array, walks: Transfers): Uint32Array {
  const parent = new Uint32Array(nodeCount);
  for (let s = 0; s < nodeCount; s++) parent[s] = s;
  const root = (s: number): number => {
    while (parent[s] !== s) s = parent[s] = parent[parent[s]];
    return s;
  };
  const join = (a: number, b: number): void => {
    const ra = root(a), rb = root(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let i = 0; i < fromA.length; i++) join(fromA[i], toA[i]);
  for (let s = 0; s < nodeCount; s++) for (let i = walks.offsets[s]; i < walks.offsets[s + 1]; i++) join(s, walks.stops[i]);
  for (let s = 0; s < nodeCount; s++) parent[s] = root(s);
  return parent;
}

/**
 * Footpaths into each stop as CSR (stop -> [first, end) into the stops walked from and their
 * seconds): the snapshot's lists themselves when they are symmetric (as the builder found, `transfers.symmetric`,
 * or else checked here: walksSymmetric), else
 * a reversed copy.
 */
function footpathsIn(nodeCount: number, walks: Transfers): [Uint32Array, Uint32Array, Uint16Array] {
  if (walks.symmetric ?? walksSymmetric(nodeCount, walks)) return [walks.offsets, walks.stops, walks.seconds];
  const walkFrom = new Uint32Array(walks.stops.length);
  for (let s = 0; s < nodeCount; s++) for (let i = walks.offsets[s]; i < walks.offsets[s + 1]; i++) walkFrom[i] = s;
  const [offsets, stops, seconds] = csr(nodeCount, walks.stops, walkFrom, walks.seconds);
  // The same type as the snapshot's seconds (u16), so the Dijkstra reads one array type either way.
  return [offsets, stops, Uint16Array.from(seconds)];
}

/**
 * Whether every footpath s -> t has a footpath t -> s of the same seconds (then the footpaths into
 * a stop are those out of it, with the same weights, and a Dijkstra over either finds the same
 * bounds). Exact; O(footpaths x log(row)) when each row is sorted by seconds (the builder sorts by
 * walking time), and false without looking further when a row is not.
 */
export function walksSymmetric(nodeCount: number, walks: Pick<Transfers, 'offsets' | 'stops' | 'seconds'>): boolean {
  const { offsets, stops, seconds } = walks;
  for (let s = 0; s < nodeCount; s++) for (let i = offsets[s] + 1; i < offsets[s + 1]; i++) if (seconds[i] < seconds[i - 1]) return false;
  for (let s = 0; s < nodeCount; s++) {
    for (let i = offsets[s]; i < offsets[s + 1]; i++) {
      const t = stops[i], w = seconds[i];
      // The first entry of row t at w or more, then the entries at exactly w: s must be among them.
      let lo = offsets[t], hi = offsets[t + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (seconds[mid] < w) lo = mid + 1;
        else hi = mid;
      }
      while (lo < offsets[t + 1] && seconds[lo] === w && stops[lo] !== s) lo++;
      if (lo === offsets[t + 1] || seconds[lo] !== w) return false;
    }
  }
  return true;
}

/** CSR of edges grouped by `key`: node -> [first, end) into the `other` ends and their seconds. */
function csr(nodeCount: number, key: ArrayLike<number>, other: ArrayLike<number>, seconds: ArrayLike<number>): [Uint32Array, Uint32Array, Int32Array] {
  const offsets = new Uint32Array(nodeCount + 1);
  for (let i = 0; i < key.length; i++) offsets[key[i] + 1]++;
  for (let s = 0; s < nodeCount; s++) offsets[s + 1] += offsets[s];
  const fill = offsets.slice(0, nodeCount);
  const ends = new Uint32Array(key.length);
  const secs = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) {
    const at = fill[key[i]]++;
    ends[at] = other[i];
    secs[at] = seconds[i];
  }
  return [offsets, ends, secs];
}
