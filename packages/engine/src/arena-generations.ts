import { grownSize, resizedColumn } from './timetable/alloc-column.js';

/** One generation: key -> offset into `data`, which is appended to, never rewritten. */
class ArenaGeneration<K, A extends Uint32Array | Float64Array> {
  readonly offsets = new Map<K, number>();
  used = 0;
  bytes = 0;

  constructor(public data: A) {}
}

/**
 * BoundedCache's two generations and aging (`capacity` entries and about `maxBytes` each; a hit in
 * the old generation moves back to the young one) for entries held as runs of numbers in one array
 * per generation rather than as objects: the caches of the route layer (DrawCache, GeometryCache)
 * keep their layouts on top of it. An array outgrown is replaced, never written again, so views into
 * it stay valid.
 */
export class ArenaGenerations<K, A extends Uint32Array | Float64Array> {
  young: ArenaGeneration<K, A>;
  old: ArenaGeneration<K, A>;

  constructor(
    readonly capacity: number,
    readonly maxBytes: number,
    private readonly empty: () => A,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`A cache holds at least 1 entry per generation, not ${capacity}.`);
    if (!(maxBytes > 0)) throw new RangeError(`A cache holds more than 0 bytes per generation, not ${maxBytes}.`);
    this.young = new ArenaGeneration(empty());
    this.old = new ArenaGeneration(empty());
  }

  /** Bytes held, both generations. */
  get bytes(): number {
    return this.young.bytes + this.old.bytes;
  }

  /** Room for `values` values of `bytes` bytes in the young generation (aging it first when full); returns the offset. */
  reserve(values: number, bytes: number): number {
    let young = this.young;
    if (young.offsets.size >= this.capacity || (young.offsets.size > 0 && young.bytes + bytes > this.maxBytes)) {
      this.old = young;
      this.young = young = new ArenaGeneration(this.empty());
    }
    if (young.used + values > young.data.length) young.data = resizedColumn(young.data, grownSize(young.data.length, young.used + values));
    const at = young.used;
    young.used += values;
    young.bytes += bytes;
    return at;
  }

  /**
   * Moves `key`, found at `aged` in the old generation with `values` values of `bytes` bytes, back
   * to the young one; returns its new offset (the caller records it in `young.offsets`).
   */
  renew(key: K, aged: number, values: number, bytes: number): number {
    const from = this.old;
    from.offsets.delete(key);
    from.bytes -= bytes;
    const at = this.reserve(values, bytes);
    if (values > 0) this.young.data.set(from.data.subarray(aged, aged + values), at);
    return at;
  }
}
