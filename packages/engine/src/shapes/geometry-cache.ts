import type { DrawnGeometry } from './shape-geometry.js';
import { ArenaGenerations } from '../arena-generations.js';

/** Values before a cached geometry's coarse line: shape, pattern, entry, trip, tripCount, rank, its bbox (4), the coarse line's length. */
const HEAD = 11;
/** Offset of a cached "no geometry" (null). */
const NO_GEOMETRY = -1;

/** Bytes a cached geometry holds: its values, and its Map entry (three slots and a share of the buckets). */
export const geometryCacheBytes = (coarseValues: number): number => 8 * (HEAD + coarseValues) + 32;

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
  private readonly gens: ArenaGenerations<K, Float64Array>;

  constructor(
    capacity: number,
    maxBytes: number,
    /** Bytes a key holds beyond the entry (a string's characters). */
    private readonly keyBytes: (key: K) => number = () => 0,
  ) {
    this.gens = new ArenaGenerations(capacity, maxBytes, () => new Float64Array(4096));
  }

  /** Bytes held, both generations. */
  get bytes(): number {
    return this.gens.bytes;
  }

  /** The geometry cached for `key`, null for a cached none, undefined when not cached. */
  get(key: K): CachedGeometry | null | undefined {
    const { gens } = this;
    const at = gens.young.offsets.get(key);
    if (at !== undefined) return at === NO_GEOMETRY ? null : new CachedGeometry(gens.young.data, at);
    const aged = gens.old.offsets.get(key);
    if (aged === undefined) return undefined;
    const values = aged === NO_GEOMETRY ? 0 : HEAD + gens.old.data[aged + 10];
    const moved = gens.renew(key, aged, values, this.entryBytes(key, values));
    gens.young.offsets.set(key, aged === NO_GEOMETRY ? NO_GEOMETRY : moved);
    return aged === NO_GEOMETRY ? null : new CachedGeometry(gens.young.data, moved);
  }

  /** Caches "no geometry" for `key` (not cached yet); returns null. */
  setNone(key: K): null {
    this.gens.reserve(0, this.entryBytes(key, 0));
    this.gens.young.offsets.set(key, NO_GEOMETRY);
    return null;
  }

  /**
   * Caches a geometry for `key` (not cached yet) with a coarse line of `coarseValues` values,
   * which `fill(out, at)` writes at out[at, at + coarseValues).
   */
  set(key: K, g: GeometryFields, coarseValues: number, fill: (out: Float64Array, at: number) => void): CachedGeometry {
    const values = HEAD + coarseValues;
    const at = this.gens.reserve(values, this.entryBytes(key, values));
    const data = this.gens.young.data;
    data[at] = g.shape;
    data[at + 1] = g.pattern;
    data[at + 2] = g.entry;
    data[at + 3] = g.trip;
    data[at + 4] = g.tripCount;
    data[at + 5] = g.rank;
    for (let k = 0; k < 4; k++) data[at + 6 + k] = g.bbox[k];
    data[at + 10] = coarseValues;
    fill(data, at + HEAD);
    this.gens.young.offsets.set(key, at);
    return new CachedGeometry(data, at);
  }

  private entryBytes(key: K, values: number): number {
    return (values === 0 ? 32 : geometryCacheBytes(values - HEAD)) + this.keyBytes(key);
  }
}
