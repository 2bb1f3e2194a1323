// FEATURE UNDER TEST: TripPath.projectInto (block index, outward scan from the prior) gives exactly the answer of a scan over every segment, on seeded random paths.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../support/random-timetable.js';
import { TripPath } from '../../packages/engine/src/shapes/trip-path.js';
import { project, randomShape, type Projected } from '../support/trip-path.js';

/** The brute-force oracle: every segment in order, the first strictly cheaper one kept (projection before the block index). */
function projectAll(path: TripPath, lat: number, lon: number, bearing: number | null, priorAlong: number, maxOffM: number, priorWeight = 0.05): Projected | null {
  const px = path.x(lon), py = path.y(lat);
  const xy = path.xy;
  const segs = (xy.length >> 1) - 1;
  let bestCost = Infinity, bestAlong = 0, bestOff = Infinity;
  for (let i = 0; i < segs; i++) {
    const ax = xy[2 * i], ay = xy[2 * i + 1], dx = xy[2 * i + 2] - ax, dy = xy[2 * i + 3] - ay;
    const l2 = dx * dx + dy * dy;
    let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const dist = Math.hypot(ax + t * dx - px, ay + t * dy - py);
    if (dist > maxOffM) continue;
    const along = path.along[i] + t * (path.along[i + 1] - path.along[i]);
    let cost = dist + priorWeight * Math.abs(along - priorAlong);
    if (bearing !== null) {
      let diff = Math.abs(path.segmentBearing(i) - bearing) % 360;
      if (diff > 180) diff = 360 - diff;
      if (diff > 100) cost += 150;
    }
    if (cost < bestCost) {
      bestCost = cost;
      bestAlong = along;
      bestOff = dist;
    }
  }
  return bestCost === Infinity ? null : { along: bestAlong, offM: bestOff };
}

describe('TripPath.projectInto against a scan of every segment', () => {
  it('random paths (straight-line paths between stops, from 2 to 1,200 points, with loops and repeated points), positions, priors, bearings and limits', () => {
    const next = mulberry32(7);
    let hits = 0, misses = 0;
    for (let p = 0; p < 120; p++) {
      const n = 2 + Math.floor(next() * (p % 3 === 0 ? 1200 : 150));
      // Straight lines between the points (no shape): every point a stop, so the path keeps every point.
      const path = TripPath.build(new Float64Array(0), randomShape(next, n, 20 + next() * 300, p % 2 === 0));
      for (let q = 0; q < 60; q++) {
        const i = Math.floor(next() * n);
        // Near a point of the path (or far off it), with a prior anywhere from before the start to after the end.
        const spread = next() < 0.8 ? 0.003 : 0.05;
        const [pointLat, pointLon] = path.slice(path.along[i], path.along[i]);
        const lat = pointLat + (next() - 0.5) * spread;
        const lon = pointLon + (next() - 0.5) * spread;
        const prior = (next() * 1.4 - 0.2) * path.length;
        const bearing = next() < 0.3 ? null : Math.floor(next() * 360);
        const maxOff = [300, 1000, 50, Infinity][q % 4];
        const got = project(path, lat, lon, bearing, prior, maxOff);
        expect(got).toStrictEqual(projectAll(path, lat, lon, bearing, prior, maxOff));
        if (got) hits++;
        else misses++;
      }
    }
    expect(hits).toBeGreaterThan(1000);
    expect(misses).toBeGreaterThan(100);
  });

  it('a tie between two passes of a loop goes to the earlier segment, as in a scan in order', () => {
    // Out 2 km east and back on the same line, 21 points each way (blocks of segments on both passes):
    // with no prior weight, a position on a point of the line is exactly as near both passes.
    const lat = 53.38, lon0 = -1.5, dLon = 100 / (111_195 * Math.cos((lat * Math.PI) / 180));
    const points: number[] = [];
    for (let k = 0; k <= 20; k++) points.push(lat, lon0 + k * dLon);
    for (let k = 19; k >= 0; k--) points.push(lat, lon0 + k * dLon);
    const path = TripPath.build(new Float64Array(0), Float64Array.from(points));
    for (const prior of [0, 1000, 2500, 3900]) {
      const got = project(path, lat, lon0 + 7 * dLon, null, prior, 300, 0);
      expect(got).toStrictEqual(projectAll(path, lat, lon0 + 7 * dLon, null, prior, 300, 0));
      expect(Math.round(got!.along)).toBe(700);
    }
  });
});
