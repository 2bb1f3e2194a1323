import type { TransitMode } from '../api.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { TripPaths } from './trip-paths.js';
import { NONE } from '../snapshot/format.js';
import { encodePolyline } from '../spatial/polyline.js';
import { LineClipper } from './line-clip.js';
import { LineSimplifier } from './simplify.js';
import type { ShapeCatalogue } from './shape-catalogue.js';
import type { DrawnGeometry, ShapeGeometries } from './shape-geometries.js';
import { COARSE_TOLERANCE_DEG } from './shape-geometry.js';

/** One distinct route geometry crossing a box. */
export interface RouteShapeLine {
  /** Bus and tram: route short name, else long name; rail: the operator code (as boards show it). */
  line: string;
  /** Agency NOC, else agency_id. */
  operatorCode: string;
  mode: TransitMode;
  /** The route's route_color as `#rrggbb`, null when the feed gives none. */
  colour: string | null;
  /** Trips running along this geometry (over every route sharing it). */
  tripCount: number;
  /** True when drawn from the feed's shape, false for straight lines between the stops. */
  fromShape: boolean;
  /** The parts inside the box as encoded polylines (precision 5), simplified for the box's size. */
  polylines: string[];
}

/** Route geometries crossing a box (a map's background layer). */
export interface RouteShapeLines {
  shapes: RouteShapeLine[];
  /** Points over all polylines. */
  pointCount: number;
  /** True when `maxPoints` cut the answer short (rail, tram and the busiest lines are kept first). */
  truncated: boolean;
}

/** Simplification tolerance as a share of the box's larger side: half a pixel on a 1000-pixel map. */
export const SIMPLIFY_SHARE = 1 / 2000;

/** What the shapes query needs of a trip: its line, operator and mode (the engine's TripDescriber). */
export interface TripLabels {
  line(tripIdx: number): string;
  operatorCode(tripIdx: number): string;
  mode(tripIdx: number): TransitMode;
}

/** Route shapes inside a box: the geometries the box touches, built on demand (ShapeGeometries). */
export class RouteShapes {
  private catalogueCache: ShapeCatalogue | undefined;
  /** Scratch for cutting and simplifying a box's lines (only the encoded polylines are kept). */
  private readonly clipper = new LineClipper();
  private readonly simplifier = new LineSimplifier();

  constructor(
    private readonly tt: TimetableTables,
    private readonly paths: TripPaths,
    private readonly labels: TripLabels,
    private readonly geometries: ShapeGeometries,
    private readonly buildCatalogue: () => ShapeCatalogue,
  ) {}

  /** Every distinct geometry of the snapshot (built on the first call: one pass over all patterns). The brute-force reference: tests and benches. */
  get catalogue(): ShapeCatalogue {
    return (this.catalogueCache ??= this.buildCatalogue());
  }

  /**
   * Every distinct route geometry crossing the box, cut to the box (each point returned lies in
   * it) and simplified with Douglas-Peucker at SIMPLIFY_SHARE of the box's larger side (ends kept;
   * boxes of 0.1 degrees and wider start from the geometry's coarse copy, not the full shape).
   * Geometries come from the grid of shape pieces in drawing order; adding stops once `maxPoints`
   * is reached. Costs what the box touches (the first query also builds the grid). Allocates its
   * answer: not a hot path.
   */
  inBox(minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): RouteShapeLines {
    return this.draw(this.geometries.crossing(minLat, minLon, maxLat, maxLon), minLat, minLon, maxLat, maxLon, maxPoints);
  }

  /** inBox by a linear scan of the whole catalogue's bounding boxes: the naive baseline (tests and benches). */
  scan(minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): RouteShapeLines {
    const c = this.catalogue;
    const all: DrawnGeometry[] = [];
    for (let g = 0; g < c.count; g++) {
      const bbox = c.bbox.subarray(4 * g, 4 * g + 4);
      if (bbox[0] > maxLat || bbox[2] < minLat || bbox[1] > maxLon || bbox[3] < minLon) continue;
      all.push({ shape: c.shape[g], pattern: c.pattern[g], trip: c.trip[g], tripCount: c.tripCount[g], bbox, coarseLine: () => c.coarseLine(g) });
    }
    return this.draw(all, minLat, minLon, maxLat, maxLon, maxPoints);
  }

  /** Cuts and simplifies geometries (in drawing order, bounding boxes meeting the box) into the answer. */
  private draw(geometries: DrawnGeometry[], minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): RouteShapeLines {
    const cos = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
    const tolerance = Math.max(maxLat - minLat, (maxLon - minLon) * cos) * SIMPLIFY_SHARE;
    const shapes: RouteShapeLine[] = [];
    let pointCount = 0;
    for (const g of geometries) {
      const box = g.bbox;
      // Wide boxes start from the coarse copy (simplifying it further is as good as simplifying the whole).
      // The full line decoded into scratch, cut and simplified in scratch too: a box draws hundreds of lines and keeps only their text.
      const ll = tolerance >= COARSE_TOLERANCE_DEG ? g.coarseLine() : g.shape === NONE ? this.paths.stopLine(g.pattern, true) : this.paths.shapeLine(g.shape, true);
      const whollyInside = box[0] >= minLat && box[2] <= maxLat && box[1] >= minLon && box[3] <= maxLon;
      const runs = whollyInside ? (ll.length >= 4 ? 1 : 0) : this.clipper.clip(ll, minLat, minLon, maxLat, maxLon);
      if (!runs) continue;
      if (pointCount >= maxPoints) return { shapes, pointCount, truncated: true };
      const polylines: string[] = [];
      for (let r = 0; r < runs; r++) {
        const simple = this.simplifier.simplify(whollyInside ? ll : this.clipper.run(r), tolerance);
        pointCount += simple.length >> 1;
        polylines.push(encodePolyline(simple));
      }
      shapes.push(this.describe(g, polylines));
    }
    return { shapes, pointCount, truncated: false };
  }

  private describe(g: DrawnGeometry, polylines: string[]): RouteShapeLine {
    const t = g.trip;
    const colour = this.tt.routeColor[this.tt.tripRoute[t]];
    return {
      line: this.labels.line(t),
      operatorCode: this.labels.operatorCode(t),
      mode: this.labels.mode(t),
      colour: colour === NONE ? null : `#${colour.toString(16).padStart(6, '0')}`,
      tripCount: g.tripCount,
      fromShape: g.shape !== NONE,
      polylines,
    };
  }
}
