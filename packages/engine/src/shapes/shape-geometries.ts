import type { TransitMode } from '../api.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TripPaths } from './trip-paths.js';
import { NONE } from '../snapshot/format.js';
import { drawPattern } from './pattern-draw.js';
import { DrawCache, type CachedDraw } from './draw-cache.js';
import { ShapeGrid } from './shape-grid.js';
import { compileShapeGrid, type ShapeGridColumns } from './shape-grid-columns.js';
import { COARSE_TOLERANCE_DEG, GeometryDraft, MODE_RANK, boundingBox, coarseInto, type DrawnGeometry } from './shape-geometry.js';
import { GeometryCache, type CachedGeometry } from './geometry-cache.js';
import { LineSimplifier } from './simplify.js';

/** Geometries (and, separately, pattern draws) kept per generation of each cache. */
export const MAX_CACHED_GEOMETRIES = 20_000;
export const MAX_CACHED_DRAWS = 65_536;
/**
 * Bytes per generation of each cache (geometries by polyline, by stops; draws), as they count
 * them: a worker holds at most about 2 x (2 + 2 + 1) MiB however much of the country it is asked
 * to draw (unbounded, 5,120 random boxes at 350 tiles grew a worker by 497 MiB). Both are held as
 * numbers (GeometryCache, DrawCache), not objects V8 promoted and then kept old space for (the
 * shapes area of shared-tables-memory --plans 2000 grew +79 MiB, against +196 as objects). A map panning one
 * region stays warm: `node bench/shapes-ab.js SNAP 500 4 --pan` at 200 tiles, 0.59 ms CPU a box
 * against 0.60 unbounded. Boxes at random over the country cost what holding the whole country
 * saved: 6.1 against 4.2-4.5 ms (without --pan); 8 + 8 + 16 MiB gained nothing there (6.1) and
 * held 170 MiB more on 2 workers after 14,000 requests.
 */
export const MAX_CACHED_GEOMETRY_BYTES = 2 << 20;
export const MAX_CACHED_DRAW_BYTES = 1 << 20;

export type { DrawnGeometry } from './shape-geometry.js';

/**
 * The route geometries crossing a box, built only for what the box touches: a ShapeGrid over the
 * pieces of every line finds the candidates; a polyline's geometry draws the patterns whose trips
 * have that polyline, a stop line's the patterns with the same stops (PatternDraw: decode, place
 * stops). Each geometry and each pattern's draw is cached (bounded, as numbers). Answers equal a brute-force
 * scan of the ShapeCatalogue: same geometries, trip counts, representative trips and order.
 */
export class ShapeGeometries {
  private gridCache: ShapeGrid | undefined;
  private readonly draws: DrawCache;
  private readonly byPolyline: GeometryCache<number>;
  private readonly byStops: GeometryCache<string>;
  /** Scratch of the coarse copies (only the copy is kept). */
  private readonly simplifier = new LineSimplifier();

  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stopLat: Float64Array,
    private readonly stopLon: Float64Array,
    private readonly paths: TripPaths,
    private readonly modeOf: (tripIdx: number) => TransitMode,
    /** The grid the snapshot stores (readShapeGrid), or null to build it on first use. */
    private readonly stored: ShapeGridColumns | null = null,
    /** Bytes per generation of the geometry caches and of the draws' (tests make them small). */
    cacheBytes = { geometries: MAX_CACHED_GEOMETRY_BYTES, draws: MAX_CACHED_DRAW_BYTES },
  ) {
    this.draws = new DrawCache(MAX_CACHED_DRAWS, cacheBytes.draws);
    this.byPolyline = new GeometryCache(MAX_CACHED_GEOMETRIES, cacheBytes.geometries);
    this.byStops = new GeometryCache(MAX_CACHED_GEOMETRIES, cacheBytes.geometries, (key) => 32 + key.length);
  }

  /** Bytes the caches hold, as they count them (geometries by polyline and by stops, draws). */
  get cachedBytes(): number {
    return this.byPolyline.bytes + this.byStops.bytes + this.draws.bytes;
  }

  /** The grid over every line's pieces: the stored one, else built on first use (one pass over the polyline bytes, pattern stops and trips). */
  get grid(): ShapeGrid {
    return (this.gridCache ??= new ShapeGrid(this.stored ?? compileShapeGrid(this.tt, this.tt.shapeLines, this.stopLat, this.stopLon), this.tt.patternCount));
  }

  /**
   * The geometries whose bounding box meets the box, in drawing order (rail, tram, ferry, coach,
   * bus; busiest first; then the catalogue's creation order). Every geometry with a segment in the
   * box is among them. Allocates: not a hot path.
   */
  crossing(minLat: number, minLon: number, maxLat: number, maxLon: number): DrawnGeometry[] {
    const grid = this.grid;
    const n = grid.query(minLat, minLon, maxLat, maxLon);
    const out: CachedGeometry[] = [];
    const stopPatterns: number[] = [];
    for (let i = 0; i < n; i++) {
      const item = grid.found[i];
      if (item >= grid.polylineCount) stopPatterns.push(item - grid.polylineCount);
      else {
        const g = this.polylineGeometry(item);
        if (g) out.push(g);
      }
    }
    // Patterns with the same stops have the same pieces: all are here together, grouped by stops in pattern order.
    const groups = new Map<string, number[]>();
    for (const p of stopPatterns.sort((a, b) => a - b)) {
      const draw = this.draw(p);
      if (draw.entries === 0 || draw.drawn(0) !== NONE) continue;
      const key = this.stopsKey(p);
      const group = groups.get(key);
      if (group) group.push(p);
      else groups.set(key, [p]);
    }
    for (const [key, group] of groups) {
      let g = this.byStops.get(key);
      if (g === undefined) g = this.stopLineGeometry(key, group);
      if (g) out.push(g);
    }
    const hits = out.filter((g) => !(g.bbox[0] > maxLat || g.bbox[2] < minLat || g.bbox[1] > maxLon || g.bbox[3] < minLon));
    return hits.sort((a, b) => a.rank - b.rank || b.tripCount - a.tripCount || a.pattern - b.pattern || a.entry - b.entry);
  }

  /** The geometry of a polyline item, or null when no trip is drawn on it (cached). */
  private polylineGeometry(item: number): CachedGeometry | null {
    const g = this.byPolyline.get(item);
    if (g !== undefined) return g;
    const tt = this.tt;
    const grid = this.grid;
    const text = grid.polylines[item];
    let draft: GeometryDraft | undefined;
    for (let i = grid.itemPatternOffsets[item]; i < grid.itemPatternOffsets[item + 1]; i++) {
      const p = grid.itemPatterns[i];
      const draw = this.draw(p);
      for (let k = 0; k < draw.entries; k++) {
        const s = draw.drawn(k);
        if (s === NONE || tt.shapePolyline[s] !== text) continue;
        draft ??= new GeometryDraft(s, p, k);
        draft.add(tt.patternRoute[p], draw.count(k), draw.trip(k));
      }
    }
    return draft ? this.finish(this.byPolyline, item, draft, this.paths.shapeLine(draft.shape, true)) : this.byPolyline.setNone(item);
  }

  /** The line through the stops of `group` (patterns with the same stops `key`, ascending, each drawn on it), cached. */
  private stopLineGeometry(key: string, group: number[]): CachedGeometry | null {
    let draft: GeometryDraft | undefined;
    for (const p of group) {
      const draw = this.draw(p);
      for (let k = 0; k < draw.entries; k++) {
        draft ??= new GeometryDraft(NONE, p, k);
        draft.add(this.tt.patternRoute[p], draw.count(k), draw.trip(k));
      }
    }
    return draft ? this.finish(this.byStops, key, draft, this.paths.stopLine(draft.pattern, true)) : this.byStops.setNone(key);
  }

  /** The geometry of a draft drawn on `ll` (scratch: only read here), cached under `key`. */
  private finish<K>(cache: GeometryCache<K>, key: K, draft: GeometryDraft, ll: Float64Array): CachedGeometry {
    const trip = draft.representativeTrip();
    const simple = this.simplifier.simplify(ll, COARSE_TOLERANCE_DEG);
    const fields = { shape: draft.shape, pattern: draft.pattern, entry: draft.entry, trip, tripCount: draft.tripCount, rank: MODE_RANK[this.modeOf(trip)], bbox: boundingBox(ll) };
    return cache.set(key, fields, simple.length, (out, at) => coarseInto(simple, out, at));
  }

  /** Pattern p's draw (cached): a cursor, read before the next call. */
  private draw(p: number): CachedDraw {
    return this.draws.get(p) ?? this.draws.set(p, drawPattern(this.tt, this.paths, p));
  }

  private stopsKey(p: number): string {
    const tt = this.tt;
    return tt.patternStops.subarray(tt.patternStopOffsets[p], tt.patternStopOffsets[p + 1]).join(',');
  }
}
