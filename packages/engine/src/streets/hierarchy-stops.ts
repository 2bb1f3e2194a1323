import { NONE } from '../snapshot/format.js';
import { NodeHeap } from './node-heap.js';
import type { ContractionHierarchy } from './hierarchy.js';
import { doubled } from './doubled.js';

/** Widest walk the stop buckets answer, metres: the planner's widest access radius (WIDE_ACCESS_M); wider walks run the plain Dijkstra. */
export const STOP_BUCKET_M = 2500;
/** `StopBuckets.next` of a stop's own street node (the end of its chain). */
export const CHAIN_END = 0xffffffff;

/**
 * Walking metres from a point to the stops around it on the walking contraction hierarchy, by
 * buckets (Knopp et al. 2007, many-to-many): built once, a backward upward search from each stop's
 * street node, at most `limitM` metres, leaves an entry (stop, metres, the arc it came down by
 * and the entry it came from) in the bucket of every rank it settles; a query
 * (`StopBucketSearch`) is one forward upward search from the point's seeds that reads the buckets
 * of the ranks it settles, min over them being the shortest walk (a shortest path's highest node
 * is in both searches), and the path unpacks from the forward parents and the entry chain.
 * Costs are sums of arc costs, so they may differ from a Dijkstra's in the last bits of a float.
 */
export class StopBuckets {
  private constructor(
    readonly ch: ContractionHierarchy,
    readonly limitM: number,
    /** Rank -> [first, end) into the entry columns. Length nodeCount + 1. */
    readonly offsets: Uint32Array,
    /** Entry -> stop whose backward search settled the rank. */
    readonly stop: Uint32Array,
    /** Entry -> metres from the rank's node to the stop's street node. */
    readonly metres: Float64Array,
    /** Entry -> arc id from the rank down towards the stop (unpacks to street edges in travel order); unused at the chain's end. */
    readonly arc: Uint32Array,
    /** Entry -> the same stop's entry at that arc's lower end, CHAIN_END at the stop's own node. */
    readonly next: Uint32Array,
    readonly stopCount: number,
  ) {}

  /** Buckets of every stop with a street node (`stopNode`, NONE for none), within `limitM` metres of walking. */
  static build(ch: ContractionHierarchy, stopNode: Uint32Array, limitM = STOP_BUCKET_M): StopBuckets {
    const n = ch.upOffsets.length - 1;
    const w = new Backward(n);
    const t = { rank: new Uint32Array(4096), stop: new Uint32Array(4096), metres: new Float64Array(4096), arc: new Uint32Array(4096), from: new Uint32Array(4096) };
    let count = 0;
    for (let s = 0; s < stopNode.length; s++) {
      if (stopNode[s] === NONE) continue;
      const first = count;
      w.run(ch, ch.rank[stopNode[s]], limitM);
      for (let i = 0; i < w.settledCount; i++) {
        if (count === t.rank.length) Object.assign(t, { rank: doubled(t.rank), stop: doubled(t.stop), metres: doubled(t.metres), arc: doubled(t.arc), from: doubled(t.from) });
        const r = w.settled[i];
        t.rank[count] = r;
        t.stop[count] = s;
        t.metres[count] = w.cost[r];
        t.arc[count] = w.parentArc[r];
        // Settled in order, so a rank's parent is already listed: its entry is first + its settle index.
        t.from[count++] = w.parentArc[r] === NONE ? CHAIN_END : first + w.order[w.parentRank[r]];
      }
    }
    const offsets = new Uint32Array(n + 1);
    for (let i = 0; i < count; i++) offsets[t.rank[i] + 1]++;
    for (let r = 0; r < n; r++) offsets[r + 1] += offsets[r];
    const at = offsets.slice(0, n);
    const pos = new Uint32Array(count);
    for (let i = 0; i < count; i++) pos[i] = at[t.rank[i]]++;
    const stop = new Uint32Array(count);
    const metres = new Float64Array(count);
    const arc = new Uint32Array(count);
    const next = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const k = pos[i];
      stop[k] = t.stop[i];
      metres[k] = t.metres[i];
      arc[k] = t.arc[i];
      next[k] = t.from[i] === CHAIN_END ? CHAIN_END : pos[t.from[i]];
    }
    return new StopBuckets(ch, limitM, offsets, stop, metres, arc, next, stopNode.length);
  }

  /** Bytes of the bucket columns. */
  get byteLength(): number {
    return this.offsets.byteLength + this.stop.byteLength + this.metres.byteLength + this.arc.byteLength + this.next.byteLength;
  }
}

/** A build's backward upward search from one stop's node (on the downward arcs), recording the order it settles ranks in. */
class Backward {
  readonly cost: Float64Array;
  readonly stamp: Uint32Array;
  readonly parentArc: Uint32Array;
  readonly parentRank: Uint32Array;
  /** Rank -> index in `settled` (valid for the ranks settled last). */
  readonly order: Uint32Array;
  settled = new Uint32Array(256);
  settledCount = 0;
  private readonly done: Uint32Array;
  private readonly heap = new NodeHeap();
  private gen = 0;

  constructor(n: number) {
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.done = new Uint32Array(n);
    this.parentArc = new Uint32Array(n);
    this.parentRank = new Uint32Array(n);
    this.order = new Uint32Array(n);
  }

  run(ch: ContractionHierarchy, from: number, limit: number): void {
    const { cost, stamp, done, heap, parentArc, parentRank } = this;
    const gen = ++this.gen;
    heap.clear();
    this.settledCount = 0;
    stamp[from] = gen;
    cost[from] = 0;
    parentArc[from] = NONE;
    heap.push(from, 0);
    while (heap.size > 0) {
      const u = heap.pop();
      if (done[u] === gen) continue;
      done[u] = gen;
      if (this.settledCount === this.settled.length) this.settled = doubled(this.settled);
      this.order[u] = this.settledCount;
      this.settled[this.settledCount++] = u;
      for (let i = ch.downOffsets[u], end = ch.downOffsets[u + 1]; i < end; i++) {
        const v = ch.downTail[i];
        const cv = cost[u] + ch.downCost[i];
        if (cv > limit || (stamp[v] === gen && cost[v] <= cv)) continue;
        stamp[v] = gen;
        cost[v] = cv;
        parentArc[v] = ch.downArc[i];
        parentRank[v] = u;
        heap.push(v, cv);
      }
    }
  }
}

/**
 * The query workspace over StopBuckets (one per street search, so that a search's answer and
 * paths stay readable while another runs): rank arrays of the forward search with generation
 * stamps and parents, and per stop the best metres and the bucket entry that gave them.
 */
export class StopBucketSearch {
  private readonly cost: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly done: Uint32Array;
  private readonly parentArc: Uint32Array;
  private readonly parentRank: Uint32Array;
  private readonly best: Float64Array;
  private readonly bestStamp: Uint32Array;
  private readonly bestEntry: Uint32Array;
  /** Stop -> rank whose bucket gave `best`. */
  private readonly bestRank: Uint32Array;
  private readonly heap = new NodeHeap();
  private gen = 0;
  /** Scratch of `pathEdges`: forward arcs to unpack. */
  private chain = new Uint32Array(64);

  constructor(readonly buckets: StopBuckets) {
    const n = buckets.offsets.length - 1;
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.done = new Uint32Array(n);
    this.parentArc = new Uint32Array(n);
    this.parentRank = new Uint32Array(n);
    this.best = new Float64Array(buckets.stopCount);
    this.bestStamp = new Uint32Array(buckets.stopCount);
    this.bestEntry = new Uint32Array(buckets.stopCount);
    this.bestRank = new Uint32Array(buckets.stopCount);
  }

  /** Starts a query: bumps the generation (clearing only on wrap-around) and empties the heap. */
  begin(): void {
    if (++this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.done.fill(0);
      this.bestStamp.fill(0);
      this.gen = 1;
    }
    this.heap.clear();
  }

  /** Seeds the search at graph node `node`, `cost` metres from the point. */
  seed(node: number, cost: number): void {
    const r = this.buckets.ch.rank[node];
    if (this.stamp[r] === this.gen && this.cost[r] <= cost) return;
    this.stamp[r] = this.gen;
    this.cost[r] = cost;
    this.parentArc[r] = NONE;
    this.heap.push(r, cost);
  }

  /** Runs the forward search from the seeds, at most `limit` metres: afterwards `reached(stop)` is the walk from the seeds to each stop's street node. */
  run(limit: number): void {
    const { heap, cost, stamp, done, gen, parentArc, parentRank, best, bestStamp, bestEntry, bestRank } = this;
    const { ch, offsets: bucketOffsets, stop, metres } = this.buckets;
    const { upOffsets, upHead, upCost, upArc } = ch;
    while (heap.size > 0) {
      const u = heap.pop();
      if (done[u] === gen) continue;
      done[u] = gen;
      const cu = cost[u];
      for (let j = bucketOffsets[u], end = bucketOffsets[u + 1]; j < end; j++) {
        const s = stop[j];
        const c = cu + metres[j];
        if (c <= limit && (bestStamp[s] !== gen || c < best[s])) {
          bestStamp[s] = gen;
          best[s] = c;
          bestEntry[s] = j;
          bestRank[s] = u;
        }
      }
      for (let i = upOffsets[u], end = upOffsets[u + 1]; i < end; i++) {
        const v = upHead[i];
        const cv = cu + upCost[i];
        if (cv > limit || (stamp[v] === gen && cost[v] <= cv)) continue;
        stamp[v] = gen;
        cost[v] = cv;
        parentArc[v] = upArc[i];
        parentRank[v] = u;
        heap.push(v, cv);
      }
    }
  }

  /** Metres of the last query from its seeds to `stop`'s street node (at most its limit), or Infinity. */
  reached(stop: number): number {
    return this.bestStamp[stop] === this.gen ? this.best[stop] : Infinity;
  }

  /**
   * Unpacks the last query's walk to a reached `stop` into `out.edges` (street edges in travel
   * order from the seed it starts at to the stop's street node; `out.stack` is scratch) and
   * returns [that seed's graph node, edge count].
   */
  pathEdges(stop: number, out: { edges: Uint32Array; stack: Uint32Array }): [start: number, count: number] {
    const { ch, next, arc } = this.buckets;
    let node = this.bestRank[stop];
    let n = 0;
    while (this.parentArc[node] !== NONE) {
      if (n === this.chain.length) this.chain = doubled(this.chain);
      this.chain[n++] = this.parentArc[node];
      node = this.parentRank[node];
    }
    let count = 0;
    for (let i = n - 1; i >= 0; i--) count = ch.unpack(this.chain[i], out, count);
    for (let j = this.bestEntry[stop]; next[j] !== CHAIN_END; j = next[j]) count = ch.unpack(arc[j], out, count);
    return [ch.nodeOf[node], count];
  }
}
