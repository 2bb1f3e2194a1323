import { bearingDegrees, distanceMetres, offsetMetres, type LatLon } from './geo.js';

/** A point along a road with the direction of travel there (degrees, a -> b). */
export interface RoadPosition extends LatLon {
  bearing: number;
}

const SAMPLES = 32;

/**
 * A gently bent road from a to b: a quadratic Bezier whose control point sits `bend` times the
 * straight length to the right of the midpoint (negative bends to the left). Returns samples.
 */
export function bentRoad(a: LatLon, b: LatLon, bend: number): LatLon[] {
  const length = distanceMetres(a, b);
  const mid = { lat: (a.lat + b.lat) / 2, lon: (a.lon + b.lon) / 2 };
  const control = offsetMetres(mid, bearingDegrees(a, b) + 90, bend * length);
  const points: LatLon[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES;
    const [wa, wc, wb] = [(1 - t) ** 2, 2 * t * (1 - t), t ** 2];
    points.push({ lat: wa * a.lat + wc * control.lat + wb * b.lat, lon: wa * a.lon + wc * control.lon + wb * b.lon });
  }
  return points;
}

/**
 * Stop positions along a polyline: the first `startGap` metres from the start, then every
 * `spacing(p)` metres, stopping `endGap` metres short of the end.
 */
export function positionsAlong(points: LatLon[], startGap: number, endGap: number, spacing: (p: LatLon) => number): RoadPosition[] {
  const cumulative = [0];
  for (let i = 1; i < points.length; i++) cumulative.push(cumulative[i - 1] + distanceMetres(points[i - 1], points[i]));
  const total = cumulative[cumulative.length - 1];
  const out: RoadPosition[] = [];
  let i = 1;
  for (let s = startGap; s < total - endGap; ) {
    while (cumulative[i] < s) i++;
    const [p, q] = [points[i - 1], points[i]];
    const f = (s - cumulative[i - 1]) / (cumulative[i] - cumulative[i - 1] || 1);
    const at = { lat: p.lat + f * (q.lat - p.lat), lon: p.lon + f * (q.lon - p.lon) };
    out.push({ ...at, bearing: bearingDegrees(p, q) });
    s += spacing(at);
  }
  return out;
}
