import { EARTH_RADIUS_M } from './geo.js';

/** Metres per degree of latitude (and of longitude at the equator). */
export const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const RAD = Math.PI / 180;

/**
 * Metres from point P to the segment A-B (all WGS84 degrees), on a local equirectangular plane
 * centred on the segment's mid-latitude: within a few centimetres of the geodesic value for the
 * sub-kilometre segments of a path and the few hundred metres of a path radius. A zero-length
 * segment is a point. Hot path of path matching: no allocation.
 */
export function pointSegmentMetres(pLat: number, pLon: number, aLat: number, aLon: number, bLat: number, bLon: number): number {
  const kx = Math.cos(((aLat + bLat) / 2) * RAD) * M_PER_DEG;
  const ky = M_PER_DEG;
  const bx = (bLon - aLon) * kx;
  const by = (bLat - aLat) * ky;
  const px = (pLon - aLon) * kx;
  const py = (pLat - aLat) * ky;
  const len2 = bx * bx + by * by;
  let t = len2 > 0 ? (px * bx + py * by) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const dx = px - t * bx;
  const dy = py - t * by;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Degrees of latitude spanning `metres`. */
export function metresToLatDegrees(metres: number): number {
  return metres / M_PER_DEG;
}

/** Degrees of longitude spanning `metres` at latitude `lat` (the wider value toward the pole is the caller's concern). */
export function metresToLonDegrees(metres: number, lat: number): number {
  return metres / (M_PER_DEG * Math.max(Math.cos(Math.min(89.9, Math.abs(lat)) * RAD), 1e-6));
}
