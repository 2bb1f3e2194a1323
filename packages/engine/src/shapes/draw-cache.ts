import type { PatternDraw } from './pattern-draw.js';
import { grownSize, resizedColumn } from '../timetable/alloc-column.js';

/** Bytes a cached draw of `entries` entries holds: its values and its Map entry (three slots and a share of the buckets). */
export const drawCacheBytes = (entries: number): number => 4 * (1 + 3 * entries) + 32;

/** One generation: pattern -> offset into `data`, where the draw is [entries, drawn..., count..., trip...]. */
class DrawGeneration {
  readonly offsets = new Map<number, number>();
  data: Uint32Array = new Uint32Array(1024);
  used = 0;
  bytes = 0;
}

/**
 * Pattern draws by pattern, as BoundedCache keeps values (two generations of `capacity` entries and
 * about `maxBytes` each, a hit in the old one moving back to the young), but held as numbers in one
 * array per generation, not as objects: every box on a national snapshot draws hundreds of
 * patterns, and a draw kept as an object and three arrays lived long enough to be promoted and
 * then died in old space, which V8 grew to about three times what it held.
 */
export class DrawCache {
  private young = new DrawGeneration();
  private old = new DrawGeneration();
  /** The draw the last get or set found (a cursor: valid until the next call). */
  readonly found = new CachedDraw();

  constructor(
    readonly capacity: number,
    readonly maxBytes: number,
  ) {}

  /** Bytes held, both generations (drawCacheBytes per draw). */
  get bytes(): number {
    return this.young.bytes + this.old.bytes;
  }

  /** The draw of pattern `p` (in `found`), or undefined when not cached. */
  get(p: number): CachedDraw | undefined {
    const at = this.young.offsets.get(p);
    if (at !== undefined) return this.found.at(this.young.data, at);
    const aged = this.old.offsets.get(p);
    if (aged === undefined) return undefined;
    const from = this.old;
    from.offsets.delete(p);
    const entries = from.data[aged];
    from.bytes -= drawCacheBytes(entries);
    return this.put(p, from.data, aged, entries);
  }

  /** Keeps `draw` as pattern `p`'s (a pattern not cached yet); returns it as `found`. */
  set(p: number, draw: PatternDraw): CachedDraw {
    const entries = draw.drawn.length;
    const at = this.reserve(entries);
    const data = this.young.data;
    data[at] = entries;
    for (let k = 0; k < entries; k++) {
      data[at + 1 + k] = draw.drawn[k];
      data[at + 1 + entries + k] = draw.count[k];
      data[at + 1 + 2 * entries + k] = draw.trip[k];
    }
    this.young.offsets.set(p, at);
    return this.found.at(data, at);
  }

  /** Copies a draw from `source` at `from` into the young generation. */
  private put(p: number, source: Uint32Array, from: number, entries: number): CachedDraw {
    const at = this.reserve(entries);
    this.young.data.set(source.subarray(from, from + 1 + 3 * entries), at);
    this.young.offsets.set(p, at);
    return this.found.at(this.young.data, at);
  }

  /** Room for a draw of `entries` entries in the young generation (aging it first when full); returns its offset. */
  private reserve(entries: number): number {
    const bytes = drawCacheBytes(entries);
    let young = this.young;
    if (young.offsets.size >= this.capacity || (young.offsets.size > 0 && young.bytes + bytes > this.maxBytes)) {
      this.old = young;
      this.young = young = new DrawGeneration();
    }
    const values = 1 + 3 * entries;
    if (young.used + values > young.data.length) young.data = resizedColumn(young.data, grownSize(young.data.length, young.used + values));
    const at = young.used;
    young.used += values;
    young.bytes += bytes;
    return at;
  }
}

/** A cached draw read in place (PatternDraw's fields for entry k); valid until the cache's next call. */
export class CachedDraw {
  private data: Uint32Array = new Uint32Array(0);
  private offset = 0;

  at(data: Uint32Array, offset: number): this {
    this.data = data;
    this.offset = offset;
    return this;
  }

  /** Entries: distinct shapes among the pattern's trips. */
  get entries(): number {
    return this.data[this.offset];
  }

  /** Entry k -> shape its trips are drawn on, or NONE. */
  drawn(k: number): number {
    return this.data[this.offset + 1 + k];
  }

  /** Entry k -> trips of the pattern with that shape. */
  count(k: number): number {
    return this.data[this.offset + 1 + this.entries + k];
  }

  /** Entry k -> the first of those trips. */
  trip(k: number): number {
    return this.data[this.offset + 1 + 2 * this.entries + k];
  }
}
