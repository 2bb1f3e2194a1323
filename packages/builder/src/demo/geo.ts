/** A WGS84 position in degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees clockwise from north, in [0, 360). */
export function bearingDegrees(a: LatLon, b: LatLon): number {
  const y = (b.lon - a.lon) * Math.cos(((a.lat + b.lat) / 2) * RAD);
  const x = b.lat - a.lat;
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** The point `metres` away from p towards `bearing` (flat-earth step; fine below a few km). */
export function offsetMetres(p: LatLon, bearing: number, metres: number): LatLon {
  const dLat = (metres * Math.cos(bearing * RAD)) / EARTH_RADIUS_M / RAD;
  const dLon = (metres * Math.sin(bearing * RAD)) / (EARTH_RADIUS_M * Math.cos(p.lat * RAD)) / RAD;
  return { lat: p.lat + dLat, lon: p.lon + dLon };
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** NaPTAN Bearing (N, NE, ... NW) nearest to a bearing in degrees. */
export function compassPoint(bearing: number): string {
  return COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
}

/** Smallest angle between two bearings, in [0, 180]. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
}
