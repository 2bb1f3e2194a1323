import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { Transfers } from './transfers.js';
import { UNREACHED } from './planner-api.js';
import { allocColumn } from '../timetable/alloc-column.js';
import { SnapshotFormatError } from '../errors.js';
import { countsToOffsets } from '../csr.js';

/**
 * The relaxed graph of destination pruning (`TargetBounds`), derived from the snapshot alone:
 * built once per snapshot, in shared memory by an engine opened with `share`, so worker threads
 * view it (Engine.open's `tables`) instead of each building its own (37 MiB at 350 tiles, and
 * 3 x 25 MiB of temporaries while it is built).
 */
export interface RelaxedGraphColumns {
  /** Stop -> [first, end) into predStops / predSeconds: pattern edges into the stop (travel order). Length stopCount + 1. */
  readonly predOffsets: Uint32Array;
  readonly predStops: Uint32Array;
  readonly predSeconds: Int32Array;
  /** Stop -> [first, end) into succStops / succSeconds: pattern edges out of the stop (travel order). Length stopCount + 1. */
  readonly succOffsets: Uint32Array;
  readonly succStops: Uint32Array;
  readonly succSeconds: Int32Array;
  /**
   * Footpaths into each stop (stop -> [first, end) into stops and seconds), a reversed copy of the
   * snapshot's lists; null when those are symmetric (`walksSymmetric`): the footpaths out are then
   * the footpaths in, read from the snapshot's own lists (3 x 4 bytes a footpath saved).
   */
  readonly walkIn: { readonly offsets: Uint32Array; readonly stops: Uint32Array; readonly seconds: Uint16Array } | null;
  /** Stop -> its component (the least stop index in it): stops joined by any ride edge or footpath, either way. */
  readonly component: Uint32Array;
  /** False when some edge would weigh less than 0 (the builder drops such trips): every bound is then 0. */
  readonly usable: boolean;
}

/**
 * The relaxed graph of `tt` and its footpaths: one edge per pair of consecutive pattern stops,
 * weighing the fastest any trip covers it (no waiting, no change slack), and every footpath. Into
 * shared memory when `shared`. Temporaries: 2 x 4 bytes a pattern edge and 2 x 4 bytes a stop.
 */
export function buildRelaxedGraph(tt: TimetableTables, walks: Transfers, shared: boolean): RelaxedGraphColumns {
  const S = tt.stopPatternOffsets.length - 1;
  const { offsets, to, seconds, usable } = rideEdgesByStop(tt, S);
  const edgeCount = fastestInPlace(S, offsets, to, seconds);
  // The edges out of each stop, in the order first met (pattern order): exact-size copies of the compacted rows.
  const succOffsets = allocColumn(Uint32Array, S + 1, shared);
  succOffsets.set(offsets);
  const succStops = allocColumn(Uint32Array, edgeCount, shared);
  succStops.set(to.subarray(0, edgeCount));
  const succSeconds = allocColumn(Int32Array, edgeCount, shared);
  succSeconds.set(seconds.subarray(0, edgeCount));
  const [predOffsets, predStops, predSeconds] = reversed(S, succOffsets, succStops, succSeconds, shared);
  return { predOffsets, predStops, predSeconds, succOffsets, succStops, succSeconds, walkIn: footpathsIn(S, walks, shared), component: components(S, succOffsets, succStops, walks, shared), usable };
}

/** Throws SnapshotFormatError unless `g` is a relaxed graph of `stopCount` stops with consistent CSR sizes (Engine.open's `tables`). */
export function checkRelaxedGraph(g: RelaxedGraphColumns, stopCount: number): void {
  const fits = (offsets: Uint32Array, ...values: ArrayLike<number>[]) => offsets.length === stopCount + 1 && values.every((v) => v.length === offsets[stopCount]);
  const w = g.walkIn;
  if (!fits(g.predOffsets, g.predStops, g.predSeconds) || !fits(g.succOffsets, g.succStops, g.succSeconds) || g.predStops.length !== g.succStops.length || g.component.length !== stopCount || (w !== null && !fits(w.offsets, w.stops, w.seconds))) {
    throw new SnapshotFormatError(`The relaxed graph given to Engine.open (${g.succOffsets.length - 1} stops, ${g.succStops.length} edges) does not fit this snapshot's ${stopCount} stops: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
  }
}

/**
 * Every pair of consecutive pattern stops, weighing the fastest any trip of the pattern covers
 * it, grouped by first stop (CSR; within a stop, in pattern order); `usable` false when one
 * weighs less than 0.
 */
function rideEdgesByStop(tt: TimetableTables, S: number): { offsets: Uint32Array; to: Uint32Array; seconds: Int32Array; usable: boolean } {
  const { patternStopOffsets, patternTripOffsets, timeRows, patternStops, times } = tt;
  const offsets = new Uint32Array(S + 1);
  for (let p = 0; p < tt.patternCount; p++) for (let i = patternStopOffsets[p]; i + 1 < patternStopOffsets[p + 1]; i++) offsets[patternStops[i] + 1]++;
  const fill = countsToOffsets(offsets);
  const to = new Uint32Array(offsets[S]);
  const seconds = new Int32Array(offsets[S]);
  let usable = true;
  for (let p = 0; p < tt.patternCount; p++) {
    const first = patternStopOffsets[p];
    const n = patternStopOffsets[p + 1] - first;
    const tc = patternTripOffsets[p + 1] - patternTripOffsets[p];
    for (let pos = 0; pos + 1 < n; pos++) {
      // Board at pos, alight at pos + 1 or ride on: arr[pos+1] - dep[pos] and dep[pos+1] - dep[pos] both bound the time.
      let w = UNREACHED;
      const dep0 = timeRows[first + pos + 1] - tc, arr1 = timeRows[first + pos + 1], dep1 = timeRows[first + pos + 2] - tc;
      for (let r = 0; r < tc; r++) {
        const d0 = times[dep0 + r];
        w = Math.min(w, times[arr1 + r] - d0, times[dep1 + r] - d0);
      }
      if (w < 0) usable = false;
      const at = fill[patternStops[first + pos]]++;
      to[at] = patternStops[first + pos + 1];
      seconds[at] = w;
    }
  }
  return { offsets, to, seconds, usable };
}

/**
 * Keeps one edge per stop pair (patterns share most of their segments), the fastest, in the
 * order first met: compacts the CSR rows in place (`offsets` rewritten) and returns the edge
 * count. Linear: a slot per second stop.
 */
function fastestInPlace(S: number, offsets: Uint32Array, to: Uint32Array, seconds: Int32Array): number {
  const slot = new Int32Array(S).fill(-1);
  let out = 0;
  for (let u = 0; u < S; u++) {
    const first = out;
    const end = offsets[u + 1];
    for (let e = offsets[u]; e < end; e++) {
      const v = to[e];
      const at = slot[v];
      if (at >= first && to[at] === v) seconds[at] = Math.min(seconds[at], seconds[e]);
      else {
        slot[v] = out;
        to[out] = v;
        seconds[out++] = seconds[e];
      }
    }
    offsets[u] = first;
  }
  offsets[S] = out;
  return out;
}

/** The edges of a CSR turned round: node -> [first, end) into the nodes with an edge to it (ascending) and their seconds. */
function reversed(S: number, offsets: Uint32Array, ends: Uint32Array, seconds: ArrayLike<number>, shared: boolean): [Uint32Array, Uint32Array, Int32Array] {
  const rOffsets = allocColumn(Uint32Array, S + 1, shared);
  for (let i = 0; i < ends.length; i++) rOffsets[ends[i] + 1]++;
  const fill = countsToOffsets(rOffsets);
  const rEnds = allocColumn(Uint32Array, ends.length, shared);
  const rSeconds = allocColumn(Int32Array, ends.length, shared);
  for (let u = 0; u < S; u++) {
    for (let i = offsets[u]; i < offsets[u + 1]; i++) {
      const at = fill[ends[i]]++;
      rEnds[at] = u;
      rSeconds[at] = seconds[i];
    }
  }
  return [rOffsets, rEnds, rSeconds];
}

/** Connected components (edge direction ignored) of the ride edges and the footpaths: union-find, then each stop labelled by its root (the least stop of its component). */
function components(S: number, offsets: Uint32Array, ends: Uint32Array, walks: Transfers, shared: boolean): Uint32Array {
  const parent = allocColumn(Uint32Array, S, shared);
  for (let s = 0; s < S; s++) parent[s] = s;
  const root = (s: number): number => {
    while (parent[s] !== s) s = parent[s] = parent[parent[s]];
    return s;
  };
  const join = (a: number, b: number): void => {
    const ra = root(a), rb = root(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let s = 0; s < S; s++) for (let i = offsets[s]; i < offsets[s + 1]; i++) join(s, ends[i]);
  for (let s = 0; s < S; s++) for (let i = walks.offsets[s]; i < walks.offsets[s + 1]; i++) join(s, walks.stops[i]);
  for (let s = 0; s < S; s++) parent[s] = root(s);
  return parent;
}

/**
 * Footpaths into each stop as CSR (stop -> [first, end) into the stops walked from and their
 * seconds): null when the snapshot's lists are symmetric (as the builder found,
 * `Transfers.isSymmetric`), else a reversed copy.
 */
function footpathsIn(S: number, walks: Transfers, shared: boolean): RelaxedGraphColumns['walkIn'] {
  if (walks.isSymmetric) return null;
  const [offsets, stops, seconds] = reversed(S, walks.offsets, walks.stops, walks.seconds, shared);
  // The same type as the snapshot's seconds (u16), so the Dijkstra reads one array type either way.
  const seconds16 = allocColumn(Uint16Array, seconds.length, shared);
  seconds16.set(seconds);
  return { offsets, stops, seconds: seconds16 };
}
