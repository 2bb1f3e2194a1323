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
