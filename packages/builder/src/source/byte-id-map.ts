/** `ByteIdMap.get` when the key is not in the map. */
export const BYTE_ID_ABSENT = -1;

/**
 * Byte strings (feed ids as they sit in a CSV chunk) -> non-negative integers, looked up straight
 * from a buffer range without making a string: open addressing on an FNV-1a hash, keys copied
 * into one growing byte pool. For ids repeated on millions of rows (stop_ids in stop_times.txt).
 */
export class ByteIdMap {
  /** Slot -> entry + 1 (0 = empty). Length a power of two, at most half full. */
  private slots = new Int32Array(1024);
  /** Entry -> hash, key start in `pool`, key length, value. */
  private hashes = new Int32Array(512);
  private keyStarts = new Int32Array(512);
  private keyLengths = new Int32Array(512);
  private values = new Int32Array(512);
  private pool = Buffer.alloc(1 << 14);
  private poolBytes = 0;
  private count = 0;

  /** The value of key `buf[start, end)`, or BYTE_ID_ABSENT. Called per row: must not allocate. */
  get(buf: Uint8Array, start: number, end: number): number {
    const hash = hashBytes(buf, start, end);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] - 1;
      if (entry < 0) return BYTE_ID_ABSENT;
      if (this.hashes[entry] === hash && this.keyEquals(entry, buf, start, end)) return this.values[entry];
    }
  }

  /** Adds key `buf[start, end)` (not yet in the map) with `value` (>= 0). */
  add(buf: Uint8Array, start: number, end: number, value: number): void {
    const length = end - start;
    if (this.count === this.hashes.length) this.growEntries();
    if ((this.count + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    if (this.poolBytes + length > this.pool.length) {
      const pool = Buffer.alloc(Math.max(this.pool.length * 2, this.poolBytes + length));
      this.pool.copy(pool, 0, 0, this.poolBytes);
      this.pool = pool;
    }
    const entry = this.count++;
    const hash = hashBytes(buf, start, end);
    this.pool.set(buf.subarray(start, end), this.poolBytes);
    this.hashes[entry] = hash;
    this.keyStarts[entry] = this.poolBytes;
    this.keyLengths[entry] = length;
    this.values[entry] = value;
    this.poolBytes += length;
    this.place(entry);
  }

  private keyEquals(entry: number, buf: Uint8Array, start: number, end: number): boolean {
    if (this.keyLengths[entry] !== end - start) return false;
    const pool = this.pool;
    for (let i = start, k = this.keyStarts[entry]; i < end; i++, k++) if (pool[k] !== buf[i]) return false;
    return true;
  }

  private place(entry: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hashes[entry] & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
  }

  private rehash(slotCount: number): void {
    this.slots = new Int32Array(slotCount);
    for (let entry = 0; entry < this.count; entry++) this.place(entry);
  }

  private growEntries(): void {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.hashes = grow(this.hashes);
    this.keyStarts = grow(this.keyStarts);
    this.keyLengths = grow(this.keyLengths);
    this.values = grow(this.values);
  }
}

/** FNV-1a over buf[start, end), as a 31-bit non-negative integer. */
function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i], 0x01000193);
  return h & 0x7fffffff;
}
