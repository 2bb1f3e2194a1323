// FEATURE UNDER TEST: the route layer's reusable scratch (LineClipper, LineSimplifier, the
// hypot that placing stops uses, DrawCache's draws and GeometryCache's geometries held as
// numbers): a line after a longer one, a box after a larger box, gives what it gives alone; hypot
// is Math.hypot bit for bit; a cached draw or geometry reads back as written, after aging and
// moving back, within its bounds, and a geometry handed out stays valid as the cache grows and ages.
import { describe, expect, inject, it } from 'vitest';
import { Engine, clipToBox, simplifyLine } from '@transit/engine';
import { LineClipper } from '../../packages/engine/src/shapes/line-clip.js';
import { LineSimplifier } from '../../packages/engine/src/shapes/simplify.js';
import { hypot } from '../../packages/engine/src/spatial/hypot.js';
import { DrawCache, drawCacheBytes, type CachedDraw } from '../../packages/engine/src/shapes/draw-cache.js';
import type { PatternDraw } from '../../packages/engine/src/shapes/pattern-draw.js';
import { GeometryCache, geometryCacheBytes, type CachedGeometry } from '../../packages/engine/src/shapes/geometry-cache.js';
import { demoEngine, readSnapshot } from '../support/snapshots.js';
import { mulberry32 } from '../support/random-timetable.js';

/** A seeded wandering line of `n` points around (53, -1), interleaved lat, lon. */
function wander(rand: () => number, n: number): Float64Array {
  const ll = new Float64Array(2 * n);
  let lat = 53, lon = -1;
  for (let i = 0; i < n; i++) {
    lat += (rand() - 0.5) * 0.01;
    lon += (rand() - 0.5) * 0.01;
    ll[2 * i] = lat;
    ll[2 * i + 1] = lon;
  }
  return ll;
}

const runsOf = (c: LineClipper, count: number) => Array.from({ length: count }, (_, r) => Array.from(c.run(r)));

describe('route layer scratch', () => {
  it('refuses cache bounds that hold nothing, as BoundedCache does', () => {
    expect(() => new DrawCache(0, 1000)).toThrow(RangeError);
    expect(() => new GeometryCache<number>(40, 0)).toThrow(RangeError);
  });

  it('clips a short line after a long one as a fresh clipper does', () => {
    const rand = mulberry32(5);
    const reused = new LineClipper();
    for (const n of [2000, 3, 400, 2, 17, 5000, 40]) {
      const ll = wander(rand, n);
      const box = [52.99, -1.01, 53.01, -0.99] as const;
      const fresh = new LineClipper();
      expect(runsOf(reused, reused.clip(ll, ...box))).toEqual(runsOf(fresh, fresh.clip(ll, ...box)));
      expect(runsOf(reused, reused.clip(ll, ...box))).toEqual(clipToBox(ll, ...box).map((r) => Array.from(r)));
    }
    expect(() => reused.run(99)).toThrow(RangeError);
  });

  it('simplifies a short line after a long one as a fresh simplifier does', () => {
    const rand = mulberry32(6);
    const reused = new LineSimplifier();
    for (const n of [3000, 5, 200, 3, 8000, 12]) {
      const ll = wander(rand, n);
      for (const tolerance of [1e-4, 3e-3]) {
        expect(Array.from(reused.simplify(ll, tolerance))).toEqual(Array.from(new LineSimplifier().simplify(ll, tolerance)));
        expect(Array.from(reused.simplify(ll, tolerance))).toEqual(Array.from(simplifyLine(ll, tolerance)));
      }
    }
    const two = Float64Array.from([53, -1, 53.1, -1.1]);
    expect(reused.simplify(two, 1)).toBe(two); // nothing can go: the line itself
  });

  it('answers a box after a larger box as a fresh engine answers it alone', () => {
    const e = demoEngine();
    const bb = e.info.bbox;
    const midLat = (bb.minLat + bb.maxLat) / 2, midLon = (bb.minLon + bb.maxLon) / 2;
    const small = [midLat - 0.01, midLon - 0.01, midLat + 0.01, midLon + 0.01] as const;
    const fresh = Engine.open(readSnapshot(inject('demoSnapshot')));
    const alone = fresh.routeShapes.inBox(...small, 1e9);
    e.routeShapes.inBox(bb.minLat, bb.minLon, bb.maxLat, bb.maxLon, 1e9);
    e.routeShapes.inBox(midLat - 0.05, midLon - 0.05, midLat + 0.05, midLon + 0.05, 1e9);
    expect(e.routeShapes.inBox(...small, 1e9)).toEqual(alone);
    expect(alone.shapes.length).toBeGreaterThan(0);
  });

  it('hypot is Math.hypot bit for bit', () => {
    const edge = [0, -0, 1, -1, 3, 4, Infinity, -Infinity, NaN, 5e-324, 1e-310, 1.7976931348623157e308, 1e154, 1e-154];
    for (const x of edge) for (const y of edge) expect(Object.is(hypot(x, y), Math.hypot(x, y)), `${x}, ${y}`).toBe(true);
    const rand = mulberry32(9);
    let differ = 0;
    for (let i = 0; i < 200_000; i++) {
      const x = (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20), y = (rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20);
      if (!Object.is(hypot(x, y), Math.hypot(x, y))) differ++;
      const a = (rand() - 0.5) * 2000, b = (rand() - 0.5) * 2000;
      if (!Object.is(hypot(a, b), Math.hypot(a, b))) differ++;
    }
    expect(differ).toBe(0);
  });

  it('keeps draws as numbers: read back as drawn, aged, moved back, bounded', () => {
    const rand = mulberry32(12);
    const drawOf = (p: number): PatternDraw => {
      const n = 1 + (p % 4);
      return { drawn: Array.from({ length: n }, (_, k) => (k === 1 ? 0xffffffff : p * 10 + k)), count: Array.from({ length: n }, (_, k) => k + 1), trip: Array.from({ length: n }, (_, k) => p * 100 + k) };
    };
    const read = (d: CachedDraw) => ({ drawn: Array.from({ length: d.entries }, (_, k) => d.drawn(k)), count: Array.from({ length: d.entries }, (_, k) => d.count(k)), trip: Array.from({ length: d.entries }, (_, k) => d.trip(k)) });
    const cache = new DrawCache(50, 1000);
    let most = 0;
    for (let i = 0; i < 3000; i++) {
      const p = Math.floor(rand() * 200);
      const hit = cache.get(p);
      expect(read(hit ?? cache.set(p, drawOf(p)))).toEqual(drawOf(p));
      most = Math.max(most, cache.bytes);
    }
    expect(most).toBeLessThanOrEqual(2 * 1000 + drawCacheBytes(4));
    // A working set within one generation stays cached (hits in the old generation move back).
    const warm = new DrawCache(50, 1 << 20);
    for (let p = 0; p < 40; p++) warm.set(p, drawOf(p));
    for (let round = 0; round < 5; round++) for (let p = 0; p < 40; p++) expect(read(warm.get(p)!)).toEqual(drawOf(p));
  });

  it('keeps geometries as numbers: read back as written, none cached, views valid as the cache ages and its arrays grow', () => {
    const rand = mulberry32(13);
    const coarseOf = (key: number) => Array.from({ length: 2 * (1 + (key % 7)) }, (_, k) => key + k / 8);
    const fieldsOf = (key: number) => ({ shape: key % 5 === 0 ? 0xffffffff : key * 3, pattern: key, entry: key % 3, trip: key * 7, tripCount: key + 1, rank: key % 6, bbox: [key, key + 1, key + 2, key + 3] });
    const read = (g: CachedGeometry) => ({ shape: g.shape, pattern: g.pattern, entry: g.entry, trip: g.trip, tripCount: g.tripCount, rank: g.rank, bbox: Array.from(g.bbox), coarse: Array.from(g.coarseLine()) });
    const expected = (key: number) => ({ ...fieldsOf(key), coarse: coarseOf(key) });
    const cache = new GeometryCache<number>(40, 3000);
    const held: [number, CachedGeometry][] = [];
    let most = 0;
    for (let i = 0; i < 4000; i++) {
      const key = Math.floor(rand() * 300);
      let g = cache.get(key);
      if (g === undefined) {
        const coarse = coarseOf(key);
        g = key % 11 === 0 ? cache.setNone(key) : cache.set(key, fieldsOf(key), coarse.length, (out, at) => out.set(coarse, at));
      }
      if (key % 11 === 0) expect(g).toBeNull();
      else {
        expect(read(g!)).toEqual(expected(key));
        if (i % 97 === 0) held.push([key, g!]);
      }
      most = Math.max(most, cache.bytes);
    }
    expect(most).toBeLessThanOrEqual(2 * 3000 + geometryCacheBytes(14));
    for (const [key, g] of held) expect(read(g)).toEqual(expected(key)); // handed out long ago: still as written
    // Generations of 3,000 bytes never outgrow their first array: one of 1 MiB does, several times over.
    const growing = new GeometryCache<number>(100_000, 1 << 20);
    const early: [number, CachedGeometry][] = [];
    for (let key = 1; key <= 3000; key++) {
      const coarse = coarseOf(key);
      const g = growing.set(key, fieldsOf(key), coarse.length, (out, at) => out.set(coarse, at));
      if (key % 50 === 1) early.push([key, g]);
    }
    expect(growing.bytes).toBeGreaterThan(8 * 4 * 4096); // past the first array (4,096 values) twice
    for (const [key, g] of early) expect(read(g)).toEqual(expected(key)); // views of arrays since outgrown
  });
});
