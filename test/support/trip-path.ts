import { PRIOR_WEIGHT, type TripPath } from '../../packages/engine/src/shapes/trip-path.js';

/** A projected point: metres along the path and off it. */
export interface Projected {
  along: number;
  offM: number;
}

/** `path.projectInto` as a value, null where it finds no point within `maxOffM` (the engine projects into a reused pair; tests compare values). */
export function project(path: TripPath, lat: number, lon: number, bearing: number | null, priorAlong: number, maxOffM = 1000, priorWeight = PRIOR_WEIGHT): Projected | null {
  const out = new Float64Array(2);
  return path.projectInto(lat, lon, bearing, priorAlong, maxOffM, priorWeight, out) ? { along: out[0], offM: out[1] } : null;
}

/**
 * A random walk of `n` points around (53.4, -1.5), steps up to `stepM` metres, some of them zero
 * length; `loops` turns it back halfway, so it comes back the same way.
 */
export function randomShape(next: () => number, n: number, stepM: number, loops: boolean): Float64Array {
  const out = new Float64Array(2 * n);
  let lat = 53.4, lon = -1.5, heading = next() * 2 * Math.PI;
  for (let i = 0; i < n; i++) {
    if (loops && i === n >> 1) heading += Math.PI;
    else heading += (next() - 0.5) * 1.2;
    const step = next() < 0.05 ? 0 : next() * stepM;
    lat += (Math.cos(heading) * step) / 111_195;
    lon += (Math.sin(heading) * step) / (111_195 * Math.cos((lat * Math.PI) / 180));
    out[2 * i] = lat;
    out[2 * i + 1] = lon;
  }
  return out;
}
