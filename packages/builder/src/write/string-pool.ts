/**
 * Interns strings into the snapshot's string table. Index 0 is the empty string, which every
 * string column uses for "absent".
 */
export class StringPool {
  private readonly index = new Map<string, number>([['', 0]]);
  private readonly list: string[] = [''];

  /** Index of `text`, adding it on first sight. */
  intern(text: string | null | undefined): number {
    if (!text) return 0;
    let idx = this.index.get(text);
    if (idx === undefined) {
      idx = this.list.length;
      this.index.set(text, idx);
      this.list.push(text);
    }
    return idx;
  }

  get(idx: number): string {
    return this.list[idx];
  }

  get count(): number {
    return this.list.length;
  }

  /** UTF-8 blob and offsets (length count + 1) for the `strings.*` sections; encodes straight into the blob. */
  compile(): { bytes: Uint8Array; offsets: Uint32Array } {
    const n = this.list.length;
    const offsets = new Uint32Array(n + 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = total;
      total += Buffer.byteLength(this.list[i], 'utf8');
    }
    offsets[n] = total;
    const bytes = new Uint8Array(total);
    const out = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) out.write(this.list[i], offsets[i], 'utf8');
    return { bytes, offsets };
  }
}

/** Byte-wise UTF-8 order, the order the engine's binary searches assume. */
export function compareUtf8(a: string, b: string): number {
  // For strings of code points below U+D800 (all feed ids and names in practice), UTF-16 code
  // unit order equals UTF-8 byte order; fall back to encoding otherwise.
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      if (x < 0xd800 && y < 0xd800) return x - y;
      return Buffer.compare(Buffer.from(a.slice(i)), Buffer.from(b.slice(i)));
    }
  }
  return a.length - b.length;
}

/**
 * compareUtf8, or JavaScript's own string order when every one of `strings` is below U+D800
 * (there UTF-16 code unit order is UTF-8 byte order, and the built-in comparison several times
 * cheaper).
 */
export function utf8ComparatorFor(strings: readonly string[]): (a: string, b: string) => number {
  for (const s of strings) if (AT_OR_ABOVE_SURROGATES.test(s)) return compareUtf8;
  return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
}

/** Permutation of 0..n-1 ordering `column` (string indices into `pool`) by UTF-8 bytes (ties by index). */
export function sortedOrder(pool: StringPool, column: ArrayLike<number>): Uint32Array {
  return sortedStrings(Array.from(column, (s) => pool.get(s)));
}

/** Permutation of 0..n-1 ordering `keys` by UTF-8 bytes (ties by index). */
export function sortedStrings(keys: readonly string[]): Uint32Array {
  const n = keys.length;
  let belowSurrogates = true;
  for (let i = 0; i < n && belowSurrogates; i++) if (AT_OR_ABOVE_SURROGATES.test(keys[i])) belowSurrogates = false;
  const order = Array.from({ length: n }, (_, i) => i);
  // Below U+D800, JavaScript's own string order (UTF-16 code units) is UTF-8 byte order: the
  // built-in comparison is several times cheaper than compareUtf8 (trip ids of a national feed).
  order.sort(belowSurrogates ? (i, j) => (keys[i] < keys[j] ? -1 : keys[i] > keys[j] ? 1 : 0) : (i, j) => compareUtf8(keys[i], keys[j]));
  return Uint32Array.from(order);
}

const AT_OR_ABOVE_SURROGATES = /[\uD800-\uFFFF]/;
