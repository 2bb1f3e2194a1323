import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import { NONE } from '../snapshot/format.js';
import { decodePolyline } from '../spatial/polyline.js';
import { TripPath } from './trip-path.js';
import { BoundedCache } from '../bounded-cache.js';

/** Paths kept per generation (BoundedCache): a fleet's working set up to this many stays cached, and memory stays bounded on a national snapshot. */
export const MAX_CACHED_PATHS = 20_000;

/** Trip paths (shape + stop placement) by pattern and shape, built on first use. */
export class TripPaths {
  private readonly cache = new BoundedCache<number, TripPath>(MAX_CACHED_PATHS);

  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stops: StopTable,
  ) {}

  /** The path of a trip (shared by every trip of its pattern with the same shape). */
  of(tripIdx: number): TripPath {
    const tt = this.tt;
    const p = tt.tripPattern[tripIdx];
    const shape = tt.tripShape[tripIdx];
    const key = p * (tt.shapeCount + 1) + (shape === NONE ? tt.shapeCount : shape);
    let path = this.cache.get(key);
    if (!path) {
      path = this.build(p, this.shapeLine(shape));
      this.cache.set(key, path);
    }
    return path;
  }

  /** The path of a pattern's trips along `shapeLine` (a decoded shape, see `shapeLine`; empty: straight lines between the stops), uncached. */
  build(patternIdx: number, shapeLine: Float64Array): TripPath {
    return TripPath.build(shapeLine, this.stopLine(patternIdx));
  }

  /**
   * Whether the trips of a pattern on this shape are drawn on it (`build` would use it: it passes
   * near every stop). Decodes into scratch arrays, builds nothing: a route layer asks it of every
   * shape of every pattern in a box.
   */
  fits(patternIdx: number, shapeIdx: number): boolean {
    return shapeIdx !== NONE && TripPath.fits(this.shapeLine(shapeIdx, true), this.stopLine(patternIdx, true));
  }

  private lineScratch = new Float64Array(0);
  private stopScratch = new Float64Array(0);

  /** A pattern's stops in order as interleaved lat, lon degrees (the path when a trip has no usable shape); in scratch (valid until the next call) with `scratch`. */
  stopLine(patternIdx: number, scratch = false): Float64Array {
    const tt = this.tt;
    const first = tt.patternStopOffsets[patternIdx];
    const n = tt.patternStopOffsets[patternIdx + 1] - first;
    if (scratch && this.stopScratch.length < 2 * n) this.stopScratch = new Float64Array(4 * n);
    const ll = scratch ? this.stopScratch.subarray(0, 2 * n) : new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const s = tt.patternStops[first + i];
      ll[2 * i] = this.stops.lat[s];
      ll[2 * i + 1] = this.stops.lon[s];
    }
    return ll;
  }

  /** A shape's points as interleaved lat, lon degrees; empty for NONE. With `scratch`, in scratch (valid until the next call that uses it). */
  shapeLine(shapeIdx: number, scratch = false): Float64Array {
    if (shapeIdx === NONE) return new Float64Array(0);
    const key = this.tt.shapePolyline[shapeIdx];
    if (!scratch) return this.tt.shapeLines.points(key);
    const size = this.tt.shapeLines.offsets[key + 1] - this.tt.shapeLines.offsets[key];
    if (this.lineScratch.length < size) this.lineScratch = new Float64Array(2 * size);
    return this.tt.shapeLines.points(key, this.lineScratch);
  }
}
