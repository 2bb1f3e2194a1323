import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';

/** Bytes per postcode in postcodes.codes: the longest normalised code ("SW1A1AA"). */
export const POSTCODE_WIDTH = 7;
/** A whole or partial UK postcode, normalised (no space): area, district, then some of the inward code. */
export const POSTCODE_LIKE = /^[A-Z]{1,2}[0-9][0-9A-Z]?(?:[0-9][A-Z]{0,2})?$/;
/** `postcodes.latE6` / `.lonE6` hold degrees times this. */
export const MICRO_DEGREES = 1e6;

/**
 * Degrees as whole millionths (`postcodes.latE6` / `.lonE6`) when every value comes back as the
 * very same double by `k / MICRO_DEGREES`, which holds for any value parsed from text with at most
 * six decimals (both the parse and the division round k / 10^6 correctly); null when one does not
 * (then the column stays f64).
 */
export function microDegreesOf(values: Float64Array): Int32Array | null {
  const out = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const k = Math.round(values[i] * MICRO_DEGREES);
    // What the i32 gives back (-0 comes back as 0, so it keeps f64).
    if (!(k >= -0x80000000 && k <= 0x7fffffff) || !Object.is((k | 0) / MICRO_DEGREES, values[i])) return null;
    out[i] = k;
  }
  return out;
}

/**
 * Postcode centroids sorted by normalised code (upper case, no space). Codes are fixed-width
 * ASCII, zero-padded, outside the string table: 1.7 million codes need no offsets column, and a
 * prefix is one binary search. Postcode index = position in code order.
 */
export class PostcodeColumn {
  readonly count: number;
  /** Postcode -> POSTCODE_WIDTH bytes of its code, zero-padded. Sorted. */
  readonly codes: Uint8Array;
  /** Postcode -> centroid, WGS84 degrees, as stored: degrees (f64) or millionths (i32); `lat(pos)` / `lon(pos)` read them. */
  private readonly latColumn: Float64Array | Int32Array;
  private readonly lonColumn: Float64Array | Int32Array;
  /** What a stored value is divided by: 1, or MICRO_DEGREES (exact either way). */
  private readonly latScale: number;
  private readonly lonScale: number;

  constructor(r: SnapshotReader) {
    this.codes = r.u8('postcodes.codes');
    // Since the seventh session the builder writes millionths where they give every double back (postcode files have 5 or 6 decimals).
    [this.latColumn, this.latScale] = r.has('postcodes.latE6') ? [r.i32('postcodes.latE6'), MICRO_DEGREES] : [r.f64('postcodes.lat'), 1];
    [this.lonColumn, this.lonScale] = r.has('postcodes.lonE6') ? [r.i32('postcodes.lonE6'), MICRO_DEGREES] : [r.f64('postcodes.lon'), 1];
    this.count = this.latColumn.length;
    if (this.lonColumn.length !== this.count || this.codes.length !== this.count * POSTCODE_WIDTH) {
      throw new SnapshotFormatError(`postcodes.codes (${this.codes.length} bytes), the latitudes (${this.count}) and the longitudes (${this.lonColumn.length}) do not match. Rebuild the snapshot.`);
    }
  }

  /** Postcode -> centroid latitude, WGS84 degrees. */
  lat(pos: number): number {
    return this.latColumn[pos] / this.latScale;
  }

  /** Postcode -> centroid longitude, WGS84 degrees. */
  lon(pos: number): number {
    return this.lonColumn[pos] / this.lonScale;
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
