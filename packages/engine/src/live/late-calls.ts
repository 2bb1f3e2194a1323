import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import { probeLateSlot, type LateCalls, type LiveTrip } from './live-overlay.js';
import type { TripSchedule } from './trip-schedule.js';

/**
 * The late calls of the matched journeys (see LateCalls; LiveOverlay.lookbackFrom reads them):
 * one pass over the remaining calls of each late journey. Called once per poll: allocates by
 * those calls (a national fleet's), never by the stop count.
 */
export function lateCalls(tt: TimetableTables, calendar: ServiceCalendar, schedule: TripSchedule, entries: Iterable<LiveTrip>, builtAtMs: number): LateCalls {
  const late: LiveTrip[] = [];
  let calls = 0;
  for (const e of entries) {
    if (e.delayS <= 0) continue;
    late.push(e);
    calls += schedule.load(e.tripIdx).length - e.stopSequence + 1;
  }
  // At least twice the calls (so the table is at most half full, whatever the stops): a power of two.
  let size = 4;
  while (size < 2 * calls) size *= 2;
  const table: LateCalls = { stops: new Int32Array(size), minAimed: new Int32Array(size), maxExpected: new Int32Array(size) };
  const { stops, minAimed, maxExpected } = table;
  for (const e of late) {
    const s = schedule.load(e.tripIdx);
    const base = (calendar.reference(e.serviceDay) - builtAtMs) / 1000;
    const first = tt.patternStopOffsets[tt.tripPattern[e.tripIdx]];
    for (let pos = e.stopSequence - 1; pos < s.length; pos++) {
      const stop = tt.patternStops[first + pos];
      const aimed = Math.floor(base + s.departure(pos));
      const i = probeLateSlot(stops, stop);
      if (stops[i] === 0) {
        stops[i] = stop + 1;
        minAimed[i] = aimed;
        maxExpected[i] = aimed + e.delayS;
        continue;
      }
      if (aimed < minAimed[i]) minAimed[i] = aimed;
      if (aimed + e.delayS > maxExpected[i]) maxExpected[i] = aimed + e.delayS;
    }
  }
  return table;
}
