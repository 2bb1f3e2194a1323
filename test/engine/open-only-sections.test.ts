// FEATURE UNDER TEST: the sections only read at open (OPEN_ONLY_SECTIONS): an engine given the
// shared tables never reads them (the reader refuses them by name), so a server's shared copy may
// leave them out; an engine opened with `share` reads them from `openOnly` instead; and every
// answer of an engine over a buffer with those sections blanked equals an engine of its own's.
import { describe, expect, inject, it } from 'vitest';
import { DTYPE_BYTES, Engine, OPEN_ONLY_SECTIONS, QueryError, SnapshotFormatError } from '@transit/engine';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine, readSnapshot } from '../support/snapshots.js';

/** The snapshot split as readSnapshotApart splits a file: a shared copy with the open-only sections zeroed, and a buffer with only them. */
function apart(bytes: ArrayBuffer): { shared: SharedArrayBuffer; openOnly: ArrayBuffer; blanked: number } {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(new Uint8Array(bytes));
  const openOnly = new ArrayBuffer(bytes.byteLength);
  let blanked = 0;
  for (const s of Engine.open(bytes).reader.header.sections) {
    if (!OPEN_ONLY_SECTIONS.includes(s.name)) continue;
    const end = s.byteOffset + s.length * DTYPE_BYTES[s.dtype];
    new Uint8Array(openOnly).set(new Uint8Array(bytes, s.byteOffset, end - s.byteOffset), s.byteOffset);
    new Uint8Array(shared).fill(0, s.byteOffset, end);
    blanked += end - s.byteOffset;
  }
  return { shared, openOnly, blanked };
}

/** Boards at 60 stops, every 7th trip's calls, journeys, earliest arrivals, shapes, routes, places. */
function answers(e: Engine): string {
  const day = e.calendar.firstDay + 1;
  const from = e.calendar.reference(day) + 7 * 3_600_000;
  const served: number[] = [];
  const off = e.timetable.stopPatternOffsets;
  for (let s = 0; s < e.stopTable.count; s++) if (off[s + 1] > off[s]) served.push(s);
  const pick = (i: number) => served[(i * 7919) % served.length];
  const boards = Array.from({ length: 60 }, (_, i) => e.stopBoard(pick(i), { from, to: from + 2 * 3_600_000, limit: 10, type: i % 4 === 0 ? 'arrivals' : 'departures' }));
  const trips = [];
  for (let t = 0; t < e.timetable.tripCount; t += 7) trips.push([e.tripSummary(t), e.trip(t, e.nextTripDay(t, day))]);
  const plans = Array.from({ length: 12 }, (_, i) => {
    const a = e.stop(pick(i)), b = e.stop(pick(i + 100));
    try {
      return e.planJourney({ from: { lat: a.latitude, lon: a.longitude }, to: { lat: b.latitude, lon: b.longitude }, time: from + i * 600_000, arriveBy: i % 2 === 1, modeMask: 31, limit: 3, maxWalkM: i % 3 === 0 ? 300 : null, maxTotalWalkM: null, intermediateStops: true, steps: false, alternatives: [] });
    } catch (err) {
      if (err instanceof QueryError) return err.code; // an end outside the coverage
      throw err;
    }
  });
  const arrivals = Array.from({ length: 5 }, (_, i) => Array.from(e.planner.earliestArrival({ origins: [{ stop: pick(i), seconds: 0 }], day, departS: 8 * 3600 })).join());
  const s0 = e.stop(pick(3));
  const shapes = e.routeShapes.inBox(s0.latitude - 0.02, s0.longitude - 0.03, s0.latitude + 0.02, s0.longitude + 0.03, 20_000);
  const routes = e.routes({ kind: 'bus', stopIdx: pick(5), offset: 0, limit: 20 });
  const places = e.searchPlaces({ text: 'station', offset: 0, limit: 10 });
  return JSON.stringify({ boards, trips, plans, arrivals, shapes, routes, places });
}

function check(bytes: ArrayBuffer, withJourneys: boolean): void {
  const { shared, openOnly, blanked } = apart(bytes);
  expect(blanked).toBeGreaterThan(0);
  const tables = Engine.open(shared, { share: true, openOnly }).deriveSharedTables();
  const worker = Engine.open(shared, { tables });
  const own = answers(Engine.open(bytes));
  if (withJourneys) expect(own).toContain('"legs"'); // plans found journeys (the Newport feed's snapshot has the default coverage, elsewhere: its plans are outside_coverage)
  expect(answers(worker)).toBe(own);
  // Whatever asks for one of them on the worker is refused by name, never handed zeros.
  for (const name of OPEN_ONLY_SECTIONS) if (worker.reader.has(name)) expect(() => worker.reader.any(name), name).toThrow(SnapshotFormatError);
}

describe('sections only read at open', () => {
  it('are left out of the buffer a worker engine views, which answers as an engine of its own (demo)', () => {
    check(readSnapshot(inject('demoSnapshot')), true);
  });

  it.skipIf(!HAVE_DATA)('are left out of the buffer a worker engine views, which answers as an engine of its own (Newport)', () => {
    const e = feedEngine('newport-20230613_gtfs.zip')!.engine;
    check(e.reader.buffer as ArrayBuffer, false);
  });

  it('are read from the open-only buffer by a share engine; the blanked copy alone fails to open, as does a buffer of another size', () => {
    const bytes = readSnapshot(inject('demoSnapshot'));
    const { shared, openOnly } = apart(bytes);
    const main = Engine.open(shared, { share: true, openOnly });
    expect(Array.from(main.timetable.times)).toEqual(Array.from(Engine.open(bytes).timetable.times));
    expect(Array.from(main.planner.transfers.stops)).toEqual(Array.from(Engine.open(bytes).planner.transfers.stops));
    // Blanked, the profile deltas decode to nothing that fits the timetable: a clear error, never zeros served.
    expect(() => Engine.open(shared, { share: true })).toThrow(SnapshotFormatError);
    expect(() => Engine.open(shared, { share: true, openOnly: new ArrayBuffer(16) })).toThrow(/open-only sections' buffer has 16 bytes/);
  });
});
