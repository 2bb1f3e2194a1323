import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { TripPaths } from './trip-paths.js';
import type { TransitMode } from '../api.js';
import { NONE } from '../snapshot/format.js';
import { simplifyLine } from './simplify.js';

/**
 * Tolerance of the coarse copy kept of each geometry, degrees of latitude (about 5.5 m): boxes
 * whose own tolerance is at least this (0.1 degrees and wider) are drawn from it, not decoded.
 */
export const COARSE_TOLERANCE_DEG = 5e-5;
/** Coarse coordinates are stored in units of 1e-5 degree (the polylines' precision). */
const COARSE_UNIT = 1e5;

/** Drawing order when `maxPoints` cuts an answer short: rail and tram first, then the busiest lines. */
const MODE_RANK: Record<TransitMode, number> = { rail: 0, tram: 1, ferry: 2, coach: 3, bus: 4, other: 5 };

/** Per geometry while building: what it draws and who runs along it. */
interface Draft {
  shape: number;
  pattern: number;
  tripCount: number;
  /** Route -> [trips on this geometry, one of them]. */
  routes: Map<number, [number, number]>;
}

/**
 * The distinct route geometries of a snapshot: one per distinct shape polyline that trips run
 * along, plus one per distinct stop sequence whose trips have no usable shape (drawn as the
 * straight line through the stops). Whether a shape is usable is TripPath's own test (it passes
 * near every stop), so these are the lines the journey and live code put the trips on. Sorted
 * for drawing: rail, tram, ferry, coach, bus; busiest first within a mode.
 */
export class ShapeCatalogue {
  /** Geometry -> shape it draws, or NONE for the straight line through its pattern's stops. */
  readonly shape: Uint32Array;
  /** Geometry -> pattern whose stops make the line (shape NONE), else a pattern running the shape. */
  readonly pattern: Uint32Array;
  /** Geometry -> a trip of the route with most trips along it (its line, mode and colour). */
  readonly trip: Uint32Array;
  /** Geometry -> trips running along it. */
  readonly tripCount: Uint32Array;
  /** Geometry g -> its bounding box at [4g, 4g + 4): minLat, minLon, maxLat, maxLon, degrees. */
  readonly bbox: Float64Array;
  /** Geometry -> [first, end) into coarse (points). Length count + 1. */
  readonly coarseOffsets: Uint32Array;
  /** Interleaved lat, lon of each geometry simplified at COARSE_TOLERANCE_DEG, in 1e-5 degrees. */
  readonly coarse: Int32Array;

  private constructor(drafts: Draft[], boxes: Float64Array, coarse: Float64Array[], order: number[]) {
    const n = order.length;
    this.shape = Uint32Array.from(order, (g) => drafts[g].shape);
    this.pattern = Uint32Array.from(order, (g) => drafts[g].pattern);
    this.trip = Uint32Array.from(order, (g) => representativeTrip(drafts[g]));
    this.tripCount = Uint32Array.from(order, (g) => drafts[g].tripCount);
    this.bbox = new Float64Array(4 * n);
    order.forEach((g, i) => this.bbox.set(boxes.subarray(4 * g, 4 * g + 4), 4 * i));
    this.coarseOffsets = new Uint32Array(n + 1);
    order.forEach((g, i) => (this.coarseOffsets[i + 1] = this.coarseOffsets[i] + (coarse[g].length >> 1)));
    this.coarse = new Int32Array(2 * this.coarseOffsets[n]);
    order.forEach((g, i) => coarse[g].forEach((x, k) => (this.coarse[2 * this.coarseOffsets[i] + k] = Math.round(x * COARSE_UNIT))));
  }

  /** Geometry g simplified at COARSE_TOLERANCE_DEG as interleaved lat, lon degrees. */
  coarseLine(g: number): Float64Array {
    const from = 2 * this.coarseOffsets[g], to = 2 * this.coarseOffsets[g + 1];
    const out = new Float64Array(to - from);
    for (let k = from; k < to; k++) out[k - from] = this.coarse[k] / COARSE_UNIT;
    return out;
  }

  get count(): number {
    return this.shape.length;
  }

  /**
   * Walks every pattern's trips once. A trip whose shape is missing or misses a stop is drawn on
   * its pattern's commonest usable shape when the pattern has one (it calls at the same stops),
   * else on the line through the stops. Identical polylines under different shape_ids are one
   * geometry (the string table stores each text once). Allocates: runs once per engine.
   */
  static build(tt: TimetableTables, paths: TripPaths, modeOf: (tripIdx: number) => TransitMode): ShapeCatalogue {
    const drafts: Draft[] = [];
    const byKey = new Map<string, number>();
    const boxes: number[] = [];
    const coarse: Float64Array[] = [];
    for (let p = 0; p < tt.patternCount; p++) {
      const route = tt.patternRoute[p];
      const shapes = new Map<number, [number, number]>();
      for (let k = tt.patternTripOffsets[p]; k < tt.patternTripOffsets[p + 1]; k++) {
        const t = tt.patternTrips[k];
        const entry = shapes.get(tt.tripShape[t]);
        if (entry) entry[0]++;
        else shapes.set(tt.tripShape[t], [1, t]);
      }
      // Each shape decoded once here; a usable one's points are kept for drawing it below.
      const usableLines = new Map<number, Float64Array>();
      for (const s of shapes.keys()) {
        if (s === NONE) continue;
        const ll = paths.shapeLine(s);
        if (paths.build(p, ll).fromShape) usableLines.set(s, ll);
      }
      const usable = [...usableLines.keys()];
      const commonest = usable.reduce((best, s) => (best === NONE || shapes.get(s)![0] > shapes.get(best)![0] ? s : best), NONE);
      for (const [s, [count, t]] of shapes) {
        const drawn = usable.includes(s) ? s : commonest;
        const key = drawn === NONE ? `p${tt.patternStops.subarray(tt.patternStopOffsets[p], tt.patternStopOffsets[p + 1]).join(',')}` : `s${tt.shapePolyline[drawn]}`;
        let g = byKey.get(key);
        if (g === undefined) {
          byKey.set(key, (g = drafts.length));
          drafts.push({ shape: drawn, pattern: p, tripCount: 0, routes: new Map() });
          const ll = drawn === NONE ? paths.stopLine(p) : usableLines.get(drawn)!;
          boxes.push(...boundingBox(ll));
          coarse.push(simplifyLine(ll, COARSE_TOLERANCE_DEG));
        }
        const d = drafts[g];
        d.tripCount += count;
        const r = d.routes.get(route);
        if (r) r[0] += count;
        else d.routes.set(route, [count, t]);
      }
    }
    const rank = drafts.map((d) => MODE_RANK[modeOf(representativeTrip(d))]);
    const order = drafts.map((_, g) => g).sort((a, b) => rank[a] - rank[b] || drafts[b].tripCount - drafts[a].tripCount || a - b);
    return new ShapeCatalogue(drafts, Float64Array.from(boxes), coarse, order);
  }
}

function representativeTrip(d: Draft): number {
  let best = -1, trip = 0;
  for (const [count, t] of d.routes.values()) {
    if (count > best) {
      best = count;
      trip = t;
    }
  }
  return trip;
}

/** [minLat, minLon, maxLat, maxLon] of interleaved lat, lon degrees (an empty box for no points). */
function boundingBox(ll: Float64Array): [number, number, number, number] {
  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (let i = 0; i + 1 < ll.length; i += 2) {
    if (ll[i] < minLat) minLat = ll[i];
    if (ll[i] > maxLat) maxLat = ll[i];
    if (ll[i + 1] < minLon) minLon = ll[i + 1];
    if (ll[i + 1] > maxLon) maxLon = ll[i + 1];
  }
  return [minLat, minLon, maxLat, maxLon];
}
