import type KDBush from 'kdbush';
import { boxAround, distanceMetres } from './geo.js';
import type { Box } from '../api.js';

/**
 * Radius and box queries over a kd-tree of points. Radius search = kdbush range over the
 * enclosing lon/lat box, exact great-circle filter, then sort by distance (faster than a
 * priority-queue walk for the small radii stop searches use; see bench/).
 *
 * Results land in reusable scratch columns (`ids`, `distances`, first `count` entries): valid
 * only until the next query on this index. Queries do not allocate beyond kdbush's id list.
 */
export class SpatialIndex {
  /** Matches of the last query: dense indices, nearest first (radius) or ascending (box). */
  ids = new Uint32Array(256);
  /** Great-circle metres of each match from the query point (0 for box queries). */
  distances = new Float64Array(256);
  count = 0;

  constructor(
    private readonly kd: KDBush,
    private readonly lat: Float64Array,
    private readonly lon: Float64Array,
  ) {}

  /** Every point within `radius` metres, nearest first (ties by index); `accept` filters by dense index. Returns the count. */
  within(lat: number, lon: number, radius: number, accept?: (idx: number) => boolean): number {
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, radius);
    const candidates = this.kd.range(minLon, minLat, maxLon, maxLat);
    this.count = 0;
    for (let i = 0; i < candidates.length; i++) {
      const idx = candidates[i];
      if (accept && !accept(idx)) continue;
      const d = distanceMetres(lat, lon, this.lat[idx], this.lon[idx]);
      if (d <= radius) this.push(idx, d);
    }
    this.sortByDistance();
    return this.count;
  }

  /** Every point inside the box, in dense-index order (stable for paging). Returns the count. */
  inBox(box: Box, accept?: (idx: number) => boolean): number {
    const candidates = this.kd.range(box.minLon, box.minLat, box.maxLon, box.maxLat);
    candidates.sort((a, b) => a - b);
    this.count = 0;
    for (const idx of candidates) if (!accept || accept(idx)) this.push(idx, 0);
    return this.count;
  }

  private push(idx: number, distance: number): void {
    if (this.count === this.ids.length) {
      const ids = new Uint32Array(this.count * 2);
      const distances = new Float64Array(this.count * 2);
      ids.set(this.ids);
      distances.set(this.distances);
      this.ids = ids;
      this.distances = distances;
    }
    this.ids[this.count] = idx;
    this.distances[this.count++] = distance;
  }

  /** Insertion sort for the usual few dozen matches; an index sort beyond that. */
  private sortByDistance(): void {
    const n = this.count;
    const ids = this.ids;
    const d = this.distances;
    if (n > 64) {
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => d[a] - d[b] || ids[a] - ids[b]);
      const sortedIds = Uint32Array.from(order, (i) => ids[i]);
      const sortedD = Float64Array.from(order, (i) => d[i]);
      ids.set(sortedIds);
      d.set(sortedD);
      return;
    }
    for (let i = 1; i < n; i++) {
      const id = ids[i];
      const dist = d[i];
      let j = i - 1;
      while (j >= 0 && (d[j] > dist || (d[j] === dist && ids[j] > id))) {
        ids[j + 1] = ids[j];
        d[j + 1] = d[j];
        j--;
      }
      ids[j + 1] = id;
      d[j + 1] = dist;
    }
  }
}
