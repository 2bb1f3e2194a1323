import type KDBush from 'kdbush';
import { boxAround, distanceMetres } from '../spatial/geo.js';
import { M_PER_DEG } from '../spatial/segment-distance.js';
import { MAX_SEGMENT_M, type StreetColumns } from './street-columns.js';

const RAD = Math.PI / 180;
/** Radii (metres) tried in turn for the nearest node before the caller's limit. */
const NODE_RADII = [60, 250];

/** Where a point meets the street graph for one mode. */
export interface StreetSnap {
  /** Directed edge the point projects onto; the mode may travel it from `source` to `target`. */
  edge: number;
  source: number;
  target: number;
  /** Position along the edge: 0 at source, 1 at target. */
  fraction: number;
  /** The projected point, WGS84 degrees. */
  lat: number;
  lon: number;
  /** Metres from the query point to the projected point (off the graph). */
  distance: number;
}

/** An empty snap, for reuse with snapToStreet. */
export function newSnap(): StreetSnap {
  return { edge: 0, source: 0, target: 0, fraction: 0, lat: 0, lon: 0, distance: 0 };
}

/**
 * Snaps (lat, lon) onto the nearest point of an edge usable by `bit` (FOOT, BICYCLE or CAR)
 * within `maxMetres`, writing into `out`; false when there is none. Only nodes whose
 * `nodeAccess` has the bit count, so small islands are never snapped to. Exact because the
 * builder keeps segments under MAX_SEGMENT_M: the nearest edge has an end within (nearest node
 * distance + MAX_SEGMENT_M). Allocates only kdbush's candidate lists.
 */
export function snapToStreet(c: StreetColumns, kd: KDBush, lat: number, lon: number, bit: number, maxMetres: number, out: StreetSnap): boolean {
  let nearest = Infinity;
  for (let k = 0; k <= NODE_RADII.length && nearest === Infinity; k++) {
    const r = k < NODE_RADII.length ? Math.min(NODE_RADII[k], maxMetres) : maxMetres;
    nearest = nearestNodeMetres(c, kd, lat, lon, bit, r);
  }
  if (nearest === Infinity) return false;
  const kx = Math.cos(lat * RAD) * M_PER_DEG;
  const ky = M_PER_DEG;
  let best = Infinity;
  const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, nearest + MAX_SEGMENT_M);
  const candidates = kd.range(minLon, minLat, maxLon, maxLat);
  for (let k = 0; k < candidates.length; k++) {
    const u = candidates[k];
    if (!(c.nodeAccess[u] & bit)) continue;
    const ux = (c.lon[u] - lon) * kx;
    const uy = (c.lat[u] - lat) * ky;
    for (let e = c.edgeOffsets[u], end = c.edgeOffsets[u + 1]; e < end; e++) {
      if (!(c.edgeAccess[e] & bit)) continue;
      const v = c.edgeTarget[e];
      const dx = (c.lon[v] - lon) * kx - ux;
      const dy = (c.lat[v] - lat) * ky - uy;
      const len2 = dx * dx + dy * dy;
      let t = len2 > 0 ? -(ux * dx + uy * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const px = ux + t * dx;
      const py = uy + t * dy;
      const d2 = px * px + py * py;
      if (d2 < best) {
        best = d2;
        out.edge = e;
        out.source = u;
        out.target = v;
        out.fraction = t;
      }
    }
  }
  if (best === Infinity) return false;
  const t = out.fraction;
  out.lat = c.lat[out.source] + t * (c.lat[out.target] - c.lat[out.source]);
  out.lon = c.lon[out.source] + t * (c.lon[out.target] - c.lon[out.source]);
  out.distance = distanceMetres(lat, lon, out.lat, out.lon);
  return out.distance <= maxMetres;
}

/** Metres to the nearest node usable by `bit` within `radius`, or Infinity. */
function nearestNodeMetres(c: StreetColumns, kd: KDBush, lat: number, lon: number, bit: number, radius: number): number {
  const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, radius);
  const ids = kd.range(minLon, minLat, maxLon, maxLat);
  let best = Infinity;
  for (let k = 0; k < ids.length; k++) {
    const u = ids[k];
    if (!(c.nodeAccess[u] & bit)) continue;
    const d = distanceMetres(lat, lon, c.lat[u], c.lon[u]);
    if (d < best) best = d;
  }
  return best <= radius ? best : Infinity;
}
