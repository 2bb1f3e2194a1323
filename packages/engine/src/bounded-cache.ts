/**
 * A cache of at most `2 * capacity` entries in two generations. New entries go to the young
 * generation; when it is full it becomes the old one and the previous old one is dropped whole.
 * A hit in the old generation moves the entry back to the young one, so a working set of up to
 * `capacity` keys stays cached however long it is used (a feed naming the same journeys poll
 * after poll), while dropping costs nothing per entry (no LRU list to maintain).
 *
 * `undefined` means "not cached"; any other value, `null` included, is a cached answer.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`A cache holds at least 1 entry per generation, not ${capacity}.`);
  }

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.set(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.capacity && !this.young.has(key)) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held, both generations. */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
