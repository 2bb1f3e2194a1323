// FEATURE UNDER TEST: snapshots in the older timetable forms open and read the same trips, boards and journeys as the profile form the builder writes now (times.profiles, patterns.profileRows, trips.start, trips.profile): the oldest (full times.arr / times.dep matrices per pattern, trips.pattern / .rank / .route, patterns.trips, per-trip headsigns and directions) and the one before profiles (times.values / patterns.timeRows: a row per pattern stop holding every trip's time).
import { describe, expect, it } from 'vitest';
import { Engine, NONE, compactTimes, parseDay, ukLocalToEpoch, type TypedArray } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';
import { demoEngine } from '../support/snapshots.js';
import { dumpTrips } from '../support/trip-dump.js';

const PROFILE_SECTIONS = ['times.profiles', 'patterns.profileRows', 'trips.start', 'trips.profile'];

/** Full stop-major matrices of every trip's arrivals and departures (pattern p's row pos at timeOffsets[p] + pos * tripCount). */
function fullMatrices(e: Engine) {
  const tt = e.timetable;
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
  return { timeOffsets, arr, dep };
}

/** Rewrites the demo snapshot's times in the form before profiles (times.values, patterns.timeRows), every other section as it is. */
function valuesForm(e: Engine): Engine {
  const r = e.reader;
  const tt = e.timetable;
  const w = new SnapshotWriter();
  for (const s of r.header.sections) if (!PROFILE_SECTIONS.includes(s.name)) w.add(s.name, r.any(s.name) as TypedArray);
  const { timeOffsets, arr, dep } = fullMatrices(e);
  const packed = compactTimes(tt.patternStopOffsets, tt.patternTripOffsets, timeOffsets, arr, dep);
  w.add('times.values', packed.times).add('patterns.timeRows', packed.timeRows);
  const { sections: _, ...header } = r.header;
  return Engine.open(w.toBytes(header).buffer as ArrayBuffer);
}

/** Rewrites the demo snapshot's timetable sections in the oldest form, every other section as it is. */
function olderForm(e: Engine): Engine {
  const r = e.reader;
  const tt = e.timetable;
  const w = new SnapshotWriter();
  const replaced = new Set([...PROFILE_SECTIONS, 'patterns.headsign', 'patterns.direction']);
  for (const s of r.header.sections) if (!replaced.has(s.name)) w.add(s.name, r.any(s.name) as TypedArray);
  const { timeOffsets, arr, dep } = fullMatrices(e);
  w.add('times.arr', arr).add('times.dep', dep).add('patterns.timeOffsets', timeOffsets);
  w.add('trips.pattern', tt.tripPattern).add('trips.rank', tt.tripRank).add('trips.route', tt.tripRoute).add('patterns.trips', Uint32Array.from({ length: tt.tripCount }, (_, i) => i));
  w.add('trips.headsign', tt.tripHeadsign).add('trips.direction', tt.tripDirection);
  const { sections: _, ...header } = r.header;
  return Engine.open(w.toBytes(header).buffer as ArrayBuffer);
}

describe('older snapshot timetable form', () => {
  it('the builder writes the profile form: fewer offsets than stop times, a start and a profile per trip', () => {
    const e = demoEngine();
    const tt = e.timetable;
    expect(PROFILE_SECTIONS.every((s) => e.reader.has(s))).toBe(true);
    expect(e.reader.has('times.arr') || e.reader.has('times.values')).toBe(false);
    expect(tt.times.length).toBeLessThan(tt.stopTimeCount);
    // Some pattern's trips share a profile, and each pattern's profiles are all used.
    expect([...tt.patternProfileCount].some((pc, p) => pc < tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p])).toBe(true);
  });

  it.each([['oldest', olderForm], ['before profiles', valuesForm]])('reads the same trips, calls and times from the %s form', (_, form) => {
    const e = demoEngine();
    const old = form(e);
    expect(old.reader.has('times.profiles')).toBe(false);
    expect(old.timetable.stopTimeCount).toBe(e.timetable.stopTimeCount);
    expect(old.timetable.times.length).toBeGreaterThanOrEqual(old.timetable.stopTimeCount);
    expect(dumpTrips(old)).toEqual(dumpTrips(e));
    expect([...old.timetable.tripShape].some((s) => s !== NONE)).toBe(true);
  });

  it.each([['oldest', olderForm], ['before profiles', valuesForm]])('answers the same boards and journeys from the %s form', (_, form) => {
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
