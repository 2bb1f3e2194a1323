// FEATURE UNDER TEST: Engine.open's shared tables: an engine opened with `share` derives its trip columns, trip id ranks, expanded time rows, footpath columns (targets and metres decoded, seconds derived) and (once asked) the planner's landmark tables into shared memory, an engine given them (a worker thread's) views those very arrays, plans included, instead of deriving its own and answers boards, trips and plans as an engine of its own does, and tables that do not fit the snapshot are refused with a clear SnapshotFormatError.
import { describe, expect, inject, it } from 'vitest';
import { Engine, SnapshotFormatError } from '@transit/engine';
import { buildSnapshot } from '@transit/builder';
import { randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { readSnapshot, sharedCopy } from '../support/snapshots.js';

const SHEFFIELD = { lat: 53.3811, lon: -1.4701 };
const ROTHERHAM = { lat: 53.4302, lon: -1.3568 };

/** Boards at the first 40 stops, every trip's calls and a plan: what the derived trip columns feed. */
function answers(e: Engine): string {
  const day = e.calendar.firstDay;
  const from = e.calendar.reference(day) + 6 * 3_600_000;
  const boards = Array.from({ length: Math.min(40, e.stopTable.count) }, (_, s) => e.stopBoard(s, { from, to: from + 4 * 3_600_000, limit: 10, type: 'departures' }));
  const trips = Array.from({ length: e.timetable.tripCount }, (_, t) => [e.tripSummary(t), e.trip(t, e.nextTripDay(t, day))]);
  const plan = e.planJourney({ from: SHEFFIELD, to: ROTHERHAM, time: Date.UTC(2026, 2, 3, 8), arriveBy: false, modeMask: 31, limit: 3, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk'] });
  return JSON.stringify({ boards, trips, plan });
}

describe('shared tables', () => {
  it('are derived into shared memory, viewed by an engine given them, which answers as one of its own', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const main = Engine.open(shared, { share: true });
    const { trips } = main.deriveSharedTables();
    // The demo snapshot stores running-time profiles: their per-trip rows are derived too.
    expect(trips.times, 'expanded time rows').not.toBeNull();
    // The trip id ranks too (trips.byId inverted): the snapshot no longer stores them.
    expect(main.reader.has('trips.idRank')).toBe(false);
    for (const col of [trips.tripPattern, trips.tripRank, trips.tripRoute, trips.times!.times, trips.times!.timeRows, trips.times!.tripBase, trips.tripIdRank!]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    // u16 offsets from a base per trip.
    expect(trips.times!.times).toBeInstanceOf(Uint16Array);
    const worker = Engine.open(shared, { tables: main.deriveSharedTables() });
    expect(worker.timetable.tripPattern).toBe(trips.tripPattern);
    expect(worker.timetable.tripRank).toBe(trips.tripRank);
    expect(worker.timetable.tripRoute).toBe(trips.tripRoute);
    expect(worker.timetable.times).toBe(trips.times!.times);
    expect(worker.timetable.timeRows).toBe(trips.times!.timeRows);
    expect(worker.timetable.tripBase).toBe(trips.times!.tripBase);
    expect(worker.timetable.tripIds.rank).toBe(trips.tripIdRank);
    expect(main.timetable.tripIds.rank).toBe(trips.tripIdRank);
    const footpaths = main.deriveSharedTables().footpaths!;
    for (const col of [footpaths.stops, footpaths.metres, footpaths.seconds]) expect(col.buffer, 'footpath columns').toBeInstanceOf(SharedArrayBuffer);
    expect(worker.planner.transfers.stops).toBe(footpaths.stops);
    expect(worker.planner.transfers.metres).toBe(footpaths.metres);
    expect(worker.planner.transfers.seconds).toBe(footpaths.seconds);
    expect(worker.timetable.tripCount).toBeGreaterThan(0);
    // The landmark tables: built once by the main engine, viewed by the worker's planner through its first plans.
    const landmarks = main.deriveSharedTables().landmarks!;
    expect(landmarks.stops.length, 'landmarks').toBeGreaterThan(1);
    for (const col of [landmarks.stops, landmarks.fromLandmark, landmarks.toLandmark]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(main.deriveSharedTables().landmarks, 'built once').toBe(landmarks);
    expect(main.planner.bounds.landmarks, 'the main engine plans with them too').toBe(landmarks);
    worker.prepareJourneys();
    expect(answers(worker)).toBe(answers(Engine.open(readSnapshot(inject('demoSnapshot')))));
    expect(worker.planner.bounds.landmarks).toBe(landmarks);
    expect(worker.deriveSharedTables().landmarks).toBe(landmarks);
  });

  it('give an engine of its own the landmark tables its planner built, and the same tables as a share engine builds', () => {
    const own = Engine.open(readSnapshot(inject('demoSnapshot')));
    own.prepareJourneys();
    const built = own.planner.bounds.landmarks!;
    expect(built, 'built by prepareJourneys').not.toBeNull();
    expect(own.deriveSharedTables().landmarks).toBe(built);
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const fromShare = Engine.open(shared, { share: true }).deriveSharedTables().landmarks!;
    expect(Array.from(fromShare.stops)).toEqual(Array.from(built.stops));
    expect(Array.from(fromShare.fromLandmark)).toEqual(Array.from(built.fromLandmark));
    expect(Array.from(fromShare.toLandmark)).toEqual(Array.from(built.toLandmark));
  });

  it('that do not fit the snapshot are refused', async () => {
    const other = Engine.open((await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(1))], quiet: true })).bytes.buffer, { share: true });
    const demo = readSnapshot(inject('demoSnapshot'));
    expect(() => Engine.open(demo, { tables: other.deriveSharedTables() })).toThrow(SnapshotFormatError);
    // Another snapshot's tables carry its key: refused as such, before any size is read.
    expect(() => Engine.open(demo, { tables: other.deriveSharedTables() })).toThrow(/tables given to Engine\.open were derived from another snapshot/);
    // Without the key (tables put together by hand), each table's size is checked: the stop columns first (stop-strings.ts), then the trip columns.
    const unkeyed = { ...other.deriveSharedTables(), snapshot: undefined };
    expect(() => Engine.open(demo, { tables: unkeyed })).toThrow(/given to Engine\.open has \d+ entries for the snapshot's \d+ stops/);
    expect(() => Engine.open(demo, { tables: { ...unkeyed, stopStrings: {} } })).toThrow(/do not fit this snapshot's \d+ trips/);
    const own = Engine.open(demo).deriveSharedTables();
    // Expanded times without a base per trip, or with one of another length.
    const times = own.trips.times!;
    for (const tripBase of [undefined, times.tripBase.subarray(1)]) {
      expect(() => Engine.open(demo, { tables: { ...own, trips: { ...own.trips, times: { ...times, tripBase: tripBase as Int32Array } } } })).toThrow(/derived trip columns given to Engine\.open do not fit this snapshot's \d+ trips/);
    }
    expect(() => Engine.open(demo, { tables: { ...own, landmarks: other.deriveSharedTables().landmarks } })).toThrow(/landmark tables given to Engine.open .* do not fit this snapshot's \d+ stops/);
    expect(() => Engine.open(demo, { tables: { ...own, footpaths: other.deriveSharedTables().footpaths } }).planner).toThrow(/footpath columns given to Engine.open \(\d+\) do not fit this snapshot's \d+ footpaths/);
  });
});
