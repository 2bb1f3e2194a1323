// FEATURE UNDER TEST: stop string columns stored as a dictionary per column (`stops.<column>Keys` u8/u16
// + `stops.<column>Values` u32) where that is smaller: every stop reads back as from the whole u32
// columns of older snapshots (which still open), the columns are expanded once into shared memory
// for worker engines, and a key past the dictionary is a SnapshotFormatError naming the section.
import { describe, expect, inject, it } from 'vitest';
import { Engine, SnapshotFormatError, STOP_DICTIONARY_COLUMNS } from '@transit/engine';
import { demoEngine, readSnapshot, rewriteSections, sharedCopy } from '../support/snapshots.js';

const isDictionary = (name: string) => /^stops\.\w+(Keys|Values)$/.test(name);
const everyStop = (e: Engine) => JSON.stringify(Array.from({ length: e.stopTable.count }, (_, i) => e.stop(i)));

describe('stop string dictionaries', () => {
  it('the demo stores names, bearings, localities... as dictionaries, read back as the whole columns of older snapshots', () => {
    const e = demoEngine();
    const r = e.reader;
    const dictionaries = STOP_DICTIONARY_COLUMNS.filter((c) => r.has(`stops.${c}Keys`));
    expect(dictionaries).toEqual(expect.arrayContaining(['name', 'bearing', 'locality', 'indicator']));
    for (const c of dictionaries) {
      expect(r.has(`stops.${c}`)).toBe(false);
      expect(r.u32(`stops.${c}Values`).length).toBeLessThan(e.stopTable.count);
    }
    // The older form: each column whole (u32 a stop), as the builder wrote it before.
    const whole = Object.fromEntries(STOP_DICTIONARY_COLUMNS.map((c) => [`stops.${c}`, e.stopTable[c].slice()]));
    const older = Engine.open(rewriteSections(e, isDictionary, whole));
    expect(older.reader.has('stops.nameKeys')).toBe(false);
    expect(older.deriveSharedTables().stopStrings).toEqual({});
    expect(everyStop(older)).toBe(everyStop(e));
    expect(older.places.search({ text: 'interchange', offset: 0, limit: 10 })).toEqual(e.places.search({ text: 'interchange', offset: 0, limit: 10 }));
  });

  it('are expanded once into shared memory and viewed by an engine given them', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const main = Engine.open(shared, { share: true });
    const columns = main.deriveSharedTables().stopStrings!;
    expect(Object.keys(columns).length).toBeGreaterThan(3);
    for (const col of Object.values(columns)) expect(col!.buffer).toBeInstanceOf(SharedArrayBuffer);
    const worker = Engine.open(shared, { tables: main.deriveSharedTables() });
    expect(worker.stopTable.name).toBe(columns.name);
    expect(everyStop(worker)).toBe(everyStop(demoEngine()));
    expect(() => Engine.open(shared, { tables: { ...main.deriveSharedTables(), stopStrings: { name: columns.name!.subarray(1) } } })).toThrow(/stops\.name given to Engine\.open/);
  });

  it('names the section when a key is past its dictionary', () => {
    const e = demoEngine();
    const keys = e.reader.any('stops.nameKeys').slice() as Uint8Array | Uint16Array;
    keys[5] = e.reader.u32('stops.nameValues').length;
    expect(() => Engine.open(rewriteSections(e, () => false, { 'stops.nameKeys': keys }))).toThrow(SnapshotFormatError);
    expect(() => Engine.open(rewriteSections(e, () => false, { 'stops.nameKeys': keys }))).toThrow(/stops\.nameKeys holds/);
  });
});
