// FEATURE UNDER TEST: running-time profiles stored as varint deltas (`times.profileDeltas`) laid out
// by a dwell bit per pattern stop (`patterns.dwells`): the codec on hand-picked values, the same
// in-memory rows as the forms before (`times.profiles` and `patterns.profileRows`, which still
// open) on the demo and real feeds, and a corrupt section named in the error.
import { describe, expect, it } from 'vitest';
import { Engine, readProfileDeltas, SnapshotFormatError, writeProfileDelta, PROFILE_DELTA_MAX_BYTES, type TypedArray } from '@transit/engine';
import { HAVE_DATA } from '../support/data.js';
import { demoEngine, feedEngine, rewriteSections } from '../support/snapshots.js';

/** `e`'s snapshot with `times.profileDeltas` (and `patterns.dwells` when `dwellsToo`) replaced by `replace(deltas, e)`'s sections, every other section as it is. */
function rewritten(e: Engine, replace: (deltas: Uint8Array, e: Engine) => [string, TypedArray][], dwellsToo = false): Engine {
  const drop = (name: string) => name === 'times.profileDeltas' || (dwellsToo && name === 'patterns.dwells');
  return Engine.open(rewriteSections(e, drop, Object.fromEntries(replace(e.reader.u8('times.profileDeltas'), e))));
}

/** The rows of `patterns.profileRows` (the form before `patterns.dwells`): each pattern stop P offsets wide, 2P where its dwell bit is set. */
function profileRowsOf(e: Engine): Uint32Array {
  const tt = e.timetable;
  const dwells = e.reader.u8('patterns.dwells');
  const profiles = e.reader.any('trips.profile') as Uint8Array;
  const rows = new Uint32Array(tt.patternStops.length + 1);
  for (let p = 0; p < tt.patternCount; p++) {
    let P = 0;
    for (let t = tt.patternTripOffsets[p]; t < tt.patternTripOffsets[p + 1]; t++) P = Math.max(P, profiles[t] + 1);
    for (let i = tt.patternStopOffsets[p]; i < tt.patternStopOffsets[p + 1]; i++) rows[i + 1] = rows[i] + P * (1 + ((dwells[i >> 3] >> (i & 7)) & 1));
  }
  return rows;
}

/** The i32 form before deltas (and before dwell bits): every pattern's offsets decoded in turn. */
function i32Form(deltas: Uint8Array, e: Engine): [string, TypedArray][] {
  const tt = e.timetable;
  const rows = profileRowsOf(e);
  const profiles = e.reader.any('trips.profile') as Uint8Array;
  const offsets = new Int32Array(rows[rows.length - 1]);
  let at = 0;
  for (let p = 0; p < tt.patternCount; p++) {
    let P = 0;
    for (let t = tt.patternTripOffsets[p]; t < tt.patternTripOffsets[p + 1]; t++) P = Math.max(P, profiles[t] + 1);
    const first = rows[tt.patternStopOffsets[p]];
    at = readProfileDeltas(deltas, at, offsets.subarray(first), rows[tt.patternStopOffsets[p + 1]] - first, P);
  }
  expect(at).toBe(deltas.length);
  return [['times.profiles', offsets], ['patterns.profileRows', rows]];
}

/** Whether two columns hold the same bytes (toEqual takes seconds over a million values). */
const sameBytes = (a: TypedArray, b: TypedArray) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('running-time profile deltas', () => {
  it('writes a minute as one byte and reads back any i32 difference', () => {
    const out = new Uint8Array(64);
    // Minutes tagged odd (zigzag(m) * 2 + 1), seconds even (zigzag(s) * 2).
    const bytesOf = (d: number) => [...out.subarray(0, writeProfileDelta(out, 0, d))];
    expect([0, 60, -60, 300, 30, -1, 3600].map(bytesOf)).toEqual([[1], [5], [3], [21], [120], [2], [0xf1, 0x01]]);
    const values = [0, 59, 61, -61, 86_400 * 3, -(2 ** 31), 2 ** 31 - 1, 2 ** 31 - 60, -(2 ** 31) + 60, 7, 120];
    let at = 0;
    for (let j = 0; j < values.length; j++) at = writeProfileDelta(out, at, values[j] - (j > 0 ? values[j - 1] : 0));
    expect(at).toBeLessThanOrEqual(values.length * PROFILE_DELTA_MAX_BYTES);
    const back = new Int32Array(values.length);
    expect(readProfileDeltas(out.subarray(0, at), 0, back, values.length, 1)).toBe(at);
    expect([...back]).toEqual(values);
  });

  it('the demo snapshot holds deltas, a byte and a bit an offset, and no i32 offsets', () => {
    const r = demoEngine().reader;
    expect(r.has('times.profiles')).toBe(false);
    const rows = profileRowsOf(demoEngine());
    const bytes = r.u8('times.profileDeltas').length;
    expect(bytes).toBeGreaterThanOrEqual(rows[rows.length - 1]);
    expect(bytes).toBeLessThan(1.5 * rows[rows.length - 1]);
  });

  it('opens the i32 form before deltas to the same rows', () => {
    const e = demoEngine();
    const old = rewritten(e, i32Form, true);
    expect(old.reader.has('times.profileDeltas') || old.reader.has('patterns.dwells')).toBe(false);
    expect(old.timetable.times).toEqual(e.timetable.times);
    expect(old.timetable.timeRows).toEqual(e.timetable.timeRows);
    expect(old.timetable.tripBase).toEqual(e.timetable.tripBase);
  });

  it('opens the sixth session\'s form (deltas laid out by patterns.profileRows) to the same rows', () => {
    const e = demoEngine();
    const sixth = Engine.open(rewriteSections(e, (name) => name === 'patterns.dwells', { 'patterns.profileRows': profileRowsOf(e) }));
    expect(sixth.reader.has('patterns.dwells')).toBe(false);
    expect(sixth.timetable.times).toEqual(e.timetable.times);
    expect(sixth.timetable.timeRows).toEqual(e.timetable.timeRows);
    expect(sixth.timetable.tripBase).toEqual(e.timetable.tripBase);
  });

  it('stores a bit a pattern stop, some set, and names patterns.dwells when it is short, long or has bits past the stops', () => {
    const e = demoEngine();
    const dwells = e.reader.u8('patterns.dwells');
    const stops = e.timetable.patternStops.length;
    expect(dwells.length).toBe(Math.ceil(stops / 8));
    expect(dwells.some((b) => b !== 0)).toBe(true);
    const withDwells = (d: Uint8Array) => () => Engine.open(rewriteSections(e, () => false, { 'patterns.dwells': d }));
    const past = dwells.slice();
    past[past.length - 1] |= 0x80;
    const changes = [dwells.slice(0, -1), Uint8Array.from([...dwells, 0])];
    if (stops % 8 !== 0) changes.push(past);
    for (const d of changes) expect(withDwells(d)).toThrow(/patterns\.dwells .*corrupt/);
    // A flipped bit lays the offsets out wrong: the deltas then end early or run over, which names both sections.
    for (let i = 0; i < Math.min(stops, 40); i++) {
      const flipped = dwells.slice();
      flipped[i >> 3] ^= 1 << (i & 7);
      expect(withDwells(flipped)).toThrow(SnapshotFormatError);
    }
  });

  it('names the section when its bytes end inside a value or run past the rows', () => {
    const e = demoEngine();
    const cut = (d: Uint8Array): [string, TypedArray][] => [['times.profileDeltas', d.slice(0, d.length - 1)]];
    const longer = (d: Uint8Array): [string, TypedArray][] => [['times.profileDeltas', Uint8Array.from([...d, 1])]];
    for (const change of [cut, longer]) {
      expect(() => rewritten(e, change)).toThrow(SnapshotFormatError);
      expect(() => rewritten(e, change)).toThrow(/times\.profileDeltas/);
    }
  });

  // Every real feed's calls against its stop_times.txt: describeRealFeed (boards-real-*.test.ts), where the reference is read anyway.
  describe.skipIf(!HAVE_DATA)('real feeds', () => {
    // Vilnius: 6.6 profiles a pattern, the most of the real feeds.
    for (const name of ['gtfs.zip', 'other_modalities.zip']) {
      it(`${name}: the same rows as the i32 form gives`, () => {
        const e = feedEngine(name)!.engine;
        expect(e.reader.u8('times.profileDeltas').length).toBeLessThan(2 * e.timetable.stopTimeCount);
        const old = rewritten(e, i32Form, true);
        expect(old.timetable.times).toBeInstanceOf(Uint16Array);
        expect(sameBytes(old.timetable.times, e.timetable.times)).toBe(true);
        expect(sameBytes(old.timetable.timeRows, e.timetable.timeRows)).toBe(true);
        expect(sameBytes(old.timetable.tripBase, e.timetable.tripBase)).toBe(true);
      });
    }
  });
});
