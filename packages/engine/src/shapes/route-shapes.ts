import type { TransitMode } from '../api.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { TripPaths } from './trip-paths.js';
import { NONE } from '../snapshot/format.js';
import { encodePolyline } from '../spatial/polyline.js';
import { clipToBox } from './line-clip.js';
import { simplifyLine } from './simplify.js';
import { COARSE_TOLERANCE_DEG, type ShapeCatalogue } from './shape-catalogue.js';

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

/** Route shapes inside a box, over a catalogue built on first use. */
export class RouteShapes {
  private catalogueCache: ShapeCatalogue | undefined;

  constructor(
    private readonly tt: TimetableTables,
    private readonly paths: TripPaths,
    private readonly labels: TripLabels,
    private readonly buildCatalogue: () => ShapeCatalogue,
  ) {}

  /** The distinct geometries (built on the first call: one pass over the patterns). */
  get catalogue(): ShapeCatalogue {
    return (this.catalogueCache ??= this.buildCatalogue());
  }

  /**
   * Every distinct route geometry crossing the box, cut to the box (each point returned lies in
   * it) and simplified with Douglas-Peucker at SIMPLIFY_SHARE of the box's larger side (ends kept;
   * boxes of 0.1 degrees and wider start from the catalogue's coarse copy, not the full shape).
   * Geometries are scanned by bounding box in drawing order; adding stops once `maxPoints` is
   * reached. Allocates its answer: not a hot path.
   */
  inBox(minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): RouteShapeLines {
    const c = this.catalogue;
    const cos = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
    const tolerance = Math.max(maxLat - minLat, (maxLon - minLon) * cos) * SIMPLIFY_SHARE;
    const shapes: RouteShapeLine[] = [];
    let pointCount = 0;
    for (let g = 0; g < c.count; g++) {
      const b = 4 * g;
      if (c.bbox[b] > maxLat || c.bbox[b + 2] < minLat || c.bbox[b + 1] > maxLon || c.bbox[b + 3] < minLon) continue;
      const shape = c.shape[g];
      // Wide boxes start from the coarse copy (simplifying it further is as good as simplifying the whole).
      const ll = tolerance >= COARSE_TOLERANCE_DEG ? c.coarseLine(g) : shape === NONE ? this.paths.stopLine(c.pattern[g]) : this.paths.shapeLine(shape);
      const whollyInside = c.bbox[b] >= minLat && c.bbox[b + 2] <= maxLat && c.bbox[b + 1] >= minLon && c.bbox[b + 3] <= maxLon;
      const runs = whollyInside ? (ll.length >= 4 ? [ll] : []) : clipToBox(ll, minLat, minLon, maxLat, maxLon);
      if (!runs.length) continue;
      if (pointCount >= maxPoints) return { shapes, pointCount, truncated: true };
      const polylines = runs.map((run) => {
        const simple = simplifyLine(run, tolerance);
        pointCount += simple.length >> 1;
        return encodePolyline(simple);
      });
      shapes.push(this.describe(g, shape !== NONE, polylines));
    }
    return { shapes, pointCount, truncated: false };
  }

  private describe(g: number, fromShape: boolean, polylines: string[]): RouteShapeLine {
    const c = this.catalogue;
    const t = c.trip[g];
    const colour = this.tt.routeColor[this.tt.tripRoute[t]];
    return {
      line: this.labels.line(t),
      operatorCode: this.labels.operatorCode(t),
      mode: this.labels.mode(t),
      colour: colour === NONE ? null : `#${colour.toString(16).padStart(6, '0')}`,
      tripCount: c.tripCount[g],
      fromShape,
      polylines,
    };
  }
}
