import { SearchSide as Side } from './hierarchy-side.js';
import type { ContractionHierarchy } from './hierarchy.js';

/** Parent arc of a seed (reached from the snapped point, not by an arc). */
export const NO_ARC = 0xffffffff;
/** `meet` when no node joins the two searches. */
export const NO_MEET = 0xffffffff;

/**
 * Workspace of the bidirectional query on a ContractionHierarchy (its arrays indexed by rank): a forward search up from the
 * origin's seeds and a backward one up from the destination's, settling the smaller key first;
 * each stops when its smallest key reaches the best meeting cost, and a node reached more cheaply
 * from above is stalled (stall-on-demand: its arcs are not relaxed). Arrays of nodeCount with
 * generation stamps; nothing is allocated per query once the heaps and edge buffer have grown.
 * Results describe the last query (`meet`, `best`) until the next one.
 */
export class HierarchySearch {
  readonly forward: Side;
  readonly backward: Side;
  /** Street edges of the last unpacked path (first `edgeCount`). */
  edges = new Uint32Array(256);
  edgeCount = 0;
  /** Cost of the best path found; the initial bound when no node joins cheaper. */
  best = Infinity;
  /** Rank of the node where the best path's two halves meet, NO_MEET when none beat the initial bound. */
  meet = NO_MEET;
  /** Settled nodes of the last query (both directions). */
  settled = 0;
  private gen = 0;
  /** Scratch of `ContractionHierarchy.unpack`: arcs still to unpack. */
  stack = new Uint32Array(256);
  private readonly chain: number[] = [];

  constructor(readonly ch: ContractionHierarchy, nodeCount: number) {
    this.forward = new Side(nodeCount);
    this.backward = new Side(nodeCount);
  }

  /** Starts a query whose answer must beat `bound` (the direct piece along a shared edge, or Infinity). */
  begin(bound: number): void {
    if (++this.gen === 0xffffffff) {
      for (const s of [this.forward, this.backward]) {
        s.stamp.fill(0);
        s.done.fill(0);
      }
      this.gen = 1;
    }
    this.forward.heap.clear();
    this.backward.heap.clear();
    this.best = bound;
    this.meet = NO_MEET;
    this.settled = 0;
  }

  /** Seeds the forward search at graph node `node`, `cost` metres from the origin. */
  seedForward(node: number, cost: number): void {
    const r = this.ch.rank[node];
    this.forward.relax(r, cost, NO_ARC, r, this.gen);
  }

  /** Seeds the backward search at graph node `node`, `cost` metres before the destination. */
  seedBackward(node: number, cost: number): void {
    const r = this.ch.rank[node];
    this.backward.relax(r, cost, NO_ARC, r, this.gen);
  }

  /** Runs both searches to the end; see `best` and `meet`. */
  run(): void {
    const f = this.forward;
    const b = this.backward;
    const ch = this.ch;
    const gen = this.gen;
    for (;;) {
      const fk = f.heap.size > 0 ? f.heap.peekKey() : Infinity;
      const bk = b.heap.size > 0 ? b.heap.peekKey() : Infinity;
      if (fk >= this.best && bk >= this.best) return;
      if (fk <= bk) this.step(f, b, gen, ch.upOffsets, ch.upHead, ch.upCost, ch.upArc, ch.downOffsets, ch.downTail, ch.downCost);
      else this.step(b, f, gen, ch.downOffsets, ch.downTail, ch.downCost, ch.downArc, ch.upOffsets, ch.upHead, ch.upCost);
    }
  }

  /**
   * Settles one node of `side` (its heap's minimum): meets the other side there, then relaxes
   * its arcs `next*` unless an arc `stall*` from a higher node proves it dearer than it could be.
   */
  private step(side: Side, other: Side, gen: number, offsets: Uint32Array, heads: Uint32Array, costs: Float64Array, arcs: Uint32Array, stallOffsets: Uint32Array, stallHeads: Uint32Array, stallCosts: Float64Array): void {
    const u = side.heap.pop();
    if (side.done[u] === gen) return;
    side.done[u] = gen;
    this.settled++;
    const cu = side.cost[u];
    if (other.stamp[u] === gen && cu + other.cost[u] < this.best) {
      this.best = cu + other.cost[u];
      this.meet = u;
    }
    for (let i = stallOffsets[u], end = stallOffsets[u + 1]; i < end; i++) {
      const x = stallHeads[i];
      if (side.stamp[x] === gen && side.cost[x] + stallCosts[i] < cu) return;
    }
    for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
      const v = heads[i];
      const cv = cu + costs[i];
      if (side.stamp[v] === gen && side.cost[v] <= cv) continue;
      side.relax(v, cv, arcs[i], u, gen);
    }
  }

  /**
   * Unpacks the best path into `edges` (street edges from the origin's seed to the destination's,
   * in travel order) and returns [seed node the path starts at, node it ends at]; only when
   * `meet` is a node.
   */
  unpack(): [start: number, end: number] {
    const ch = this.ch;
    const chain = this.chain;
    chain.length = 0;
    let node = this.meet;
    while (this.forward.parentArc[node] !== NO_ARC) {
      chain.push(this.forward.parentArc[node]);
      node = this.forward.parentNode[node];
    }
    const start = node;
    let count = 0;
    for (let i = chain.length - 1; i >= 0; i--) count = ch.unpack(chain[i], this, count);
    node = this.meet;
    while (this.backward.parentArc[node] !== NO_ARC) {
      count = ch.unpack(this.backward.parentArc[node], this, count);
      node = this.backward.parentNode[node];
    }
    this.edgeCount = count;
    return [ch.nodeOf[start], ch.nodeOf[node]];
  }
}
