// FEATURE UNDER TEST: footpath targets and metres Rice-coded per stop in `transfers.packed`: on real feeds the engine decodes exactly the plain columns the builder compiles (what snapshots stored as `transfers.stops` and `.metres` before), lists with far targets and long gaps (the escape and the long-read paths) round-trip, a snapshot with the plain columns still opens to the same footpaths, and a short or corrupt section is a SnapshotFormatError naming it, never another error.
import { describe, expect, inject, it } from 'vitest';
import { Engine, SnapshotFormatError, type TypedArray } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine, readSnapshot, realEngine } from '../support/snapshots.js';
import { compileFootpaths, packFootpaths } from '../../packages/builder/src/compile/compile-transfers.js';
import { unpackFootpaths } from '../../packages/engine/src/planner/packed-footpaths.js';
import { footpathColumnsOf } from '../../packages/engine/src/planner/transfers.js';

/** The snapshot with its sections changed: `drop` left out, `add` added (older forms, corrupt sections). */
function rewrite(e: Engine, drop: string[], add: Record<string, TypedArray>): Engine {
  const r = e.reader;
  const w = new SnapshotWriter();
  for (const s of r.header.sections) if (!drop.includes(s.name)) w.add(s.name, r.any(s.name) as TypedArray);
  for (const [name, values] of Object.entries(add)) w.add(name, values);
  const { sections: _, ...header } = r.header;
  return Engine.open(w.toBytes(header).buffer as ArrayBuffer);
}

/** A seeded 32-bit generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const demo = () => Engine.open(readSnapshot(inject('demoSnapshot')));

describe('packed footpaths', () => {
  it.skipIf(!HAVE_DATA)('decode on real feeds to the plain columns the builder compiles', () => {
    const engines = [...Object.keys(inject('feedSnapshots')).map((name) => [name, feedEngine(name)!.engine] as const), ['south yorkshire with NaPTAN', realEngine()!] as const];
    expect(engines.length).toBeGreaterThan(5);
    let footpaths = 0, bytes = 0;
    for (const [name, e] of engines) {
      const plain = compileFootpaths(e.stopTable.lat, e.stopTable.lon, e.stopTable.modes);
      const decoded = footpathColumnsOf(e.reader, false);
      expect(e.reader.has('transfers.stops'), name).toBe(false);
      expect(Array.from(e.reader.u32('transfers.offsets')), name).toEqual(Array.from(plain.offsets));
      expect(Buffer.from(decoded.stops.buffer).equals(Buffer.from(plain.stops.buffer)), `${name} stops`).toBe(true);
      expect(Buffer.from(decoded.metres.buffer).equals(Buffer.from(plain.metres.buffer)), `${name} metres`).toBe(true);
      footpaths += plain.stops.length;
      bytes += e.reader.u8('transfers.packed').length;
    }
    expect(footpaths).toBeGreaterThan(50_000);
    expect(bytes, 'under 2.5 bytes a footpath (plain columns: 6)').toBeLessThan(2.5 * footpaths);
  });

  it('round-trip lists with far targets, long gaps and empty stops', () => {
    const next = random(16);
    const stopCount = 3000;
    const offsets = new Uint32Array(stopCount + 1);
    const stops: number[] = [];
    const metres: number[] = [];
    for (let s = 0; s < stopCount; s++) {
      offsets[s] = stops.length;
      const count = next() < 0.2 ? 0 : Math.floor(next() * 60);
      let m = 0;
      for (let i = 0; i < count; i++) {
        const far = next() < 0.05;
        stops.push(far ? Math.floor(next() * stopCount) : Math.min(stopCount - 1, Math.max(0, s + Math.floor((next() - 0.5) * 200))));
        m = Math.min(0xffff, m + (next() < 0.05 ? Math.floor(next() * 40_000) : Math.floor(next() * 30)));
        metres.push(m);
      }
    }
    offsets[stopCount] = stops.length;
    const packed = packFootpaths(offsets, Uint32Array.from(stops), Uint16Array.from(metres));
    const out = unpackFootpaths(offsets, packed, false);
    expect(Array.from(out.stops)).toEqual(stops);
    expect(Array.from(out.metres)).toEqual(metres);
    // Gaps of 1,000 m then one of 15,500: Rice(10), whose last value (15 zeros, a one, 10 bits) does not fit one window read.
    const lone = Uint32Array.of(0, 11, ...Array.from({ length: 11 }, () => 11));
    const long = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => i * 1000).concat(25_500);
    const edge = unpackFootpaths(lone, packFootpaths(lone, Uint32Array.from({ length: 11 }, (_, i) => i + 1), Uint16Array.from(long)), true);
    expect([Array.from(edge.stops), Array.from(edge.metres), edge.stops.buffer instanceof SharedArrayBuffer]).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], long, true]);
  });

  it('a snapshot with plain transfers.stops and .metres opens to the same footpaths', () => {
    const e = demo();
    const t = e.planner.transfers;
    expect(t.stops.length).toBeGreaterThan(100);
    const old = rewrite(e, ['transfers.packed'], { 'transfers.stops': Uint32Array.from(t.stops), 'transfers.metres': Uint16Array.from(t.metres) });
    const o = old.planner.transfers;
    expect([Array.from(o.offsets), Array.from(o.stops), Array.from(o.metres), Array.from(o.seconds)]).toEqual([Array.from(t.offsets), Array.from(t.stops), Array.from(t.metres), Array.from(t.seconds)]);
  });

  it('a short or corrupt transfers.packed is a SnapshotFormatError naming it', () => {
    const e = demo();
    const packed = e.reader.u8('transfers.packed');
    const short = rewrite(e, ['transfers.packed'], { 'transfers.packed': packed.slice(0, packed.length >> 1) });
    expect(() => short.planner).toThrow(SnapshotFormatError);
    expect(() => short.planner).toThrow(/^Section transfers.packed is corrupt: .*Rebuild the snapshot.$/);
    const offsets = e.reader.u32('transfers.offsets');
    const next = random(17);
    let refused = 0;
    for (let trial = 0; trial < 300; trial++) {
      const bytes = trial % 3 === 0 ? packed.slice(0, Math.floor(next() * packed.length)) : packed.slice();
      for (let flips = 1 + Math.floor(next() * 4); flips > 0 && trial % 3 !== 0; flips--) bytes[Math.floor(next() * bytes.length)] ^= 1 << Math.floor(next() * 8);
      try {
        const out = unpackFootpaths(offsets, bytes, false);
        expect(out.stops.every((t) => t < offsets.length - 1)).toBe(true);
      } catch (err) {
        expect(err, String(err)).toBeInstanceOf(SnapshotFormatError);
        expect((err as Error).message).toMatch(/^Section transfers.packed is corrupt/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });
});
