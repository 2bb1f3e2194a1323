// FEATURE UNDER TEST: the live estimator's geometry: polyline decoding, projection onto a trip's path, and delay interpolation.
import { describe, expect, it } from 'vitest';
import { decodePolyline } from '@transit/engine';
import { TripPath } from '../../packages/engine/src/shapes/trip-path.js';
import { project } from '../support/trip-path.js';

describe('live geometry', () => {
  it('decodes a precision-5 polyline (the reference example of the encoding)', () => {
    expect(Array.from(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@'))).toEqual([38.5, -120.2, 40.7, -120.95, 43.252, -126.453]);
    expect(Array.from(decodePolyline(''))).toEqual([]);
    expect(Array.from(decodePolyline('_p~iF~ps|U_ul'))).toEqual([38.5, -120.2]); // damaged tail: the points before it
  });

  it('places stops on a shape, projects positions within 1 km and prefers the scheduled pass on a loop', () => {
    // An east-west road 2 km long at 53.38 N, out and back (a loop served both ways).
    const lat = 53.38, lon0 = -1.5, dLon = 2000 / (111_195 * Math.cos((lat * Math.PI) / 180));
    const shape = Float64Array.from([lat, lon0, lat, lon0 + dLon, lat + 0.00001, lon0]);
    const stops = Float64Array.from([lat, lon0, lat, lon0 + dLon / 2, lat, lon0 + dLon, lat, lon0]);
    const path = TripPath.build(shape, stops);
    expect(path.fromShape).toBe(true);
    expect(Array.from(path.stopAlong).map(Math.round)).toEqual([0, 1000, 2000, 4000]);
    const mid = { lat: lat + 0.0005, lon: lon0 + dLon / 4 }; // 500 m along, 56 m off the road
    const out = project(path, mid.lat, mid.lon, null, 400)!;
    expect(Math.round(out.along)).toBe(500);
    expect(Math.round(out.offM)).toBe(56);
    // Same point when the timetable has the bus on its way back: the return pass (3500 m) wins...
    expect(Math.round(project(path, mid.lat, mid.lon, null, 3400)!.along)).toBe(3500);
    // ...and a heading east picks the outbound pass whatever the prior.
    expect(Math.round(project(path, mid.lat, mid.lon, 90, 3400)!.along)).toBe(500);
    expect(project(path, lat + 0.02, lon0, null, 0)).toBeNull(); // 2.2 km off
  });

  it('falls back to straight lines between stops when the shape misses a stop', () => {
    const shape = Float64Array.from([53.0, -1.0, 53.0, -0.99]);
    const stops = Float64Array.from([53.0, -1.0, 53.01, -0.995]);
    const path = TripPath.build(shape, stops);
    expect(path.fromShape).toBe(false);
    expect(path.stopAlong[1]).toBeCloseTo(path.length, 6);
  });
});
