import type { StopTable } from '../stop-table.js';
import type { FareArea } from './fare-file.js';

/** Stop -> bit mask of the fare areas that hold it (bit a = areas[a]). */
export function compileStopAreas(stops: StopTable, areas: readonly FareArea[]): Uint32Array {
  const out = new Uint32Array(stops.size);
  for (let i = 0; i < stops.size; i++) {
    const s = { atco: stops.atco(i), lat: stops.lat.get(i), lon: stops.lon.get(i) };
    let mask = 0;
    areas.forEach((a, bit) => {
      if (inArea(s, a)) mask |= 1 << bit;
    });
    out[i] = mask >>> 0;
  }
  return out;
}

/** ATCO prefix, or inside the box, or inside the polygon. */
export function inArea(s: { atco: string; lat: number; lon: number }, a: FareArea): boolean {
  if (a.atcoPrefixes.some((p) => s.atco.startsWith(p))) return true;
  if (a.bbox && s.lon >= a.bbox[0] && s.lat >= a.bbox[1] && s.lon <= a.bbox[2] && s.lat <= a.bbox[3]) return true;
  return a.polygon !== null && inRing(s.lon, s.lat, a.polygon);
}

/** Even-odd ray casting on lon/lat (areas are county-sized, so the plane is fine). */
function inRing(x: number, y: number, ring: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
