// FEATURE UNDER TEST: access and egress walks on the walking hierarchy's stop buckets (StopBuckets): the same stops at the same metres as the plain Dijkstra over the whole radius, and the same walk paths unpacked from the hierarchy (forward parents, then the bucket entries' chain down to the stop); wider radii than the buckets hold, and engines without a walking hierarchy, keep the plain Dijkstra.
import { describe, expect, inject, it } from 'vitest';
import { Engine } from '@transit/engine';
import { StopBuckets, STOP_BUCKET_M } from '../../packages/engine/src/streets/hierarchy-stops.js';
import { WIDE_ACCESS_M } from '../../packages/engine/src/planner/journey-planner.js';
import { readSnapshot } from '../support/snapshots.js';
import { mulberry32 } from '../support/random-timetable.js';

describe('stop buckets', () => {
  const engine = Engine.open(readSnapshot(inject('demoSnapshot')));
  const g = engine.streets!;
  const plain = g.createSearch();
  const bucketed = g.createSearch();
  const stopsOf = (s: typeof plain, n: number) => Array.from(s.stops.subarray(0, n), (stop, i) => `${stop}:${s.stopMetres[i].toFixed(6)}`);

  it('find the stops and walks the plain Dijkstra finds', () => {
    const b = g.stopBuckets()!;
    expect(b).toBeInstanceOf(StopBuckets);
    const rand = mulberry32(17);
    const { lat, lon } = engine.stopTable;
    let compared = 0;
    for (let k = 0; k < 120; k++) {
      const s = Math.floor(rand() * lat.length);
      const p = { lat: lat[s] + (rand() - 0.5) * 0.01, lon: lon[s] + (rand() - 0.5) * 0.016 };
      const toPoint = k % 2 === 1;
      const radius = [400, 1000, 2500][k % 3];
      const n = toPoint ? plain.walkTo(p.lat, p.lon, radius) : plain.walkFrom(p.lat, p.lon, radius);
      const m = toPoint ? bucketed.walkTo(p.lat, p.lon, radius, b) : bucketed.walkFrom(p.lat, p.lon, radius, b);
      expect(stopsOf(bucketed, m)).toEqual(stopsOf(plain, n));
      // Paths in a shuffled order, each read from the same search.
      const order = Array.from(plain.stops.subarray(0, n)).sort((x, y) => ((x * 7919) % 13) - ((y * 7919) % 13));
      for (const stop of order) {
        expect(bucketed.metresTo(stop)).toBeCloseTo(plain.metresTo(stop), 6);
        expect(bucketed.pathTo(stop)).toEqual(plain.pathTo(stop));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('hold every walk the planner asks for (its widest access radius)', () => {
    // Else the planner's wide access walks would all fall back to the plain Dijkstra, unseen.
    expect(STOP_BUCKET_M).toBeGreaterThanOrEqual(WIDE_ACCESS_M);
  });

  it('leave walks wider than they hold to the plain Dijkstra', () => {
    const b = g.stopBuckets()!;
    const { lat, lon } = engine.stopTable;
    const n = plain.walkFrom(lat[0], lon[0], b.limitM + 500);
    expect(bucketed.walkFrom(lat[0], lon[0], b.limitM + 500, b)).toBe(n);
    expect(stopsOf(bucketed, n)).toEqual(stopsOf(plain, n));
    expect(n).toBeGreaterThan(0);
  });
});
