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

  /** A pattern's stops in order as interleaved lat, lon degrees (the path when a trip has no usable shape). */
  stopLine(patternIdx: number): Float64Array {
    const tt = this.tt;
    const first = tt.patternStopOffsets[patternIdx];
    const n = tt.patternStopOffsets[patternIdx + 1] - first;
    const ll = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const s = tt.patternStops[first + i];
      ll[2 * i] = this.stops.lat[s];
      ll[2 * i + 1] = this.stops.lon[s];
    }
    return ll;
  }

  /** A shape's points as interleaved lat, lon degrees; empty for NONE. */
  shapeLine(shapeIdx: number): Float64Array {
    return shapeIdx === NONE ? new Float64Array(0) : this.tt.shapeLines.points(this.tt.shapePolyline[shapeIdx]);
  }
}
