import { EMPTY_STRING, NONE } from '@transit/engine';
import type { Dataset } from '../dataset.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { compileTripIds } from '../write/trip-ids.js';
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

  const trips = tt.trips;
  const order = p.tripOrder;
  // Trip ids front-coded in byte order, outside the string table (most share long prefixes); the engine inverts trips.byId for a trip's rank.
  const ids = compileTripIds(Array.from(order, (t) => trips.id[t]));
  w.add('trips.idBlockOffsets', ids.blockOffsets).add('trips.idBytes', ids.bytes).add('trips.byId', ids.byId);
  // A trip's pattern, rank and route follow from patterns.tripOffsets (a pattern's trips are
  // contiguous), so the engine derives them; string columns empty for every trip are left out.
  addPerPattern(w, 'headsign', Uint32Array.from(order, (t) => pool.intern(trips.headsign(t))), p.patternTripOffsets);
  const direction = trips.direction.view();
  addPerPattern(w, 'direction', Uint8Array.from(order, (t) => direction[t]), p.patternTripOffsets);
  const vehicleJourneyCode = Uint32Array.from(order, (t) => pool.intern(trips.vehicleJourneyCode(t)));
  if (vehicleJourneyCode.some((s) => s !== EMPTY_STRING)) w.add('trips.vehicleJourneyCode', vehicleJourneyCode);
  const block = Uint32Array.from(order, (t) => pool.intern(trips.block(t)));
  if (block.some((s) => s !== EMPTY_STRING)) w.add('trips.block', block);
  const service = trips.service.view();
  const shape = trips.shape.view();
  w.add('trips.service', Uint32Array.from(order, (t) => service[t]))
    .add('trips.shape', Uint32Array.from(order, (t) => (shape[t] < 0 ? NONE : shape[t])));

  const calendar = compileCalendar(tt, ds.issues);
  // No service ids: the engine reads a service only as its row of days (a feed whose trips each have
  // their own service, named like the trip, spent 0.48 B a stop time at 200 tiles on them).
  w.add('services.days', calendar.words).add('services.dayRows', calendar.rows);

  w.add('patterns.route', p.patternRoute)
    .add('patterns.stopOffsets', p.patternStopOffsets)
    .add('patterns.stops', p.patternStops)
    .add('patterns.stopFlags', p.patternStopFlags)
    .add('patterns.tripOffsets', p.patternTripOffsets);
  // A pattern's running times once per profile (as varint deltas), a start and a profile per trip: time = start + offset.
  const times = p.times;
  const profile = times.maxProfiles <= 0x100 ? Uint8Array.from(times.tripProfile) : times.maxProfiles <= 0x10000 ? Uint16Array.from(times.tripProfile) : times.tripProfile;
  w.add('patterns.dwells', times.dwells).add('times.profileDeltas', times.deltas).add('trips.start', times.tripStart).add('trips.profile', profile);

  const index = stopPatternIndex(p, stopCount);
  w.add('stops.patternOffsets', index.offsets).add('stops.patterns', index.patterns).add('stops.patternPos', index.pos);

  const shapes = compileShapes(tt, pool);
  w.add('shapes.id', shapes.id).add('shapes.line', shapes.line).add('shapes.lineOffsets', shapes.lineOffsets).add('shapes.lineBytes', shapes.lineBytes);
  w.add('shapes.pointCount', shapes.pointCount).add('shapes.length', shapes.length);
  return { firstDay: calendar.firstDay, dayCount: calendar.dayCount };
}

/** Writes a trip column as `patterns.<name>` when every pattern's trips agree on it (the usual case for headsigns and directions), else as `trips.<name>`. */
function addPerPattern(w: SnapshotWriter, name: string, perTrip: Uint8Array | Uint32Array, patternTripOffsets: Uint32Array): void {
  const patternCount = patternTripOffsets.length - 1;
  for (let p = 0; p < patternCount; p++) {
    for (let t = patternTripOffsets[p] + 1; t < patternTripOffsets[p + 1]; t++) {
      if (perTrip[t] !== perTrip[t - 1]) {
        w.add(`trips.${name}`, perTrip);
        return;
      }
    }
  }
  const perPattern = perTrip instanceof Uint8Array ? new Uint8Array(patternCount) : new Uint32Array(patternCount);
  for (let p = 0; p < patternCount; p++) perPattern[p] = patternTripOffsets[p + 1] > patternTripOffsets[p] ? perTrip[patternTripOffsets[p]] : 0;
  w.add(`patterns.${name}`, perPattern);
}

/**
 * Stop -> (pattern, position) pairs in CSR form; a stop visited twice by a pattern (loops) appears
 * twice. Positions are u16 when every pattern has at most 65,536 stops (every real one), else u32:
 * the engine reads the kind stored.
 */
export function stopPatternIndex(p: Pick<CompiledPatterns, 'patternStops' | 'patternStopOffsets' | 'patternRoute'>, stopCount: number) {
  const offsets = new Uint32Array(stopCount + 1);
  for (const s of p.patternStops) offsets[s + 1]++;
  for (let s = 0; s < stopCount; s++) offsets[s + 1] += offsets[s];
  const cursor = offsets.slice(0, stopCount);
  const patterns = new Uint32Array(p.patternStops.length);
  const patternCount = p.patternRoute.length;
  let longest = 0;
  for (let pat = 0; pat < patternCount; pat++) longest = Math.max(longest, p.patternStopOffsets[pat + 1] - p.patternStopOffsets[pat]);
  const pos = longest <= 0x10000 ? new Uint16Array(p.patternStops.length) : new Uint32Array(p.patternStops.length);
  for (let pat = 0; pat < patternCount; pat++) {
    for (let i = p.patternStopOffsets[pat]; i < p.patternStopOffsets[pat + 1]; i++) {
      const at = cursor[p.patternStops[i]]++;
      patterns[at] = pat;
      pos[at] = i - p.patternStopOffsets[pat];
    }
  }
  return { offsets, patterns, pos };
}
