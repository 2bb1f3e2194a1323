import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { RaptorLabels } from './raptor-labels.js';
import type { QueryDays } from './query-days.js';

/** One trip ridden, in travel order: positions in its pattern (board < alight) and its service day (0 = day before the query day). */
export interface RawRide {
  trip: number;
  day: number;
  boardPos: number;
  alightPos: number;
}

/**
 * Follows the labels back from the target of round k (reached through `egressStop`) to the
 * search's access: at each boarding, the fewest-trips round whose label caught the trip. Valid
 * right after the run that set the target (later runs overwrite labels). Rides come out in
 * travel order whatever the search direction.
 */
export function traceRides(L: RaptorLabels, tt: TimetableTables, days: QueryDays, k: number, egressStop: number, reverse: boolean, slack: number): RawRide[] {
  const baseOf = L.baseOf;
  const rides: RawRide[] = [];
  let s = egressStop;
  let j = k;
  while (j > 0) {
    const i = baseOf[s] + j;
    const trip = L.rideTrip[i];
    const day = L.rideDay[i];
    const from = L.rideFrom[i];
    const to = L.rideTo[i];
    rides.push(reverse ? { trip, day, boardPos: to, alightPos: from } : { trip, day, boardPos: from, alightPos: to });
    const p = tt.tripPattern[trip];
    const caught = reverse ? -(tt.arrivalAt(trip, from) + days.shift[day]) : tt.departureAt(trip, from) + days.shift[day];
    const b = tt.patternStops[tt.patternStopOffsets[p] + from];
    const at = baseOf[b]; // b's rounds, contiguous
    let jj = 0;
    while (jj < j - 1 && L.walk[at + jj] + (jj > 0 ? slack : 0) > caught) jj++;
    if (jj === 0) break;
    const wf = L.walkFrom[at + jj];
    s = wf >= 0 ? wf : b;
    j = jj;
  }
  if (!reverse) rides.reverse();
  return rides;
}
