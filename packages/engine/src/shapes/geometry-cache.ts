import type { DrawnGeometry } from './shape-geometry.js';
import { grownSize, resizedColumn } from '../timetable/alloc-column.js';

/** Values before a cached geometry's coarse line: shape, pattern, entry, trip, tripCount, rank, its bbox (4), the coarse line's length. */
const HEAD = 11;
/** Offset of a cached "no geometry" (null). */
const NO_GEOMETRY = -1;

/** Bytes a cached geometry holds: its values, and its Map entry (three slots and a share of the buckets). */
export const geometryCacheBytes = (coarseValues: number): number => 8 * (HEAD + coarseValues) + 32;

/** One generation: key -> offset into `data` (or NO_GEOMETRY). */
class GeometryGeneration<K> {
  readonly offsets = new Map<K, number>();
  data: Float64Array = new Float64Array(4096);
  used = 0;
  bytes = 0;
}

/** A cached geometry read in place; holds its generation's array, so it stays valid however the cache changes. */
export class CachedGeometry implements DrawnGeometry {
  constructor(
    private readonly data: Float64Array,
    private readonly at: number,
  ) {}

  get shape(): number {
    return this.data[this.at];
  }

  get pattern(): number {
    return this.data[this.at + 1];
  }

  /** Entry of `pattern`'s draw that first drew it (with `pattern`: the catalogue's creation order). */
  get entry(): number {
    return this.data[this.at + 2];
  }

  get trip(): number {
    return this.data[this.at + 3];
  }

  get tripCount(): number {
    return this.data[this.at + 4];
  }

  /** MODE_RANK of the trip's mode. */
  get rank(): number {
    return this.data[this.at + 5];
  }

  private box: Float64Array | undefined;

  get bbox(): Float64Array {
    return (this.box ??= this.data.subarray(this.at + 6, this.at + 10));
  }

  coarseLine(): Float64Array {
    const from = this.at + HEAD;
    return this.data.subarray(from, from + this.data[this.at + 10]);
  }
}

/** What a new geometry holds (GeometryCache.set); the coarse line is written by `fill`. */
export interface GeometryFields {
  shape: number;
  pattern: number;
  entry: number;
  trip: number;
  tripCount: number;
  rank: number;
  bbox: ArrayLike<number>;
}

/**
 * Route geometries by key, as BoundedCache keeps values (two generations of `capacity` entries
 * and about `maxBytes` each, a hit in the old one moved back; `null` a cached "none"), but held
 * as numbers in one array per generation (appended to, never rewritten: a CachedGeometry handed
 * out stays valid), not as objects and arrays of their own: a cold box on a national snapshot
 * builds a hundred geometries or more, and each kept as objects lived long enough to be promoted
 * and then died in old space, and its coarse line was an allocation of its own outside the heap.
 */
export class GeometryCache<K> {
  private young = new GeometryGeneration<K>();
  private old = new GeometryGeneration<K>();

  constructor(
    readonly capacity: number,
    readonly maxBytes: number,
    /** Bytes a key holds beyond the entry (a string's characters). */
    private readonly keyBytes: (key: K) => number = () => 0,
  ) {}

  /** Bytes held, both generations. */
  get bytes(): number {
    return this.young.bytes + this.old.bytes;
  }

  /** The geometry cached for `key`, null for a cached none, undefined when not cached. */
  get(key: K): CachedGeometry | null | undefined {
    const at = this.young.offsets.get(key);
    if (at !== undefined) return at === NO_GEOMETRY ? null : new CachedGeometry(this.young.data, at);
    const aged = this.old.offsets.get(key);
    if (aged === undefined) return undefined;
    const from = this.old;
    from.offsets.delete(key);
    const values = aged === NO_GEOMETRY ? 0 : HEAD + from.data[aged + 10];
    from.bytes -= this.entryBytes(key, values);
    if (aged === NO_GEOMETRY) return this.setNone(key);
    const at2 = this.reserve(key, values);
    this.young.data.set(from.data.subarray(aged, aged + values), at2);
    return new CachedGeometry(this.young.data, at2);
  }

  /** Caches "no geometry" for `key` (not cached yet); returns null. */
  setNone(key: K): null {
    this.reserve(key, 0);
    this.young.offsets.set(key, NO_GEOMETRY);
    return null;
  }

  /**
   * Caches a geometry for `key` (not cached yet) with a coarse line of `coarseValues` values,
   * which `fill(out, at)` writes at out[at, at + coarseValues).
   */
  set(key: K, g: GeometryFields, coarseValues: number, fill: (out: Float64Array, at: number) => void): CachedGeometry {
    const at = this.reserve(key, HEAD + coarseValues);
    const data = this.young.data;
    data[at] = g.shape;
    data[at + 1] = g.pattern;
    data[at + 2] = g.entry;
    data[at + 3] = g.trip;
    data[at + 4] = g.tripCount;
    data[at + 5] = g.rank;
    for (let k = 0; k < 4; k++) data[at + 6 + k] = g.bbox[k];
    data[at + 10] = coarseValues;
    fill(data, at + HEAD);
    this.young.offsets.set(key, at);
    return new CachedGeometry(data, at);
  }

  private entryBytes(key: K, values: number): number {
    return (values === 0 ? 32 : geometryCacheBytes(values - HEAD)) + this.keyBytes(key);
  }

  /** Room for `values` values for `key` in the young generation (aging it first when full); returns the offset. */
  private reserve(key: K, values: number): number {
    const bytes = this.entryBytes(key, values);
    let young = this.young;
    if (young.offsets.size >= this.capacity || (young.offsets.size > 0 && young.bytes + bytes > this.maxBytes)) {
      this.old = young;
      this.young = young = new GeometryGeneration<K>();
    }
    // Grown into a new array: views handed out keep the old one, which is never written again.
    if (young.used + values > young.data.length) young.data = resizedColumn(young.data, grownSize(young.data.length, young.used + values));
    const at = young.used;
    young.used += values;
    young.bytes += bytes;
    return at;
  }
}
