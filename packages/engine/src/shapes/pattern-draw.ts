import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { TripPaths } from './trip-paths.js';
import { NONE } from '../snapshot/format.js';

/**
 * How one pattern's trips are drawn: per distinct shape among its trips (entries in order of each
 * shape's first trip, NONE included), the shape they are drawn on. A usable shape (TripPath's
 * test: it passes near every stop) draws its own trips; a missing or unusable one's trips go on
 * the pattern's commonest usable shape, else on the line through the stops (NONE for every entry).
 */
export interface PatternDraw {
  /** Entry -> shape its trips are drawn on, or NONE for the line through the pattern's stops. */
  readonly drawn: number[];
  /** Entry -> trips of the pattern with that shape. */
  readonly count: number[];
  /** Entry -> the first of those trips. */
  readonly trip: number[];
}

/**
 * Draws pattern `p`: decodes each distinct shape of its trips once and places the pattern's stops
 * on it. Usable shapes' decoded points go into `decoded` when given (the catalogue draws from
 * them). Allocates: called once per pattern and cached by the caller.
 */
export function drawPattern(tt: TimetableTables, paths: TripPaths, p: number, decoded?: Map<number, Float64Array>): PatternDraw {
  const shapes = new Map<number, [number, number]>();
  for (let t = tt.patternTripOffsets[p]; t < tt.patternTripOffsets[p + 1]; t++) {
    const entry = shapes.get(tt.tripShape[t]);
    if (entry) entry[0]++;
    else shapes.set(tt.tripShape[t], [1, t]);
  }
  const usable: number[] = [];
  for (const s of shapes.keys()) {
    if (s === NONE || !paths.fits(p, s)) continue;
    usable.push(s);
    decoded?.set(s, paths.shapeLine(s));
  }
  const commonest = usable.reduce((best, s) => (best === NONE || shapes.get(s)![0] > shapes.get(best)![0] ? s : best), NONE);
  const draw: PatternDraw = { drawn: [], count: [], trip: [] };
  for (const [s, [count, t]] of shapes) {
    draw.drawn.push(usable.includes(s) ? s : commonest);
    draw.count.push(count);
    draw.trip.push(t);
  }
  return draw;
}
