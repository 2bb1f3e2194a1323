/**
 * A cache of at most two generations of `capacity` entries (and, with `maxBytes`, of about that
 * many bytes each, as `weigh` counts them). New entries go to the young generation; when it is
 * full it becomes the old one and the previous old one is dropped whole. A hit in the old
 * generation moves the entry back to the young one, so a working set that fits one generation
 * stays cached however long it is used (a feed naming the same journeys poll after poll), while
 * dropping costs nothing per entry (no LRU list to maintain). The byte bound is what keeps a
 * worker's memory flat on a national snapshot, where entries differ a hundredfold in size.
 *
 * `undefined` means "not cached"; any other value, `null` included, is a cached answer.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private youngBytes = 0;
  private oldBytes = 0;

  constructor(
    readonly capacity: number,
    /** Bytes per generation, as `weigh` counts them (Infinity: entries only). */
    readonly maxBytes = Infinity,
    /** Bytes an entry holds (key included); only called when maxBytes is finite. */
    private readonly weigh: (key: K, value: V) => number = () => 0,
  ) {
    if (!(capacity >= 1)) throw new RangeError(`A cache holds at least 1 entry per generation, not ${capacity}.`);
    if (!(maxBytes > 0)) throw new RangeError(`A cache holds more than 0 bytes per generation, not ${maxBytes}.`);
  }

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      if (this.maxBytes !== Infinity) this.oldBytes -= this.weigh(key, aged);
      this.set(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    const bytes = this.maxBytes !== Infinity ? this.weigh(key, value) : 0;
    const before = this.young.get(key);
    if (before !== undefined) {
      if (this.maxBytes !== Infinity) this.youngBytes -= this.weigh(key, before);
    } else if (this.young.size >= this.capacity || (this.young.size > 0 && this.youngBytes + bytes > this.maxBytes)) {
      this.old = this.young;
      this.oldBytes = this.youngBytes;
      this.young = new Map();
      this.youngBytes = 0;
    }
    this.young.set(key, value);
    this.youngBytes += bytes;
  }

  /** Entries held, both generations. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** Bytes held, both generations, as `weigh` counts them (0 without maxBytes). */
  get bytes(): number {
    return this.youngBytes + this.oldBytes;
  }
}

/** Slots a SlotCache takes at most (values by index of a national snapshot's 2.1M strings, 3.4M trips...). */
export const MAX_SLOTS = 1 << 16;

/**
 * Values by index (0 <= key < 2^31) in a fixed number of slots: key k lives in slot k mod slots, a
 * newer key taking it over. For per-index caches of decoded strings (names, trip ids, polylines):
 * O(1) with no allocation after the first use, and memory bounded by the slot count however large
 * the snapshot (an array by index held a slot for every string of it, 17-27 MiB per worker at GB
 * size, and every string ever decoded). Indices read together (a pattern's trips, a stop's names)
 * are near each other, so they rarely share a slot; with no more keys than slots none ever do.
 */
export class SlotCache<V> {
  private readonly keys: Int32Array;
  private readonly values: (V | undefined)[];
  /** slots - 1 (slots a power of two). */
  private readonly mask: number;

  /** `keyCount`: how many keys there can be; the slots are the next power of two, at most `maxSlots`. */
  constructor(keyCount: number, maxSlots = MAX_SLOTS) {
    let slots = 1;
    while (slots < keyCount && slots < maxSlots) slots *= 2;
    this.mask = slots - 1;
    this.keys = new Int32Array(slots).fill(-1);
    this.values = new Array(slots);
  }

  get slots(): number {
    return this.mask + 1;
  }

  get(key: number): V | undefined {
    const i = key & this.mask;
    return this.keys[i] === key ? this.values[i] : undefined;
  }

  set(key: number, value: V): V {
    const i = key & this.mask;
    this.keys[i] = key;
    this.values[i] = value;
    return value;
  }
}
