// FEATURE UNDER TEST: the stop and place kd-trees' coordinates derived at open from the stops' and
// places' own positions (snapshots store only `stops.kdIds` / `places.kdIds` now): the same ids and
// doubles as a kd-tree built afresh, derived once into shared memory for worker engines, an older
// snapshot with `stops.kdCoords` / `places.kdCoords` answering alike (one storing only one tree's sharing the
// other's), and bad ids or tables refused.
import { describe, expect, inject, it } from 'vitest';
import KDBush from 'kdbush';
import { Engine, KD_NODE_SIZE, SnapshotFormatError, type TypedArray } from '@transit/engine';
import { demoEngine, readSnapshot, rewriteSections, sharedCopy } from '../support/snapshots.js';

/** A kd-tree built afresh over `n` points, as the builder builds them (kdbush, lon then lat). */
function freshTree(n: number, lat: (i: number) => number, lon: (i: number) => number): { ids: Uint32Array; coords: Float64Array } {
  const kd = new KDBush(n, KD_NODE_SIZE, Float64Array);
  for (let i = 0; i < n; i++) kd.add(lon(i), lat(i));
  kd.finish();
  return { ids: Uint32Array.from(kd.ids), coords: Float64Array.from(kd.coords) };
}

const withSections = (e: Engine, extra: Record<string, TypedArray>) => rewriteSections(e, () => false, extra);

/** Stops within 600 m and the nearest places of every kind, around 12 stops: what the two trees answer. */
function spatialAnswers(e: Engine): string {
  const out: unknown[] = [];
  for (let s = 0; s < e.stopTable.count; s += Math.max(1, Math.floor(e.stopTable.count / 12))) {
    const near = { lat: e.stopTable.lat[s], lon: e.stopTable.lon[s] };
    out.push(e.stops({ near: { ...near, radius: 600 }, offset: 0, limit: 50 }));
    out.push(e.places.search({ near, offset: 0, limit: 20 }));
    out.push(e.places.search({ near, types: ['bus_stop'], offset: 0, limit: 10 }));
  }
  return JSON.stringify(out);
}

describe('kd coordinates derived at open', () => {
  it('are the ids and doubles of a kd-tree built afresh over the stops and over the places', () => {
    const e = demoEngine();
    const r = e.reader;
    expect(r.has('stops.kdCoords') || r.has('places.kdCoords')).toBe(false);
    const derived = e.deriveSharedTables().kdCoords!;
    const stops = freshTree(e.stopTable.count, (i) => e.stopTable.lat[i], (i) => e.stopTable.lon[i]);
    expect(r.u32('stops.kdIds')).toEqual(stops.ids);
    expect(derived.stops).toEqual(stops.coords);
    // Places: every place id but rail stop entrances (not places); the builder adds them in id order.
    const cols = e.places['cols'];
    const ids = Array.from({ length: cols.placeCount }, (_, id) => id).filter((id) => cols.typeBit(id) !== 0);
    const places = freshTree(ids.length, (i) => cols.lat(ids[i]), (i) => cols.lon(ids[i]));
    expect(r.u32('places.kdIds')).toEqual(Uint32Array.from(places.ids, (item) => ids[item]));
    expect(derived.places).toEqual(places.coords);
  });

  it('an older snapshot storing them answers alike and shares none', () => {
    const e = demoEngine();
    const d = e.deriveSharedTables().kdCoords!;
    const older = Engine.open(withSections(e, { 'stops.kdCoords': d.stops, 'places.kdCoords': d.places }));
    expect(older.reader.has('stops.kdCoords')).toBe(true);
    expect(older.deriveSharedTables().kdCoords).toBeNull();
    expect(spatialAnswers(older)).toBe(spatialAnswers(e));
  });

  it('of one tree are shared when an older snapshot stores only the other\'s', () => {
    const e = demoEngine();
    const d = e.deriveSharedTables().kdCoords!;
    for (const [stored, kept] of [['stops', 'places'], ['places', 'stops']] as const) {
      const shared = sharedCopy(withSections(e, { [`${stored}.kdCoords`]: d[stored]! }));
      const main = Engine.open(shared, { share: true });
      const kd = main.deriveSharedTables().kdCoords!;
      expect(kd[stored]).toBeNull();
      expect(kd[kept]!.buffer).toBeInstanceOf(SharedArrayBuffer);
      const worker = Engine.open(shared, { tables: main.deriveSharedTables() });
      expect(worker.deriveSharedTables().kdCoords![kept]).toBe(kd[kept]);
      expect(spatialAnswers(worker)).toBe(spatialAnswers(e));
    }
  });

  it('are derived once into shared memory, and viewed by an engine given them', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const main = Engine.open(shared, { share: true });
    const kd = main.deriveSharedTables().kdCoords!;
    for (const col of [kd.stops!, kd.places!]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    const worker = Engine.open(shared, { tables: main.deriveSharedTables() });
    expect(worker.deriveSharedTables().kdCoords!.stops).toBe(kd.stops);
    expect(worker.deriveSharedTables().kdCoords!.places).toBe(kd.places);
    expect(spatialAnswers(worker)).toBe(spatialAnswers(demoEngine()));
  });

  it('refuses given coordinates of another size and ids past the points', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const main = Engine.open(shared, { share: true });
    const kd = main.deriveSharedTables().kdCoords!;
    const short = { ...main.deriveSharedTables(), kdCoords: { stops: kd.stops!.subarray(2), places: kd.places } };
    expect(() => Engine.open(shared, { tables: short })).toThrow(/stops\.kdCoords given to Engine\.open/);
    const e = demoEngine();
    const ids = e.reader.u32('stops.kdIds').slice();
    ids[3] = e.stopTable.count;
    expect(() => Engine.open(withSections(e, { 'stops.kdIds': ids }))).toThrow(SnapshotFormatError);
    expect(() => Engine.open(withSections(e, { 'stops.kdIds': ids }))).toThrow(/stops\.kdIds holds/);
  });
});
