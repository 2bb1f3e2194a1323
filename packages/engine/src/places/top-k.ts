/**
 * Partial selection of the k best candidates by (primary, secondary) key, lower is better:
 * a bounded max-heap of candidate slots, then an in-place heapsort of the survivors.
 * O(n log k) for n offers; the heap array is reused across queries and grows only when a
 * larger k is asked for.
 */
export class TopK {
  private heap = new Int32Array(128);
  private k = 0;
  /** Slots held; after `finish()`, the best `size` slots in order are heap[0, size). */
  size = 0;
  private primary: Float64Array = new Float64Array(0);
  private secondary: Float64Array = new Float64Array(0);

  /** Starts a selection of `k` slots whose keys are primary[slot], secondary[slot]. */
  reset(k: number, primary: Float64Array, secondary: Float64Array): void {
    if (this.heap.length < k) this.heap = new Int32Array(Math.max(k, this.heap.length * 2));
    this.k = k;
    this.size = 0;
    this.primary = primary;
    this.secondary = secondary;
  }

  /** Considers one slot. Called per candidate: must not allocate. */
  offer(slot: number): void {
    const heap = this.heap;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(slot, heap[parent])) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = slot;
    } else if (this.k > 0 && this.worse(heap[0], slot)) {
      this.siftDown(slot, 0, this.size);
    }
  }

  /** Orders the kept slots best first; read them with `at(i)`, i < size. */
  finish(): void {
    for (let end = this.size - 1; end > 0; end--) {
      const top = this.heap[0];
      this.siftDown(this.heap[end], 0, end);
      this.heap[end] = top;
    }
  }

  at(i: number): number {
    return this.heap[i];
  }

  /** Places `slot` at i and sifts it down within heap[0, size). */
  private siftDown(slot: number, i: number, size: number): void {
    const heap = this.heap;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && this.worse(heap[child + 1], heap[child])) child++;
      if (!this.worse(heap[child], slot)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = slot;
  }

  /** a ranks after b. Keys tie only for the same slot, so the order is total and deterministic. */
  private worse(a: number, b: number): boolean {
    const pa = this.primary[a];
    const pb = this.primary[b];
    if (pa !== pb) return pa > pb;
    const sa = this.secondary[a];
    const sb = this.secondary[b];
    return sa !== sb ? sa > sb : a > b;
  }
}
