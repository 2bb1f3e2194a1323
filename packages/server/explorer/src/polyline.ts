// Encoded polylines (precision 5, as the API returns shapes, legs and streets) as Leaflet points,
// decoded by the engine's codec (browser-safe: no node: imports in its graph).
import { decodePolyline } from '@transit/engine';

/** Decodes an encoded polyline into [lat, lon] pairs (stops at the first malformed value). */
export function decodeLatLngs(encoded: string): [number, number][] {
  const flat = decodePolyline(encoded);
  const out: [number, number][] = new Array(flat.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = [flat[2 * i], flat[2 * i + 1]];
  return out;
}
