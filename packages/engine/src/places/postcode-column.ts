import type { SnapshotReader } from '../snapshot/reader.js';

/** Bytes per postcode in postcodes.codes: the longest normalised code ("SW1A1AA"). */
export const POSTCODE_WIDTH = 7;
/** A whole or partial UK postcode, normalised (no space): area, district, then some of the inward code. */
export const POSTCODE_LIKE = /^[A-Z]{1,2}[0-9][0-9A-Z]?(?:[0-9][A-Z]{0,2})?$/;

/**
 * Postcode centroids sorted by normalised code (upper case, no space). Codes are fixed-width
 * ASCII, zero-padded, outside the string table: 1.7 million codes need no offsets column, and a
 * prefix is one binary search. Postcode index = position in code order.
 */
export class PostcodeColumn {
  readonly count: number;
  /** Postcode -> POSTCODE_WIDTH bytes of its code, zero-padded. Sorted. */
  readonly codes: Uint8Array;
  /** Postcode -> centroid, WGS84 degrees. */
  readonly lat: Float64Array;
  readonly lon: Float64Array;

  constructor(r: SnapshotReader) {
    this.codes = r.u8('postcodes.codes');
    this.lat = r.f64('postcodes.lat');
    this.lon = r.f64('postcodes.lon');
    this.count = this.lat.length;
  }

  /** Characters in the code (5 to 7). */
  length(pos: number): number {
    const base = pos * POSTCODE_WIDTH;
    let len = POSTCODE_WIDTH;
    while (len > 0 && this.codes[base + len - 1] === 0) len--;
    return len;
  }

  /** The normalised code ("S12HH"). */
  code(pos: number): string {
    const base = pos * POSTCODE_WIDTH;
    let s = '';
    for (let i = 0; i < POSTCODE_WIDTH && this.codes[base + i] !== 0; i++) s += String.fromCharCode(this.codes[base + i]);
    return s;
  }

  /** First position whose code is >= key (byte order); `count` when none. */
  lowerBound(key: Uint8Array): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** End of the run of codes starting with `prefix` that begins at `lo = lowerBound(prefix)`. */
  prefixEnd(prefix: Uint8Array, lo: number): number {
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.startsWith(mid, prefix)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(pos: number, key: Uint8Array): number {
    const base = pos * POSTCODE_WIDTH;
    for (let i = 0; i < POSTCODE_WIDTH; i++) {
      const c = this.codes[base + i];
      if (i >= key.length) return c === 0 ? 0 : 1;
      if (c !== key[i]) return c - key[i]; // a padding 0 sorts before any character
    }
    return POSTCODE_WIDTH - key.length;
  }

  private startsWith(pos: number, prefix: Uint8Array): boolean {
    if (prefix.length > POSTCODE_WIDTH) return false;
    const base = pos * POSTCODE_WIDTH;
    for (let i = 0; i < prefix.length; i++) if (this.codes[base + i] !== prefix[i]) return false;
    return true;
  }
}
