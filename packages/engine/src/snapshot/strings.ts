import { SlotCache } from '../bounded-cache.js';

/**
 * The snapshot's string table: one UTF-8 blob and a Uint32Array of offsets. String index i is
 * bytes[offsets[i], offsets[i + 1]). Index 0 is always the empty string (EMPTY_STRING).
 * Strings are decoded lazily, on request.
 */
export class StringTable {
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();
  /** Decoded strings by index: names repeat across results, and decoding dominates result building. */
  private readonly cache: SlotCache<string>;

  constructor(
    /** UTF-8 bytes of every string, back to back. */
    readonly bytes: Uint8Array,
    /** String -> [first, end) into bytes. Length count + 1. */
    readonly offsets: Uint32Array,
  ) {
    this.cache = new SlotCache(offsets.length - 1);
  }

  get count(): number {
    return this.offsets.length - 1;
  }

  get(idx: number): string {
    return this.cache.get(idx) ?? this.cache.set(idx, this.decode(this.offsets[idx], this.offsets[idx + 1]));
  }

  /** The string, or null when it is empty (absent). */
  getOrNull(idx: number): string | null {
    const s = this.get(idx);
    return s === '' ? null : s;
  }

  private decode(start: number, end: number): string {
    if (end - start > 64) return this.decoder.decode(this.bytes.subarray(start, end));
    // Short ASCII strings (codes, most names) decode faster by hand than through TextDecoder.
    let s = '';
    for (let i = start; i < end; i++) {
      const b = this.bytes[i];
      if (b >= 0x80) return this.decoder.decode(this.bytes.subarray(start, end));
      s += String.fromCharCode(b);
    }
    return s;
  }

  encode(text: string): Uint8Array {
    return this.encoder.encode(text);
  }

  /** Byte-wise comparison of string idx with UTF-8 `key`: negative, zero or positive. */
  compare(idx: number, key: Uint8Array): number {
    const start = this.offsets[idx];
    const len = this.offsets[idx + 1] - start;
    const n = len < key.length ? len : key.length;
    for (let i = 0; i < n; i++) {
      const d = this.bytes[start + i] - key[i];
      if (d !== 0) return d;
    }
    return len - key.length;
  }

  /** True when string idx starts with the UTF-8 bytes of `prefix`. */
  startsWith(idx: number, prefix: Uint8Array): boolean {
    const start = this.offsets[idx];
    if (this.offsets[idx + 1] - start < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (this.bytes[start + i] !== prefix[i]) return false;
    return true;
  }
}

/**
 * Binary search over `order` (indices sorted by their string's bytes) for the entry whose string
 * equals `key`. Returns the position in `order`, or -1.
 */
export function findSorted(strings: StringTable, column: Uint32Array, order: Uint32Array, key: Uint8Array): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = strings.compare(column[order[mid]], key);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/** First position in `order` whose string is >= key (lower bound). */
export function lowerBound(strings: StringTable, column: Uint32Array, order: Uint32Array, key: Uint8Array): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strings.compare(column[order[mid]], key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
