import { NONE } from '../snapshot/format.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { RouteShape } from '../api.js';
import type { LineTable } from './line-table.js';

/** Direction buckets of a line: direction_id 0, 1, and NO_DIRECTION for journeys without one. */
export const NO_DIRECTION = 2;
export const DIRECTION_BUCKETS = 3;

/** Bucket of a trips.direction value (255 = none). */
export function bucketOf(direction: number): number {
  return direction === 0 || direction === 1 ? direction : NO_DIRECTION;
}

/**
 * The longest journey of a line in each direction bucket, as a pattern index (-1 where the bucket
 * is empty): most calls, then longest scheduled run (first trip), then most trips, then first
 * pattern. A pattern's bucket is its first trip's direction.
 */
export function longestPatterns(lines: LineTable, tt: TimetableTables, line: number): Int32Array {
  const best = new Int32Array(DIRECTION_BUCKETS).fill(-1);
  for (let i = lines.patternOffsets[line]; i < lines.patternOffsets[line + 1]; i++) {
    const pat = lines.patterns[i];
    const b = bucketOf(tt.tripDirection[tt.patternTripOffsets[pat]]);
    if (best[b] < 0 || longer(tt, pat, best[b])) best[b] = pat;
  }
  return best;
}

/** The longest of the buckets' patterns (same order), or -1. */
export function longestOf(tt: TimetableTables, pats: Int32Array): number {
  let best = -1;
  for (const pat of pats) if (pat >= 0 && (best < 0 || longer(tt, pat, best))) best = pat;
  return best;
}

/** True when pattern a is a longer journey than pattern b. */
function longer(tt: TimetableTables, a: number, b: number): boolean {
  const d = callCount(tt, a) - callCount(tt, b) || runSeconds(tt, a) - runSeconds(tt, b) || tripCount(tt, a) - tripCount(tt, b);
  return d > 0;
}

export function callCount(tt: TimetableTables, pat: number): number {
  return tt.patternStopOffsets[pat + 1] - tt.patternStopOffsets[pat];
}

function tripCount(tt: TimetableTables, pat: number): number {
  return tt.patternTripOffsets[pat + 1] - tt.patternTripOffsets[pat];
}

/** First trip's seconds from first departure to last arrival. */
function runSeconds(tt: TimetableTables, pat: number): number {
  const first = tt.patternTripOffsets[pat];
  return tt.arrivalAt(first, callCount(tt, pat) - 1) - tt.departureAt(first, 0);
}

/** Commonest shape among the pattern's trips (first seen wins ties), or null when none has one. */
export function commonestShape(tt: TimetableTables, strings: StringTable, pat: number): RouteShape | null {
  const votes = new Map<number, number>();
  let best = NONE;
  let most = 0;
  for (let i = tt.patternTripOffsets[pat]; i < tt.patternTripOffsets[pat + 1]; i++) {
    const shape = tt.tripShape[i];
    if (shape === NONE) continue;
    const n = (votes.get(shape) ?? 0) + 1;
    votes.set(shape, n);
    if (n > most) [best, most] = [shape, n];
  }
  if (best === NONE) return null;
  return { polyline: tt.shapeLines.polyline(tt.shapePolyline[best]), pointCount: tt.shapePointCount[best], lengthMetres: tt.shapeLength[best] };
}
