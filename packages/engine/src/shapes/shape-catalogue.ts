import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { TripPaths } from './trip-paths.js';
import type { TransitMode } from '../api.js';
import { NONE } from '../snapshot/format.js';
import { drawPattern } from './pattern-draw.js';
import { GeometryDraft, MODE_RANK, boundingBox, coarseDegrees, coarseUnits } from './shape-geometry.js';
import { LineSimplifier } from './simplify.js';

export { COARSE_TOLERANCE_DEG } from './shape-geometry.js';

/**
 * Every distinct route geometry of a snapshot, built in one pass over all patterns: one per
 * distinct shape polyline that trips run along, plus one per distinct stop sequence whose trips
 * have no usable shape (drawn as the straight line through the stops); see PatternDraw. Sorted
 * for drawing: rail, tram, ferry, coach, bus; busiest first within a mode, then in order of
 * creation. The brute-force reference of ShapeGeometries (which builds only the geometries a box
 * touches): tests and benches, not queries.
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

  private constructor(drafts: GeometryDraft[], boxes: Float64Array, coarse: Int32Array[], order: number[]) {
    const n = order.length;
    this.shape = Uint32Array.from(order, (g) => drafts[g].shape);
    this.pattern = Uint32Array.from(order, (g) => drafts[g].pattern);
    this.trip = Uint32Array.from(order, (g) => drafts[g].representativeTrip());
    this.tripCount = Uint32Array.from(order, (g) => drafts[g].tripCount);
    this.bbox = new Float64Array(4 * n);
    order.forEach((g, i) => this.bbox.set(boxes.subarray(4 * g, 4 * g + 4), 4 * i));
    this.coarseOffsets = new Uint32Array(n + 1);
    order.forEach((g, i) => (this.coarseOffsets[i + 1] = this.coarseOffsets[i] + (coarse[g].length >> 1)));
    this.coarse = new Int32Array(2 * this.coarseOffsets[n]);
    order.forEach((g, i) => this.coarse.set(coarse[g], 2 * this.coarseOffsets[i]));
  }

  /** Geometry g simplified at COARSE_TOLERANCE_DEG as interleaved lat, lon degrees. */
  coarseLine(g: number): Float64Array {
    return coarseDegrees(this.coarse, 2 * this.coarseOffsets[g], 2 * this.coarseOffsets[g + 1]);
  }

  get count(): number {
    return this.shape.length;
  }

  /**
   * Draws every pattern (drawPattern) and merges identical geometries: identical polylines under
   * different shape_ids are one geometry (the string table stores each text once), and so are
   * patterns with the same stop sequence. Allocates: runs once per engine, on request.
   */
  static build(tt: TimetableTables, paths: TripPaths, modeOf: (tripIdx: number) => TransitMode): ShapeCatalogue {
    const drafts: GeometryDraft[] = [];
    const byKey = new Map<string, number>();
    const boxes: number[] = [];
    const coarse: Int32Array[] = [];
    const simplifier = new LineSimplifier();
    for (let p = 0; p < tt.patternCount; p++) {
      const route = tt.patternRoute[p];
      const decoded = new Map<number, Float64Array>(); // usable shapes' points, drawn from below
      const draw = drawPattern(tt, paths, p, decoded);
      for (let k = 0; k < draw.drawn.length; k++) {
        const drawn = draw.drawn[k];
        const key = drawn === NONE ? `p${tt.patternStops.subarray(tt.patternStopOffsets[p], tt.patternStopOffsets[p + 1]).join(',')}` : `s${tt.shapePolyline[drawn]}`;
        let g = byKey.get(key);
        if (g === undefined) {
          byKey.set(key, (g = drafts.length));
          drafts.push(new GeometryDraft(drawn, p, k));
          const ll = drawn === NONE ? paths.stopLine(p) : decoded.get(drawn)!;
          boxes.push(...boundingBox(ll));
          coarse.push(coarseUnits(ll, simplifier));
        }
        drafts[g].add(route, draw.count[k], draw.trip[k]);
      }
    }
    const rank = drafts.map((d) => MODE_RANK[modeOf(d.representativeTrip())]);
    const order = drafts.map((_, g) => g).sort((a, b) => rank[a] - rank[b] || drafts[b].tripCount - drafts[a].tripCount || a - b);
    return new ShapeCatalogue(drafts, Float64Array.from(boxes), coarse, order);
  }
}
