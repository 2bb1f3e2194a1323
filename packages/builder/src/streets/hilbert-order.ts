/**
 * Permutation of the points (degrees) along a Hilbert curve over their bounding box: nodes close
 * on the map get close indices, so a street search touches few memory pages.
 */
export function hilbertOrder(lat: ArrayLike<number>, lon: ArrayLike<number>, ids: Uint32Array): Uint32Array {
  let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
  for (const i of ids) {
    minLat = Math.min(minLat, lat[i]);
    maxLat = Math.max(maxLat, lat[i]);
    minLon = Math.min(minLon, lon[i]);
    maxLon = Math.max(maxLon, lon[i]);
  }
  const side = 65535;
  const sx = side / Math.max(maxLon - minLon, 1e-9);
  const sy = side / Math.max(maxLat - minLat, 1e-9);
  const keys = new Float64Array(ids.length);
  for (let k = 0; k < ids.length; k++) keys[k] = hilbertIndex(Math.round((lon[ids[k]] - minLon) * sx), Math.round((lat[ids[k]] - minLat) * sy));
  const order = Array.from(ids.keys()).sort((p, q) => keys[p] - keys[q] || ids[p] - ids[q]);
  return Uint32Array.from(order, (k) => ids[k]);
}

/** Position of cell (x, y) on a Hilbert curve over a 65536 x 65536 grid. */
function hilbertIndex(x: number, y: number): number {
  let d = 0;
  for (let s = 32768; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = 65535 - x;
        y = 65535 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}
