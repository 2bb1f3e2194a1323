import type { Box, Point } from '@transit/engine';
import { invalidParameter, missingParameter } from './api-error.js';

/** Query values a location may come from (see `pointParams` and `boxParams`). */
export interface LocationValues {
  lat?: number;
  lon?: number;
  min_lat?: number;
  min_lon?: number;
  max_lat?: number;
  max_lon?: number;
}

const BOX_NAMES = ['min_lat', 'min_lon', 'max_lat', 'max_lon'] as const;

/** The `lat`/`lon` point, or undefined when neither is given; one without the other is a 400 naming the missing one. */
export function readPoint(q: LocationValues): Point | undefined {
  if (q.lat === undefined && q.lon === undefined) return undefined;
  if (q.lat === undefined) throw invalidParameter("Parameter 'lat' is required with 'lon'.");
  if (q.lon === undefined) throw invalidParameter("Parameter 'lon' is required with 'lat'.");
  return { lat: q.lat, lon: q.lon };
}

/** A bounding box the endpoint cannot do without (map layers): readBox, and 400 missing_parameter when none is given. */
export function requireBox(q: LocationValues, maxSpan: number): Box {
  const box = readBox(q, maxSpan);
  if (!box) throw missingParameter('Supply a bounding box: min_lat, min_lon, max_lat, max_lon.');
  return box;
}

/**
 * The bounding box, or undefined when none of its four parameters is given. Part of a box,
 * an inverted box, or (with `maxSpan`) a box wider than `maxSpan` degrees on a side is a 400.
 */
export function readBox(q: LocationValues, maxSpan: number | null): Box | undefined {
  const missing = BOX_NAMES.filter((n) => q[n] === undefined);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) {
    throw invalidParameter(`A bounding box needs all four of min_lat, min_lon, max_lat, max_lon; missing ${missing.join(', ')}.`);
  }
  const box = { minLat: q.min_lat!, minLon: q.min_lon!, maxLat: q.max_lat!, maxLon: q.max_lon! };
  if (box.minLat > box.maxLat) throw invalidParameter(`Parameter 'min_lat' (${box.minLat}) must not exceed 'max_lat' (${box.maxLat}).`);
  if (box.minLon > box.maxLon) throw invalidParameter(`Parameter 'min_lon' (${box.minLon}) must not exceed 'max_lon' (${box.maxLon}).`);
  if (maxSpan !== null && (box.maxLat - box.minLat > maxSpan || box.maxLon - box.minLon > maxSpan)) {
    throw invalidParameter(`The bounding box (min_lat..max_lat, min_lon..max_lon) may span at most ${maxSpan} degree(s) on each side; search a smaller box or page a radius search.`);
  }
  return box;
}

/** Values of a radius-or-box search (stops, stations). */
export interface SpatialValues extends LocationValues {
  radius: number;
}

/**
 * Where a stop or station search looks: `near` (lat/lon + radius) or `box`, exactly one.
 * Both is a 400 (choose one); neither is 400 `missing_parameter`; `radius` sent with a box is a
 * 400 rather than silently ignored.
 */
export function readSpatial(q: SpatialValues, given: ReadonlySet<string>, maxBoxSpan: number | null): { near?: Point & { radius: number }; box?: Box } {
  const point = readPoint(q);
  const box = readBox(q, maxBoxSpan);
  if (point && box) throw invalidParameter('Give either lat/lon (with radius) or a bounding box (min_lat, min_lon, max_lat, max_lon), not both.');
  if (box) {
    if (given.has('radius')) throw invalidParameter("Parameter 'radius' applies only to a lat/lon search, not to a bounding box.");
    return { box };
  }
  if (point) return { near: { ...point, radius: q.radius } };
  throw missingParameter('Supply lat and lon (with an optional radius), or a bounding box (min_lat, min_lon, max_lat, max_lon).');
}
