import { bearingDegrees, distanceMetres, offsetMetres, type LatLon } from './geo.js';
import type { Random } from './random.js';
import type { DemoPattern } from './model.js';

/** One point of shapes.txt. */
export interface ShapePoint extends LatLon {
  /** Metres from the start of the shape. */
  dist: number;
}

/**
 * A plausible polyline for a pattern: through every stop, with a few jittered points between
 * stops (more on long legs) so the line does not run ruler-straight.
 */
export function shapePoints(pattern: DemoPattern, rng: Random): ShapePoint[] {
  const points: LatLon[] = [pattern.stops[0]];
  for (let i = 1; i < pattern.stops.length; i++) {
    const [a, b] = [pattern.stops[i - 1], pattern.stops[i]];
    const metres = distanceMetres(a, b);
    const between = Math.min(8, Math.floor(metres / 350));
    const sideways = Math.min(40, metres * 0.03);
    const heading = bearingDegrees(a, b);
    for (let k = 1; k <= between; k++) {
      const t = k / (between + 1);
      const on = { lat: a.lat + t * (b.lat - a.lat), lon: a.lon + t * (b.lon - a.lon) };
      points.push(offsetMetres(on, heading + 90, rng.range(-sideways, sideways)));
    }
    points.push(b);
  }
  let dist = 0;
  return points.map((p, i) => {
    if (i > 0) dist += distanceMetres(points[i - 1], p);
    return { lat: p.lat, lon: p.lon, dist };
  });
}
