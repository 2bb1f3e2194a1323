import type KDBush from 'kdbush';
import { boxAround, distanceMetres } from './geo.js';
import type { Box } from '../api.js';

/** One match of a spatial query: dense index and metres from the query point (0 for box queries). */
export interface Hit {
  idx: number;
  distance: number;
}

/**
 * Radius and box queries over a kd-tree of points. Radius search = kdbush range over the
 * enclosing lon/lat box, exact great-circle filter, sort by distance (faster than a priority
 * queue walk for the small radii stop searches use; see bench/).
 */
export class SpatialIndex {
  constructor(
    private readonly kd: KDBush,
    private readonly lat: Float64Array,
    private readonly lon: Float64Array,
  ) {}

  /** Every point within `radius` metres, nearest first; `accept` filters by dense index. */
  within(lat: number, lon: number, radius: number, accept?: (idx: number) => boolean): Hit[] {
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, radius);
    const candidates = this.kd.range(minLon, minLat, maxLon, maxLat);
    const hits: Hit[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const idx = candidates[i];
      if (accept && !accept(idx)) continue;
      const d = distanceMetres(lat, lon, this.lat[idx], this.lon[idx]);
      if (d <= radius) hits.push({ idx, distance: d });
    }
    hits.sort((a, b) => a.distance - b.distance || a.idx - b.idx);
    return hits;
  }

  /** Every point inside the box, in dense-index order (stable for paging). */
  inBox(box: Box, accept?: (idx: number) => boolean): Hit[] {
    const ids = this.kd.range(box.minLon, box.minLat, box.maxLon, box.maxLat);
    ids.sort((a, b) => a - b);
    const hits: Hit[] = [];
    for (const idx of ids) if (!accept || accept(idx)) hits.push({ idx, distance: 0 });
    return hits;
  }

  /** Nearest points regardless of distance (up to `count`), via an expanding radius. */
  nearest(lat: number, lon: number, count: number, accept?: (idx: number) => boolean): Hit[] {
    for (let radius = 500; ; radius *= 4) {
      const hits = this.within(lat, lon, radius, accept);
      if (hits.length >= count || radius > 2_000_000) return hits.slice(0, count);
    }
  }
}
