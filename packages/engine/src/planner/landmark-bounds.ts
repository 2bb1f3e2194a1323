import type { TimetableTables } from '../timetable/timetable-tables.js';
import { allocColumn } from '../timetable/alloc-column.js';
import type { TargetBounds } from './target-bounds.js';
import { UNREACHED, type StopAccess } from './planner-api.js';
import { BucketDijkstra } from './bucket-dijkstra.js';
import { CAP_S, LANDMARK_COUNT, type LandmarkTables } from './landmark-tables.js';

/**
 * ALT lower bounds (Goldberg and Harrelson's A*, landmarks, triangle inequality) on the relaxed
 * ride and walk graph of `TargetBounds`, built once per snapshot: for a few landmark stops L
 * far apart, the seconds from L to every stop and from every stop to L (one Dijkstra each,
 * footpaths walked both ways so one pair of tables serves both search directions), capped at
 * 18.2 h. Then d(s, t) >= d(L, t) - d(L, s) and >= d(s, L) - d(t, L), and the largest over the
 * landmarks is a lower bound that is consistent (drops by at most an edge's seconds along any
 * edge), as the target bounds' Dijkstra is: cost per stop read is two loads per landmark,
 * whatever the size of the country. `aim` sets the target; `bound` reads one stop's.
 */
export class LandmarkBounds {
  /** The landmark stops. */
  readonly stops: Int32Array;
  /** Stop -> seconds from landmark l, at [s * count + l], capped at CAP_S. */
  private readonly fromLandmark: Uint16Array;
  /** Stop -> seconds to landmark l, at [s * count + l], capped at CAP_S. */
  private readonly toLandmark: Uint16Array;
  /** Per landmark, for the aimed target: min over its stops of (table value + walk), and max of (other table's value - walk). */
  private readonly aimMin: Int32Array;
  private readonly aimMax: Int32Array;
  /** The tables `aim` chose for the direction: `bound` reads aimMin[l] - near[s, l] and far[s, l] - aimMax[l]. */
  private near: Uint16Array;
  private far: Uint16Array;

  /**
   * Views the tables of `bounds.landmarks` (given by another engine, or kept by an earlier
   * LandmarkBounds on the same graph), else builds them (`buildLandmarkTables`) and keeps them
   * there; another `count` than LANDMARK_COUNT always builds its own.
   */
  constructor(tt: TimetableTables, bounds: TargetBounds, count = LANDMARK_COUNT) {
    let tables = count === LANDMARK_COUNT ? bounds.landmarks : null;
    if (!tables) {
      tables = buildLandmarkTables(tt, bounds, count, false);
      if (count === LANDMARK_COUNT) bounds.landmarks = tables;
    }
    ({ stops: this.stops, fromLandmark: this.fromLandmark, toLandmark: this.toLandmark } = tables);
    this.aimMin = new Int32Array(this.stops.length);
    this.aimMax = new Int32Array(this.stops.length);
    this.near = this.fromLandmark;
    this.far = this.toLandmark;
  }

  /** Landmarks held. */
  get count(): number {
    return this.stops.length;
  }

  /**
   * Aims `bound` at a target (its stops and their walks to the end of the search, seconds), for a
   * forward search (seconds from a stop to the target) or a reverse one (from the target's stops to
   * a stop, in travel order). Linear in landmarks x target stops.
   */
  aim(target: readonly StopAccess[], reverse: boolean): void {
    const K = this.count;
    // Forward: d(s, T) >= min_t(d(L, t) + walk) - d(L, s) and d(s, L) - max_t(d(t, L) - walk). Reverse: the tables swap roles.
    this.near = reverse ? this.toLandmark : this.fromLandmark;
    this.far = reverse ? this.fromLandmark : this.toLandmark;
    for (let l = 0; l < K; l++) {
      let lo = UNREACHED, hi = -UNREACHED;
      for (const a of target) {
        lo = Math.min(lo, this.near[a.stop * K + l] + a.seconds);
        hi = Math.max(hi, this.far[a.stop * K + l] - a.seconds);
      }
      this.aimMin[l] = lo;
      this.aimMax[l] = hi;
    }
  }

  /** Lower bound on the seconds from stop `s` to the aimed target (reverse: from it to `s`); 0 when the landmarks tell nothing. Called per stop beyond the target bounds' horizon: must not allocate. */
  bound(s: number): number {
    const K = this.count;
    const near = this.near, far = this.far, aimMin = this.aimMin, aimMax = this.aimMax;
    let best = 0;
    for (let l = 0, i = s * K; l < K; l++, i++) best = Math.max(best, aimMin[l] - near[i], far[i] - aimMax[l]);
    return best;
  }
}

/**
 * The landmark tables of the relaxed graph of `bounds` (which must be usable): `count` stops of its
 * largest component (fewer when it has fewer), the busiest first, then each the stop farthest (both
 * ways) from those chosen, with the seconds from each to every stop and back (2 x `count` bucket-queue
 * Dijkstras to CAP_S, footpaths walked both ways, so one pair of tables serves both search
 * directions). Into shared memory when `shared` (Engine.open's `tables`). Seconds of CPU at national size.
 */
export function buildLandmarkTables(tt: TimetableTables, bounds: TargetBounds, count: number, shared: boolean): LandmarkTables {
  const S = tt.stopPatternOffsets.length - 1;
  const candidates = bounds.usable ? largestComponent(tt, bounds.component) : [];
  const K = Math.min(count, candidates.length);
  const stops = allocColumn(Int32Array, K, shared);
  const fromLandmark = allocColumn(Uint16Array, S * K, shared).fill(CAP_S);
  const toLandmark = allocColumn(Uint16Array, S * K, shared).fill(CAP_S);
  if (K === 0) return { stops, fromLandmark, toLandmark };
  const dijkstra = new BucketDijkstra(S, CAP_S);
  // A reverse search from the landmark gives the seconds from it in travel order; a forward one, the seconds to it.
  const fromGraph = bounds.graph(true), toGraph = bounds.graph(false);
  const fill = (table: Uint16Array, l: number): void => {
    const { dist, settled, settledCount } = dijkstra;
    for (let i = 0; i < settledCount; i++) table[settled[i] * K + l] = dist[settled[i]];
  };
  const nearest = new Int32Array(candidates.length).fill(2 * CAP_S);
  let next = candidates.reduce((best, s) => (patternsAt(tt, s) > patternsAt(tt, best) ? s : best), candidates[0]);
  for (let l = 0; l < K; l++) {
    stops[l] = next;
    dijkstra.run(fromGraph, next);
    fill(fromLandmark, l);
    dijkstra.run(toGraph, next);
    fill(toLandmark, l);
    let farthest = -1;
    for (let i = 0; i < candidates.length; i++) {
      const s = candidates[i];
      nearest[i] = Math.min(nearest[i], fromLandmark[s * K + l] + toLandmark[s * K + l]);
      if (farthest < 0 || nearest[i] > nearest[farthest]) farthest = i;
    }
    next = candidates[farthest];
  }
  return { stops, fromLandmark, toLandmark };
}

/** Stops served by some pattern in the largest component (most such stops): where the landmarks go. */
function largestComponent(tt: TimetableTables, component: Uint32Array): number[] {
  const size = new Map<number, number>();
  const S = component.length;
  for (let s = 0; s < S; s++) if (patternsAt(tt, s) > 0) size.set(component[s], (size.get(component[s]) ?? 0) + 1);
  let best = -1, bestSize = 0;
  for (const [c, n] of size) if (n > bestSize) [best, bestSize] = [c, n];
  const out: number[] = [];
  for (let s = 0; s < S; s++) if (component[s] === best && patternsAt(tt, s) > 0) out.push(s);
  return out;
}

function patternsAt(tt: TimetableTables, s: number): number {
  return tt.stopPatternOffsets[s + 1] - tt.stopPatternOffsets[s];
}

/**
 * Target bounds past the Dijkstra's horizon, filled in as the search reads them: a stop the
 * Dijkstra did not reach reads max(horizon, landmark bound) (both lower bounds, and the mix stays
 * consistent: docs/engine.md "Planner"), written into the bound array the first time, so a search
 * pays for the stops it reads, not the country. `clear` before the array gets another target's bounds.
 */
export class BeyondHorizon {
  private lb: Int32Array | null = null;
  private horizon = UNREACHED;
  /** The stops `at` wrote into `lb`, the first `writtenCount`. */
  private readonly written: Int32Array;
  private writtenCount = 0;

  constructor(readonly landmarks: LandmarkBounds, stopCount: number) {
    this.written = new Int32Array(stopCount);
  }

  /** Sets the bound array (`lb`, holding bounds to `horizon` towards `target`) that `at` completes; what it wrote for the same array and target stays. */
  aim(lb: Int32Array, target: readonly StopAccess[], reverse: boolean, horizon: number): void {
    this.lb = lb;
    this.horizon = horizon;
    this.landmarks.aim(target, reverse);
  }

  /** Resets the stops `at` wrote to UNREACHED. */
  clear(): void {
    const lb = this.lb;
    if (lb) for (let i = 0; i < this.writtenCount; i++) lb[this.written[i]] = UNREACHED;
    this.writtenCount = 0;
  }

  /** The bound of a stop `lb` holds UNREACHED for: UNREACHED without a horizon (the Dijkstra ran out: it cannot reach the target), else max(horizon, landmark bound), kept in `lb`. Must not allocate. */
  at(s: number): number {
    if (this.horizon >= UNREACHED) return UNREACHED;
    const b = Math.max(this.horizon, this.landmarks.bound(s));
    this.lb![s] = b;
    this.written[this.writtenCount++] = s;
    return b;
  }
}
