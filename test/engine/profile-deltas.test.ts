// FEATURE UNDER TEST: running-time profiles stored as varint deltas (`times.profileDeltas`): the
// codec on hand-picked values, the same in-memory rows as the i32 form before (`times.profiles`,
// which still opens) on the demo and real feeds, and a corrupt section named in the error.
import { describe, expect, it } from 'vitest';
import { Engine, readProfileDeltas, SnapshotFormatError, writeProfileDelta, PROFILE_DELTA_MAX_BYTES, type TypedArray } from '@transit/engine';
import { HAVE_DATA } from '../support/data.js';
import { demoEngine, feedEngine, rewriteSections } from '../support/snapshots.js';

/** `e`'s snapshot with `times.profileDeltas` replaced by `replace(deltas, e)`'s sections, every other section as it is. */
function rewritten(e: Engine, replace: (deltas: Uint8Array, e: Engine) => [string, TypedArray][]): Engine {
  return Engine.open(rewriteSections(e, (name) => name === 'times.profileDeltas', Object.fromEntries(replace(e.reader.u8('times.profileDeltas'), e))));
}

/** The i32 form before deltas: every pattern's offsets decoded in turn. */
function i32Form(deltas: Uint8Array, e: Engine): [string, TypedArray][] {
  const tt = e.timetable;
  const rows = e.reader.u32('patterns.profileRows');
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
  return [['times.profiles', offsets]];
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
    const rows = r.u32('patterns.profileRows');
    const bytes = r.u8('times.profileDeltas').length;
    expect(bytes).toBeGreaterThanOrEqual(rows[rows.length - 1]);
    expect(bytes).toBeLessThan(1.5 * rows[rows.length - 1]);
  });

  it('opens the i32 form before deltas to the same rows', () => {
    const e = demoEngine();
    const old = rewritten(e, i32Form);
    expect(old.reader.has('times.profileDeltas')).toBe(false);
    expect(old.timetable.times).toEqual(e.timetable.times);
    expect(old.timetable.timeRows).toEqual(e.timetable.timeRows);
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
        const old = rewritten(e, i32Form);
        expect(sameBytes(old.timetable.times, e.timetable.times)).toBe(true);
        expect(sameBytes(old.timetable.timeRows, e.timetable.timeRows)).toBe(true);
      });
    }
  });
});
