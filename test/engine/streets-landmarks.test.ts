// FEATURE UNDER TEST: the searches of walking and cycling routes on real Newport streets. Landmark (ALT) bounds never exceed the true street metres (brute-force Dijkstra), and A* with them returns exactly the route of the straight-line A* (distance, duration, every coordinate, steps). The contraction hierarchy's query finds a plain Dijkstra's metres between seeded node pairs, its unpacked edges are a connected path of the mode's edges of that length, and its routes cost what A*'s do. (One file, one Newport build: CI time.)
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_EDGE, ORIGINAL_ARC, type StreetGraph } from '@transit/engine';
import { HierarchySearch } from '../../packages/engine/src/streets/hierarchy-search.js';
import { HAVE_DATA } from '../support/data.js';
import { newportStreetsEngine } from '../support/streets.js';
import { naiveDijkstra } from '../support/street-oracle.js';

/** Deterministic points up to ~150 m from seeded-random graph nodes (a 32-bit LCG). */
function points(g: StreetGraph, count: number, seed: number): { lat: number; lon: number }[] {
  let s = seed;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return Array.from({ length: count }, () => {
    const v = Math.floor(rand() * g.nodeCount);
    return { lat: g.columns.lat[v] + (rand() - 0.5) * 0.0027, lon: g.columns.lon[v] + (rand() - 0.5) * 0.0043 };
  });
}

describe.skipIf(!HAVE_DATA)('Newport street landmarks', () => {
  let g: StreetGraph;
  beforeAll(async () => {
    g = (await newportStreetsEngine()).streets!;
  });

  it('builds 16 landmarks per mode whose bounds never exceed the street metres between nodes', () => {
    for (const [mode, bit] of [['walk', 1], ['bicycle', 2]] as const) {
      const lm = g.landmarks(mode)!;
      expect(lm.count).toBe(16);
      expect(lm.symmetric).toBe(mode === 'walk');
      const targets = [123, 20_000, 41_000].filter((x) => g.columns.nodeAccess[x] & bit);
      for (const x of targets) {
        // Metres from every node to x: a Dijkstra from x on the reversed graph equals one on the graph when walking; cycling checks from x's side by swapping roles.
        const fromX = naiveDijkstra(g, [[x, 0]], bit);
        let checked = 0;
        for (let v = 0; v < g.nodeCount; v += 97) {
          if (fromX[v] === Infinity) continue;
          // fromX[v] = d(x, v) >= every landmark bound from x to v.
          for (let l = 0; l < lm.count; l++) {
            const b = lm.bound(lm.dist[v * lm.count + l], lm.dist[x * lm.count + l]);
            if (b > 0) expect(b).toBeLessThanOrEqual(fromX[v] + 1e-6);
          }
          checked++;
        }
        expect(checked).toBeGreaterThan(100);
      }
    }
  });

  it('routes walking and cycling exactly as the straight-line A* does, coordinate for coordinate', () => {
    const ends = points(g, 240, 7);
    let routed = 0;
    for (let i = 0; i < ends.length; i += 2) {
      for (const mode of ['walk', 'bicycle'] as const) {
        const plain = g.route(ends[i], ends[i + 1], mode, 1000, 'straight');
        const alt = g.route(ends[i], ends[i + 1], mode, 1000, 'landmarks');
        expect(alt === null).toBe(plain === null);
        if (!plain || !alt) continue;
        routed++;
        expect(alt.distance).toBe(plain.distance);
        expect(alt.duration).toBe(plain.duration);
        expect(Array.from(alt.geometry)).toEqual(Array.from(plain.geometry));
        expect(alt.steps).toEqual(plain.steps);
      }
    }
    expect(routed).toBeGreaterThan(150);
  });

  it("finds a plain Dijkstra's metres between seeded node pairs, along a connected path of the mode of that length", () => {
    const c = g.columns;
    let s = 11;
    const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (const [mode, bit] of [['walk', 1], ['bicycle', 2]] as const) {
      // Seeded nodes the mode may snap to (not on a small island).
      const node = () => {
        let v = Math.floor(rand() * g.nodeCount);
        while (!(c.nodeAccess[v] & bit)) v = (v + 1) % g.nodeCount;
        return v;
      };
      const ch = g.hierarchy(mode)!;
      expect(ch.arcHalves.some((f, i) => i % 2 === 0 && f !== ORIGINAL_ARC)).toBe(true); // shortcuts were added
      const hs = new HierarchySearch(ch, g.nodeCount);
      let pairs = 0;
      let unreached = 0;
      // 20 origins x 15 destinations per mode: one plain Dijkstra over the whole graph per origin (the engine's expandWalk, heap-based; the first checked against the brute-force one).
      const plain = g.createSearch();
      for (let i = 0; i < 20; i++) {
        const u = node();
        plain.begin();
        plain.relax(u, 0, NO_EDGE, NO_EDGE, 0);
        plain.expandWalk(Infinity, bit);
        const oracle = Float64Array.from({ length: g.nodeCount }, (_, v) => plain.reached(v));
        if (i === 0) {
          const naive = naiveDijkstra(g, [[u, 0]], bit);
          let differ = 0;
          for (let v = 0; v < g.nodeCount; v++) if (naive[v] !== oracle[v]) differ++;
          expect(differ).toBe(0);
        }
        for (let j = 0; j < 15; j++) {
          const v = node();
          hs.begin(Infinity);
          hs.seedForward(u, 0);
          hs.seedBackward(v, 0);
          hs.run();
          pairs++;
          if (oracle[v] === Infinity) {
            expect(hs.best).toBe(Infinity);
            unreached++;
            continue;
          }
          expect(hs.best).toBeCloseTo(oracle[v], 6);
          const [start, end] = u === v ? [u, v] : hs.unpack();
          expect([start, end]).toEqual([u, v]);
          let at = u;
          let metres = 0;
          let broken = 0; // edges that do not leave the node the path is at, or that the mode may not travel
          for (let k = 0; k < (u === v ? 0 : hs.edgeCount); k++) {
            const e = hs.edges[k];
            if (e < c.edgeOffsets[at] || e >= c.edgeOffsets[at + 1] || !(c.edgeAccess[e] & bit)) broken++;
            metres += c.edgeLength[e];
            at = c.edgeTarget[e];
          }
          expect(broken).toBe(0);
          expect(at).toBe(v);
          expect(metres).toBeCloseTo(oracle[v], 6);
        }
      }
      expect(pairs - unreached).toBeGreaterThan(250);
    }
  });

  it('routes walking and cycling at the cost of A*, the same path but where shortest paths tie', () => {
    const ends = points(g, 400, 23);
    let routed = 0;
    let samePath = 0;
    for (let i = 0; i < ends.length; i += 2) {
      for (const mode of ['walk', 'bicycle'] as const) {
        const astar = g.route(ends[i], ends[i + 1], mode, 1000, 'landmarks');
        const ch = g.route(ends[i], ends[i + 1], mode, 1000, 'hierarchy');
        expect(ch === null).toBe(astar === null);
        if (!astar || !ch) continue;
        routed++;
        expect(ch.distance).toBe(astar.distance);
        expect(ch.duration).toBe(astar.duration);
        expect(Array.from(ch.geometry.subarray(0, 4))).toEqual(Array.from(astar.geometry.subarray(0, 4)));
        expect(Array.from(ch.geometry.subarray(-4))).toEqual(Array.from(astar.geometry.subarray(-4)));
        if (Array.from(ch.geometry).join() === Array.from(astar.geometry).join()) samePath++;
      }
    }
    expect(routed).toBeGreaterThan(300);
    // Ties of float cost to the last bit are rare on real streets: nearly every path is A*'s own.
    expect(samePath).toBeGreaterThan(routed * 0.95);
  });
});
