/** Mean Earth radius in metres (the value geokdbush uses). */
export const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A lon/lat box that contains every point within `radius` metres of (lat, lon). */
export function boxAround(lat: number, lon: number, radius: number): [minLon: number, minLat: number, maxLon: number, maxLat: number] {
  const dLat = (radius / EARTH_RADIUS_M) / RAD;
  const cos = Math.cos(Math.min(89.9, Math.abs(lat) + dLat) * RAD);
  const dLon = Math.min(180, dLat / Math.max(cos, 1e-6));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}
