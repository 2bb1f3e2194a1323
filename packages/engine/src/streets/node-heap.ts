/**
 * A binary min-heap of (key, node) pairs on typed arrays, for Dijkstra and A* over the street
 * graph. Lazy deletion: a node is pushed again when its cost improves and stale entries are
 * skipped by the caller, which keeps push and pop branch-light. Grows by doubling (amortised,
 * so a reused heap stops allocating after its first large search).
 */
export class NodeHeap {
  private keys = new Float64Array(1024);
  private nodes = new Uint32Array(1024);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(node: number, key: number): void {
    if (this.size === this.keys.length) this.grow();
    let i = this.size++;
    const keys = this.keys;
    const nodes = this.nodes;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent];
      if (pk <= key) break;
      keys[i] = pk;
      nodes[i] = nodes[parent];
      i = parent;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  /** Key of the minimum; only when size > 0. */
  peekKey(): number {
    return this.keys[0];
  }

  /** Removes the minimum and returns its node; read its key with peekKey() first. Only when size > 0. */
  pop(): number {
    const keys = this.keys;
    const nodes = this.nodes;
    const top = nodes[0];
    const n = --this.size;
    if (n === 0) return top;
    const key = keys[n];
    const node = nodes[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      nodes[i] = nodes[child];
      i = child;
    }
    keys[i] = key;
    nodes[i] = node;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const nodes = new Uint32Array(this.nodes.length * 2);
    keys.set(this.keys);
    nodes.set(this.nodes);
    this.keys = keys;
    this.nodes = nodes;
  }
}
