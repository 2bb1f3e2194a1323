import { NodeHeap } from './node-heap.js';

/**
 * One upward search on a ContractionHierarchy (arrays indexed by rank, of nodeCount): costs,
 * parents, generation stamps (instead of clearing) and its heap. A direction of the
 * bidirectional route query (HierarchySearch), a stop bucket build's backward search and a
 * bucket query's forward search (hierarchy-stops.ts).
 */
export class SearchSide {
  readonly cost: Float64Array;
  /** Rank -> generation in which `cost` was last set. */
  readonly stamp: Uint32Array;
  /** Rank -> generation in which it was settled. */
  readonly done: Uint32Array;
  /** Rank -> arc id it was reached by (NO_ARC for a seed). */
  readonly parentArc: Uint32Array;
  /** Rank -> the rank at that arc's other end. */
  readonly parentNode: Uint32Array;
  readonly heap = new NodeHeap();

  constructor(n: number) {
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.done = new Uint32Array(n);
    this.parentArc = new Uint32Array(n);
    this.parentNode = new Uint32Array(n);
  }

  /** Offers `node` at `cost`, reached by `arc` from `from`, in generation `gen`: kept and queued unless it has a cost no dearer. */
  relax(node: number, cost: number, arc: number, from: number, gen: number): void {
    if (this.stamp[node] === gen && this.cost[node] <= cost) return;
    this.stamp[node] = gen;
    this.cost[node] = cost;
    this.parentArc[node] = arc;
    this.parentNode[node] = from;
    this.heap.push(node, cost);
  }
}
