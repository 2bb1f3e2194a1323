// FEATURE UNDER TEST: compileFootpaths (compile/compile-transfers.ts) against a brute force over every pair: each stop's footpaths are every served stop within TRANSFER_RADIUS_M, sorted by walking metres then stop, also for stops with far more candidates than its scratch arrays start with (64).
import { describe, it, expect } from 'vitest';
import { distanceMetres, DETOUR_FACTOR, TRANSFER_RADIUS_M } from '@transit/engine';
import { compileFootpaths } from '../../packages/builder/src/compile/compile-transfers.js';
import { mulberry32 } from '../support/random-timetable.js';

describe('compileFootpaths', () => {
  it('equals a brute force over every pair, dense clusters included', () => {
    const random = mulberry32(5);
    const n = 600;
    const lat = new Float64Array(n);
    const lon = new Float64Array(n);
    const modes = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const dense = i < 300; // 300 stops within about 300 m: each has some 250 candidates
      lat[i] = 53 + (dense ? 0.003 : 0.05) * random();
      lon[i] = -1 + (dense ? 0.004 : 0.08) * random();
      modes[i] = random() < 0.9 ? 1 : 0;
    }
    const f = compileFootpaths(lat, lon, modes);
    let most = 0;
    for (let s = 0; s < n; s++) {
      const expected: { t: number; m: number }[] = [];
      if (modes[s]) {
        for (let t = 0; t < n; t++) {
          const straight = distanceMetres(lat[s], lon[s], lat[t], lon[t]);
          if (t !== s && modes[t] && straight <= TRANSFER_RADIUS_M) expected.push({ t, m: straight * DETOUR_FACTOR });
        }
      }
      expected.sort((a, b) => a.m - b.m || a.t - b.t);
      most = Math.max(most, expected.length);
      const first = f.offsets[s];
      const end = f.offsets[s + 1];
      expect(Array.from(f.stops.subarray(first, end)), `stop ${s}`).toEqual(expected.map((e) => e.t));
      expect(Array.from(f.metres.subarray(first, end)), `stop ${s}`).toEqual(expected.map((e) => Math.round(e.m)));
    }
    expect(most).toBeGreaterThan(200);
  });
});
