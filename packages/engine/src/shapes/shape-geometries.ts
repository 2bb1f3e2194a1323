import type { TransitMode } from '../api.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TripPaths } from './trip-paths.js';
import { NONE } from '../snapshot/format.js';
import { drawPattern } from './pattern-draw.js';
import { DrawCache, type CachedDraw } from './draw-cache.js';
import { ShapeGrid } from './shape-grid.js';
import { compileShapeGrid, type ShapeGridColumns } from './shape-grid-columns.js';
import { GeometryDraft, MODE_RANK, boundingBox, coarseLine } from './shape-geometry.js';
import { LineSimplifier } from './simplify.js';
import { BoundedCache } from '../bounded-cache.js';

/** Geometries (and, separately, pattern draws) kept per generation of each cache. */
export const MAX_CACHED_GEOMETRIES = 20_000;
export const MAX_CACHED_DRAWS = 65_536;
/**
 * Bytes per generation of each cache (geometries by polyline, by stops; draws), as they count
 * them: a worker holds at most about 2 x (2 + 2 + 1) MiB however much of the country it is asked
 * to draw (unbounded, 5,120 random boxes at 350 tiles grew a worker by 497 MiB). Draws are held as
 * numbers (DrawCache): 1 MiB holds about as many as 4 MiB of draw objects did. A map panning one
 * region stays warm: `node bench/shapes-ab.js SNAP 500 4 --pan` at 200 tiles, 0.59 ms CPU a box
 * against 0.60 unbounded. Boxes at random over the country cost what holding the whole country
 * saved: 6.1 against 4.2-4.5 ms (without --pan); 8 + 8 + 16 MiB gained nothing there (6.1) and
 * held 170 MiB more on 2 workers after 14,000 requests.
 */
export const MAX_CACHED_GEOMETRY_BYTES = 2 << 20;
export const MAX_CACHED_DRAW_BYTES = 1 << 20;

/** What an entry holds, roughly: the coarse line, the object with its bbox; the key's characters. */
const geometryBytes = (g: LazyGeometry | null): number => (g === null ? 16 : 320 + g.coarse.byteLength);

/** One distinct route geometry, as the catalogue would hold it (ShapeCatalogue's columns for one g). */
export interface DrawnGeometry {
  /** Shape drawn, or NONE for the line through `pattern`'s stops. */
  readonly shape: number;
  /** First pattern drawn on it (its stops make the line when shape is NONE). */
  readonly pattern: number;
  /** A trip of the route with most trips along it (line, mode, colour). */
  readonly trip: number;
  /** Trips running along it, over the whole snapshot. */
  readonly tripCount: number;
  /** [minLat, minLon, maxLat, maxLon] of the full line, degrees. */
  readonly bbox: ArrayLike<number>;
  /** The line simplified at COARSE_TOLERANCE_DEG, interleaved lat, lon degrees (1e-5 steps). */
  coarseLine(): Float64Array;
}

/** A geometry built on demand, with its place in drawing order. */
class LazyGeometry implements DrawnGeometry {
  constructor(
    readonly shape: number,
    readonly pattern: number,
    /** Entry of `pattern`'s draw that first drew it (with `pattern`: the catalogue's creation order). */
    readonly entry: number,
    readonly trip: number,
    readonly tripCount: number,
    /** MODE_RANK of the trip's mode. */
    readonly rank: number,
    readonly bbox: ArrayLike<number>,
    readonly coarse: Float64Array,
  ) {}

  coarseLine(): Float64Array {
    return this.coarse;
  }
}

/**
 * The route geometries crossing a box, built only for what the box touches: a ShapeGrid over the
 * pieces of every line finds the candidates; a polyline's geometry draws the patterns whose trips
 * have that polyline, a stop line's the patterns with the same stops (PatternDraw: decode, place
 * stops). Each geometry and each pattern's draw is cached (bounded). Answers equal a brute-force
 * scan of the ShapeCatalogue: same geometries, trip counts, representative trips and order.
 */
export class ShapeGeometries {
  private gridCache: ShapeGrid | undefined;
  private readonly draws: DrawCache;
  private readonly byPolyline: BoundedCache<number, LazyGeometry | null>;
  private readonly byStops: BoundedCache<string, LazyGeometry | null>;
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
    this.byPolyline = new BoundedCache(MAX_CACHED_GEOMETRIES, cacheBytes.geometries, (_, g) => geometryBytes(g));
    this.byStops = new BoundedCache(MAX_CACHED_GEOMETRIES, cacheBytes.geometries, (key, g) => 32 + key.length + geometryBytes(g));
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
    const out: LazyGeometry[] = [];
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
      if (g === undefined) {
        this.byStops.set(key, (g = this.stopLineGeometry(group)));
      }
      if (g) out.push(g);
    }
    const hits = out.filter((g) => !(g.bbox[0] > maxLat || g.bbox[2] < minLat || g.bbox[1] > maxLon || g.bbox[3] < minLon));
    return hits.sort((a, b) => a.rank - b.rank || b.tripCount - a.tripCount || a.pattern - b.pattern || a.entry - b.entry);
  }

  /** The geometry of a polyline item, or null when no trip is drawn on it (cached). */
  private polylineGeometry(item: number): LazyGeometry | null {
    let g = this.byPolyline.get(item);
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
    g = draft ? this.finish(draft, this.paths.shapeLine(draft.shape, true)) : null;
    this.byPolyline.set(item, g);
    return g;
  }

  /** The line through the stops of `group` (patterns with the same stops, ascending, each drawn on it). */
  private stopLineGeometry(group: number[]): LazyGeometry | null {
    let draft: GeometryDraft | undefined;
    for (const p of group) {
      const draw = this.draw(p);
      for (let k = 0; k < draw.entries; k++) {
        draft ??= new GeometryDraft(NONE, p, k);
        draft.add(this.tt.patternRoute[p], draw.count(k), draw.trip(k));
      }
    }
    return draft ? this.finish(draft, this.paths.stopLine(draft.pattern, true)) : null;
  }

  /** The geometry of a draft drawn on `ll` (scratch: only read here). */
  private finish(draft: GeometryDraft, ll: Float64Array): LazyGeometry {
    const trip = draft.representativeTrip();
    const rank = MODE_RANK[this.modeOf(trip)];
    return new LazyGeometry(draft.shape, draft.pattern, draft.entry, trip, draft.tripCount, rank, boundingBox(ll), coarseLine(ll, this.simplifier));
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
