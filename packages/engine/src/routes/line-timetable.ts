import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { LineTable } from './line-table.js';
import { bucketOf } from './line-directions.js';

/** The snapshot's calendar range: services.days bit d is day firstDay + d. */
export interface CalendarRange {
  firstDay: number;
  dayCount: number;
}

/**
 * The journeys of a line on a service day (and in one direction bucket when `bucket` >= 0), in
 * departure order: `total` counts them all, `trips` holds the [offset, offset + limit) slice.
 * One pass over the line's trips, already sorted by departure at build time: a bitset test
 * per trip, no sort, objects for nothing.
 */
export function dayTrips(lines: LineTable, tt: TimetableTables, cal: CalendarRange, line: number, day: number, bucket: number, offset: number, limit: number): { total: number; trips: number[] } {
  const trips: number[] = [];
  const d = day - cal.firstDay;
  if (d < 0 || d >= cal.dayCount) return { total: 0, trips };
  const words = Math.ceil(cal.dayCount / 32);
  const word = d >>> 5;
  const bit = 1 << (d & 31);
  const { tripService, tripDirection, serviceDays, serviceDayRow } = tt;
  const end = offset + limit;
  let total = 0;
  for (let i = lines.tripOffsets[line]; i < lines.tripOffsets[line + 1]; i++) {
    const t = lines.trips[i];
    if ((serviceDays[serviceDayRow[tripService[t]] * words + word] & bit) === 0) continue;
    if (bucket >= 0 && bucketOf(tripDirection[t]) !== bucket) continue;
    if (total >= offset && total < end) trips.push(t);
    total++;
  }
  return { total, trips };
}
