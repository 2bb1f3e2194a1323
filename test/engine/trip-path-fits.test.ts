// FEATURE UNDER TEST: TripPath.fits (whether build would draw a trip on its shape, computed in module scratch) answers as
// TripPath.build(...).fromShape does, including after a longer shape or more stops left longer scratch behind.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../support/random-timetable.js';
import { TripPath } from '../../packages/engine/src/shapes/trip-path.js';
import { randomShape } from '../support/trip-path.js';

describe('TripPath.fits', () => {
  it('answers as build(...).fromShape on random shapes and stops, long and short in turn', () => {
    const next = mulberry32(21);
    let yes = 0, no = 0;
    for (let c = 0; c < 400; c++) {
      // Long and short in turn, so short ones run over scratch a longer one grew.
      const n = c % 2 === 0 ? 2 + Math.floor(next() * 2000) : 2 + Math.floor(next() * 30);
      const shape = randomShape(next, n, 10 + next() * 200, c % 3 === 0);
      // Stops near points of the shape in order (a few far off, or out of order, so some shapes do not fit).
      const stops: number[] = [];
      const count = 1 + Math.floor(next() * (c % 2 === 0 ? 60 : 8));
      for (let s = 0; s < count; s++) {
        const i = next() < 0.03 ? Math.floor(next() * n) : Math.min(n - 1, Math.floor(((s + next()) / count) * n));
        const off = next() < 0.05 ? 0.01 : 0.0015;
        stops.push(shape[2 * i] + (next() - 0.5) * off, shape[2 * i + 1] + (next() - 0.5) * off);
      }
      const stopLatLon = Float64Array.from(stops);
      const fits = TripPath.fits(shape, stopLatLon);
      expect(fits, `case ${c}`).toBe(TripPath.build(shape, stopLatLon).fromShape);
      if (fits) yes++;
      else no++;
    }
    expect(yes).toBeGreaterThan(50);
    expect(no).toBeGreaterThan(50);
    // A shape of fewer than two points never fits (build draws straight lines between the stops).
    expect(TripPath.fits(new Float64Array([53.4, -1.5]), new Float64Array([53.4, -1.5]))).toBe(false);
  });
});
