import { NONE } from '../snapshot/format.js';
import { NodeHeap } from './node-heap.js';
import type { ContractionHierarchy } from './hierarchy.js';

/** Widest walk the stop buckets answer, metres: the planner's widest access radius (WIDE_ACCESS_M); wider walks run the plain Dijkstra. */
export const STOP_BUCKET_M = 2500;

/**
 * Walking metres from a point to the stops around it on the walking contraction hierarchy, by
 * buckets (Knopp et al. 2007, many-to-many): built once, a backward upward search from each stop's
 * street node, at most `limitM` metres, leaves (stop, metres) in the bucket of every node it
 * settles; a query is one forward upward search from the point's seeds that reads the buckets of
 * the nodes it settles, min over them being the shortest walk (a shortest path's highest node is
 * in both searches). About a tenth of the nodes a plain Dijkstra over the same radius settles.
 * Costs are sums of arc costs, so they may differ from a Dijkstra's in the last bits of a float.
 * Arrays indexed by rank (the hierarchy's numbering); the workspace is this object's: one query at a time.
 */
export class StopBuckets {
  /** Rank -> [first, end) into `stop` / `metres`. Length nodeCount + 1. */
  readonly offsets: Uint32Array;
  /** Bucket entry -> stop whose backward search settled the rank. */
  readonly stop: Uint32Array;
  /** Bucket entry -> metres from the rank's node to the stop's street node. */
  readonly metres: Float64Array;
  /** Stop -> metres of the last query from its seeds to the stop's street node; valid where bestStamp = generation. */
  private readonly best: Float64Array;
  private readonly bestStamp: Uint32Array;
  private readonly cost: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly done: Uint32Array;
  private readonly heap = new NodeHeap();
  private gen = 0;

  private constructor(readonly ch: ContractionHierarchy, readonly limitM: number, offsets: Uint32Array, stop: Uint32Array, metres: Float64Array, stopCount: number) {
    this.offsets = offsets;
    this.stop = stop;
    this.metres = metres;
    const n = offsets.length - 1;
    this.best = new Float64Array(stopCount);
    this.bestStamp = new Uint32Array(stopCount);
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.done = new Uint32Array(n);
  }

  /** Buckets of every stop with a street node (`stopNode`, NONE for none), within `limitM` metres of walking. */
  static build(ch: ContractionHierarchy, stopNode: Uint32Array, limitM = STOP_BUCKET_M): StopBuckets {
    const n = ch.upOffsets.length - 1;
    const stopCount = stopNode.length;
    const b = new StopBuckets(ch, limitM, new Uint32Array(n + 1), new Uint32Array(0), new Float64Array(0), stopCount);
    let rank = new Uint32Array(4096);
    let stop = new Uint32Array(4096);
    let metres = new Float64Array(4096);
    let count = 0;
    for (let s = 0; s < stopCount; s++) {
      if (stopNode[s] === NONE) continue;
      b.begin();
      b.seed(stopNode[s], 0);
      b.settle(limitM, ch.downOffsets, ch.downTail, ch.downCost, null);
      for (let i = 0; i < b.settledCount; i++) {
        if (count === rank.length) [rank, stop, metres] = [grown(rank), grown(stop), grown(metres)];
        const r = b.settledRanks[i];
        rank[count] = r;
        stop[count] = s;
        metres[count++] = b.cost[r];
      }
    }
    const offsets = b.offsets as Uint32Array;
    for (let i = 0; i < count; i++) offsets[rank[i] + 1]++;
    for (let r = 0; r < n; r++) offsets[r + 1] += offsets[r];
    const at = offsets.slice(0, n);
    const outStop = new Uint32Array(count);
    const outMetres = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const k = at[rank[i]]++;
      outStop[k] = stop[i];
      outMetres[k] = metres[i];
    }
    return new StopBuckets(ch, limitM, offsets, outStop, outMetres, stopCount);
  }

  /** Bytes of the bucket columns. */
  get byteLength(): number {
    return this.offsets.byteLength + this.stop.byteLength + this.metres.byteLength;
  }

  /** Starts a query (or a build's backward search): bumps the generation and empties the heap. */
  begin(): void {
    if (++this.gen === 0xffffffff) {
      this.stamp.fill(0);
      this.done.fill(0);
      this.bestStamp.fill(0);
      this.gen = 1;
    }
    this.heap.clear();
    this.settledCount = 0;
  }

  /** Seeds the search at graph node `node`, `cost` metres from the point. */
  seed(node: number, cost: number): void {
    const r = this.ch.rank[node];
    if (this.stamp[r] === this.gen && this.cost[r] <= cost) return;
    this.stamp[r] = this.gen;
    this.cost[r] = cost;
    this.heap.push(r, cost);
  }

  /** Runs the forward search from the seeds, at most `limit` metres: afterwards `reached(stop)` is the walk from the seeds to each stop's street node. */
  run(limit: number): void {
    this.settle(limit, this.ch.upOffsets, this.ch.upHead, this.ch.upCost, this);
  }

  /** Metres of the last query from its seeds to `stop`'s street node (at most its limit), or Infinity. */
  reached(stop: number): number {
    return this.bestStamp[stop] === this.gen ? this.best[stop] : Infinity;
  }

  /** Ranks the last search settled (first `settledCount`; kept by a build only). */
  private settledRanks = new Uint32Array(256);
  private settledCount = 0;

  /** Dijkstra over the arcs (`offsets`, `heads`, `costs`) up to `limit`; reads the buckets into `best` when `query`, else records the ranks settled. */
  private settle(limit: number, offsets: Uint32Array, heads: Uint32Array, costs: Float64Array, query: StopBuckets | null): void {
    const { heap, cost, stamp, done, gen } = this;
    while (heap.size > 0) {
      const u = heap.pop();
      if (done[u] === gen) continue;
      done[u] = gen;
      const cu = cost[u];
      if (query) {
        for (let j = this.offsets[u], end = this.offsets[u + 1]; j < end; j++) {
          const s = this.stop[j];
          const c = cu + this.metres[j];
          if (c <= limit && (this.bestStamp[s] !== gen || c < this.best[s])) {
            this.bestStamp[s] = gen;
            this.best[s] = c;
          }
        }
      } else {
        if (this.settledCount === this.settledRanks.length) this.settledRanks = grown(this.settledRanks);
        this.settledRanks[this.settledCount++] = u;
      }
      for (let i = offsets[u], end = offsets[u + 1]; i < end; i++) {
        const v = heads[i];
        const cv = cu + costs[i];
        if (cv > limit || (stamp[v] === gen && cost[v] <= cv)) continue;
        stamp[v] = gen;
        cost[v] = cv;
        heap.push(v, cv);
      }
    }
  }
}

function grown<T extends Uint32Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}
