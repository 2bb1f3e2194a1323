import type { PatternDraw } from './pattern-draw.js';
import { ArenaGenerations } from '../arena-generations.js';

/** Bytes a cached draw of `entries` entries holds: its values and its Map entry (three slots and a share of the buckets). */
export const drawCacheBytes = (entries: number): number => 4 * (1 + 3 * entries) + 32;

/**
 * Pattern draws by pattern, as BoundedCache keeps values (two generations of `capacity` entries and
 * about `maxBytes` each, a hit in the old one moving back to the young), but held as numbers in one
 * array per generation, not as objects: every box on a national snapshot draws hundreds of
 * patterns, and a draw kept as an object and three arrays lived long enough to be promoted and
 * then died in old space, which V8 grew to about three times what it held.
 */
export class DrawCache {
  private readonly gens: ArenaGenerations<number, Uint32Array>;
  /** The draw the last get or set found (a cursor: valid until the next call). */
  readonly found = new CachedDraw();

  constructor(capacity: number, maxBytes: number) {
    this.gens = new ArenaGenerations(capacity, maxBytes, () => new Uint32Array(1024));
  }

  /** Bytes held, both generations (drawCacheBytes per draw). */
  get bytes(): number {
    return this.gens.bytes;
  }

  /** The draw of pattern `p` (in `found`), or undefined when not cached. */
  get(p: number): CachedDraw | undefined {
    const { gens } = this;
    const at = gens.young.offsets.get(p);
    if (at !== undefined) return this.found.at(gens.young.data, at);
    const aged = gens.old.offsets.get(p);
    if (aged === undefined) return undefined;
    const entries = gens.old.data[aged];
    const moved = gens.renew(p, aged, 1 + 3 * entries, drawCacheBytes(entries));
    gens.young.offsets.set(p, moved);
    return this.found.at(gens.young.data, moved);
  }

  /** Keeps `draw` as pattern `p`'s (a pattern not cached yet); returns it as `found`. */
  set(p: number, draw: PatternDraw): CachedDraw {
    const entries = draw.drawn.length;
    const at = this.gens.reserve(1 + 3 * entries, drawCacheBytes(entries));
    const data = this.gens.young.data;
    data[at] = entries;
    for (let k = 0; k < entries; k++) {
      data[at + 1 + k] = draw.drawn[k];
      data[at + 1 + entries + k] = draw.count[k];
      data[at + 1 + 2 * entries + k] = draw.trip[k];
    }
    this.gens.young.offsets.set(p, at);
    return this.found.at(data, at);
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
