import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { LateCalls, LiveTrip } from './live-overlay.js';
import type { TripSchedule } from './trip-schedule.js';

/**
 * Per stop, the earliest aimed and latest expected time of the late matched journeys still to
 * call there, in seconds from `builtAtMs`: where a live board must look back before its window
 * for a late journey (LiveOverlay.lookbackFrom). One pass over the remaining calls of each late
 * journey; called once per poll: allocates by those calls (a national fleet's), never by the
 * stop count.
 */
export function lateCalls(tt: TimetableTables, calendar: ServiceCalendar, schedule: TripSchedule, entries: Iterable<LiveTrip>, builtAtMs: number): LateCalls {
  const late: LateCalls = { at: new Map(), minAimed: [], maxExpected: [] };
  for (const e of entries) {
    if (e.delayS <= 0) continue;
    const s = schedule.load(e.tripIdx);
    const base = (calendar.reference(e.serviceDay) - builtAtMs) / 1000;
    const first = tt.patternStopOffsets[tt.tripPattern[e.tripIdx]];
    for (let pos = e.stopSequence - 1; pos < s.length; pos++) {
      const stop = tt.patternStops[first + pos];
      const aimed = Math.floor(base + s.departure(pos));
      const k = late.at.get(stop);
      if (k === undefined) {
        late.at.set(stop, late.minAimed.length);
        late.minAimed.push(aimed);
        late.maxExpected.push(aimed + e.delayS);
        continue;
      }
      if (aimed < late.minAimed[k]) late.minAimed[k] = aimed;
      if (aimed + e.delayS > late.maxExpected[k]) late.maxExpected[k] = aimed + e.delayS;
    }
  }
  return late;
}
