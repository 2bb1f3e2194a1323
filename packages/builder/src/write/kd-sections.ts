import KDBush from 'kdbush';
import { KD_NODE_SIZE } from '@transit/engine';

/** Builds a kd-tree over points and returns its ids (u32) and coordinates (f64 lon,lat pairs). */
export function kdSections(lat: ArrayLike<number>, lon: ArrayLike<number>): { ids: Uint32Array; coords: Float64Array } {
  const n = lat.length;
  const kd = new KDBush(n, KD_NODE_SIZE, Float64Array);
  for (let i = 0; i < n; i++) kd.add(lon[i], lat[i]);
  kd.finish();
  return { ids: Uint32Array.from(kd.ids), coords: Float64Array.from(kd.coords) };
}
