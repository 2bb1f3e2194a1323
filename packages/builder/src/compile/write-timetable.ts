import { NONE } from '@transit/engine';
import type { Dataset } from '../dataset.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { sortedOrder } from '../write/string-pool.js';
import type { CompiledPatterns } from './compile-patterns.js';
import { compileCalendar } from './compile-calendar.js';
import { compileShapes } from './compile-shapes.js';

/** Writes routes, trips, services, patterns, stop times, stop->pattern index and shapes. Returns the calendar range. */
export function writeTimetable(ds: Dataset, w: SnapshotWriter, p: CompiledPatterns, stopCount: number): { firstDay: number; dayCount: number } {
  const tt = ds.timetable;
  const pool = ds.pool;
  w.add('routes.id', Uint32Array.from(tt.routes, (r) => pool.intern(r.id)))
    .add('routes.shortName', Uint32Array.from(tt.routes, (r) => pool.intern(r.shortName)))
    .add('routes.longName', Uint32Array.from(tt.routes, (r) => pool.intern(r.longName)))
    .add('routes.agency', Uint32Array.from(tt.routes, (r) => r.agency))
    .add('routes.type', Uint16Array.from(tt.routes, (r) => r.type))
    .add('routes.color', Uint32Array.from(tt.routes, (r) => r.color ?? NONE));

  const trips = Array.from(p.tripOrder, (t) => tt.trips[t]);
  const tripId = Uint32Array.from(trips, (t) => pool.intern(t.id));
  w.add('trips.id', tripId)
    .add('trips.headsign', Uint32Array.from(trips, (t) => pool.intern(t.headsign)))
    .add('trips.vehicleJourneyCode', Uint32Array.from(trips, (t) => pool.intern(t.vehicleJourneyCode)))
    .add('trips.block', Uint32Array.from(trips, (t) => pool.intern(t.block)))
    .add('trips.route', Uint32Array.from(trips, (t) => t.route))
    .add('trips.service', Uint32Array.from(trips, (t) => t.service))
    .add('trips.direction', Uint8Array.from(trips, (t) => t.direction))
    .add('trips.shape', Uint32Array.from(trips, (t) => (t.shape < 0 ? NONE : t.shape)))
    .add('trips.pattern', p.tripPattern)
    .add('trips.rank', p.tripRank)
    .add('trips.byId', sortedOrder(pool, tripId));

  const calendar = compileCalendar(tt, ds.issues);
  w.add('services.id', Uint32Array.from(tt.services, (s) => pool.intern(s.id))).add('services.days', calendar.words);

  w.add('patterns.route', p.patternRoute)
    .add('patterns.stopOffsets', p.patternStopOffsets)
    .add('patterns.stops', p.patternStops)
    .add('patterns.stopFlags', p.patternStopFlags)
    .add('patterns.tripOffsets', p.patternTripOffsets)
    .add('patterns.trips', p.patternTrips)
    .add('patterns.timeOffsets', p.patternTimeOffsets)
    .add('times.arr', p.arrivals)
    .add('times.dep', p.departures);

  const index = stopPatternIndex(p, stopCount);
  w.add('stops.patternOffsets', index.offsets).add('stops.patterns', index.patterns).add('stops.patternPos', index.pos);

  const shapes = compileShapes(tt, pool);
  w.add('shapes.id', shapes.id).add('shapes.polyline', shapes.polyline).add('shapes.pointCount', shapes.pointCount).add('shapes.length', shapes.length);
  return { firstDay: calendar.firstDay, dayCount: calendar.dayCount };
}

/** Stop -> (pattern, position) pairs in CSR form; a stop visited twice by a pattern (loops) appears twice. */
function stopPatternIndex(p: CompiledPatterns, stopCount: number) {
  const offsets = new Uint32Array(stopCount + 1);
  for (const s of p.patternStops) offsets[s + 1]++;
  for (let s = 0; s < stopCount; s++) offsets[s + 1] += offsets[s];
  const cursor = offsets.slice(0, stopCount);
  const patterns = new Uint32Array(p.patternStops.length);
  const pos = new Uint32Array(p.patternStops.length);
  const patternCount = p.patternRoute.length;
  for (let pat = 0; pat < patternCount; pat++) {
    for (let i = p.patternStopOffsets[pat]; i < p.patternStopOffsets[pat + 1]; i++) {
      const at = cursor[p.patternStops[i]]++;
      patterns[at] = pat;
      pos[at] = i - p.patternStopOffsets[pat];
    }
  }
  return { offsets, patterns, pos };
}
