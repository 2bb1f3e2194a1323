// FEATURE UNDER TEST: a snapshot in the older timetable forms (full times.arr / times.dep matrices per pattern, trips.pattern / .rank / .route, patterns.trips, per-trip headsigns and directions, u32 stop pattern positions, stored trip id ranks; or the absolute i32 rows of times.values / patterns.timeRows, the form before profiles) opens, as i32 times over a zero base per trip, and reads the same trips, boards and journeys as the profile form the builder writes now (u16 offsets from a base per trip).
import { describe, expect, it } from 'vitest';
import { Engine, NONE, parseDay, ukLocalToEpoch, type TypedArray } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';
import { demoEngine, rewriteSections } from '../support/snapshots.js';
import { dumpTrips } from '../support/trip-dump.js';

/** Rewrites the demo snapshot's timetable sections in the older form, every other section as it is. */
function olderForm(e: Engine): Engine {
  const r = e.reader;
  const tt = e.timetable;
  const w = new SnapshotWriter();
  const replaced = new Set(['times.profiles', 'times.profileDeltas', 'patterns.profileRows', 'patterns.dwells', 'stops.patternPos', 'trips.start', 'trips.profile', 'patterns.headsign', 'patterns.direction']);
  for (const s of r.header.sections) if (!replaced.has(s.name)) w.add(s.name, r.any(s.name) as TypedArray);
  const timeOffsets = new Uint32Array(tt.patternCount + 1);
  for (let p = 0; p < tt.patternCount; p++) timeOffsets[p + 1] = timeOffsets[p] + (tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p]) * (tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p]);
  const arr = new Int32Array(timeOffsets[tt.patternCount]);
  const dep = new Int32Array(arr.length);
  for (let t = 0; t < tt.tripCount; t++) {
    const p = tt.tripPattern[t];
    const n = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
    for (let pos = 0; pos < tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p]; pos++) {
      arr[timeOffsets[p] + pos * n + tt.tripRank[t]] = tt.arrivalAt(t, pos);
      dep[timeOffsets[p] + pos * n + tt.tripRank[t]] = tt.departureAt(t, pos);
    }
  }
  w.add('times.arr', arr).add('times.dep', dep).add('patterns.timeOffsets', timeOffsets);
  w.add('trips.pattern', tt.tripPattern).add('trips.rank', tt.tripRank).add('trips.route', tt.tripRoute).add('patterns.trips', Uint32Array.from({ length: tt.tripCount }, (_, i) => i));
  w.add('trips.headsign', tt.tripHeadsign).add('trips.direction', tt.tripDirection);
  // Positions as u32 and each trip's id rank stored (both before the seventh session).
  w.add('stops.patternPos', Uint32Array.from(tt.stopPatternPos)).add('trips.idRank', Uint32Array.from(tt.tripIds.rank));
  const { sections: _, ...header } = r.header;
  return Engine.open(w.toBytes(header).buffer as ArrayBuffer);
}

/** The demo snapshot with the rows stored, absolute i32 Seconds (`times.values` / `patterns.timeRows`, before running-time profiles). */
function valuesForm(e: Engine): Engine {
  const tt = e.timetable;
  const values = new Int32Array(tt.times.length);
  for (let p = 0; p < tt.patternCount; p++) {
    const first = tt.patternTripOffsets[p];
    const n = tt.patternTripOffsets[p + 1] - first;
    for (let i = tt.patternStopOffsets[p]; i < tt.patternStopOffsets[p + 1]; i++) {
      for (let j = tt.timeRows[i]; j < tt.timeRows[i + 1]; j++) values[j] = tt.tripBase[first + ((j - tt.timeRows[i]) % n)] + tt.times[j];
    }
  }
  const profileForm = new Set(['times.profileDeltas', 'patterns.dwells', 'trips.start', 'trips.profile']);
  return Engine.open(rewriteSections(e, (name) => profileForm.has(name), { 'times.values': values, 'patterns.timeRows': tt.timeRows }));
}

describe('older snapshot timetable form', () => {
  it('the builder writes the profile form, fewer offsets than stop times; the engine expands it to one row where no trip dwells', () => {
    const tt = demoEngine().timetable;
    const r = demoEngine().reader;
    expect(r.has('times.arr') || r.has('times.values')).toBe(false);
    expect(r.u8('times.profileDeltas').length).toBeLessThan(tt.stopTimeCount);
    expect(tt.times.length).toBeLessThan(2 * tt.stopTimeCount);
    expect(tt.times.length).toBeGreaterThanOrEqual(tt.stopTimeCount);
    // u16 offsets from a base per trip (no demo pattern spans 18 hours).
    expect(tt.times).toBeInstanceOf(Uint16Array);
    expect(tt.tripBase.length).toBe(tt.tripCount);
  });

  it('reads the same trips, calls and times', () => {
    const e = demoEngine();
    const old = olderForm(e);
    expect(old.reader.has('times.values') || old.reader.has('times.profiles')).toBe(false);
    expect(old.timetable.stopPatternPos).toBeInstanceOf(Uint32Array);
    expect(old.timetable.tripIds.rank).toEqual(e.timetable.tripIds.rank);
    expect(old.timetable.stopTimeCount).toBe(e.timetable.stopTimeCount);
    // Packed at open into absolute i32 rows: every trip's base 0.
    expect(old.timetable.times).toBeInstanceOf(Int32Array);
    expect(old.timetable.tripBase.every((b) => b === 0)).toBe(true);
    expect(dumpTrips(old)).toEqual(dumpTrips(e));
    expect([...old.timetable.tripShape].some((s) => s !== NONE)).toBe(true);
  });

  it('reads the stored rows of times.values as they are, over a zero base, to the same trips', () => {
    const e = demoEngine();
    const stored = valuesForm(e);
    expect(stored.reader.has('times.profileDeltas') || stored.reader.has('trips.start')).toBe(false);
    expect(stored.timetable.times).toBeInstanceOf(Int32Array);
    expect(stored.timetable.tripBase.every((b) => b === 0)).toBe(true);
    expect(dumpTrips(stored)).toEqual(dumpTrips(e));
  });

  it.each([['times.arr / times.dep', olderForm], ['times.values', valuesForm]])('answers the same boards and journeys in the %s form', (_, form) => {
    const e = demoEngine();
    const old = form(e);
    const day = parseDay('2026-03-02');
    const from = ukLocalToEpoch(day, 7 * 3600);
    const served = Array.from({ length: e.stopTable.count }, (_, s) => s).filter((s) => e.timetable.stopPatternOffsets[s + 1] > e.timetable.stopPatternOffsets[s]);
    for (const stop of served.filter((_, k) => k % 7 === 0)) {
      for (const type of ['departures', 'arrivals'] as const) expect(old.stopBoard(stop, { from, to: from + 7_200_000, limit: 30, type })).toEqual(e.stopBoard(stop, { from, to: from + 7_200_000, limit: 30, type }));
    }
    const plan = (x: Engine, a: number, b: number) =>
      x.planJourney({ from: { lat: x.stopTable.lat[a], lon: x.stopTable.lon[a] }, to: { lat: x.stopTable.lat[b], lon: x.stopTable.lon[b] }, time: from, arriveBy: false, modeMask: 31, limit: 3, maxWalkM: null, maxTotalWalkM: null, intermediateStops: true, steps: false, alternatives: [] });
    for (let k = 0; k + 1 < served.length; k += 11) expect(plan(old, served[k], served[served.length - 1 - k])).toEqual(plan(e, served[k], served[served.length - 1 - k]));
  });
});
