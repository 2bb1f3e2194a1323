// FEATURE UNDER TEST: landmark (ALT) bounds for walking and cycling routes on real Newport streets: the bounds never exceed the true street metres (brute-force Dijkstra), and A* with them returns exactly the route of the straight-line A* (distance, duration, every coordinate, steps).
import { beforeAll, describe, expect, it } from 'vitest';
import type { StreetGraph } from '@transit/engine';
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
        const plain = g.route(ends[i], ends[i + 1], mode, 1000, false);
        const alt = g.route(ends[i], ends[i + 1], mode, 1000, true);
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
});
