import { NONE } from '../snapshot/format.js';
import { SearchSide } from './hierarchy-side.js';
import type { ContractionHierarchy } from './hierarchy.js';
import { doubled } from '../doubled.js';
import { allocColumn } from '../timetable/alloc-column.js';
import { countsToOffsets } from '../csr.js';

/** Widest walk the stop buckets answer, metres: the planner's widest access radius (WIDE_ACCESS_M); wider walks run the plain Dijkstra. */
export const STOP_BUCKET_M = 2500;
/** `StopBuckets.next` of a stop's own street node (the end of its chain). */
export const CHAIN_END = 0xffffffff;

/** The columns of StopBuckets (what engines in other threads view: `SharedTables.stopBuckets`). */
export interface StopBucketColumns {
  /** Widest walk the buckets hold, metres. */
  readonly limitM: number;
  /** Rank -> [first, end) into the entry columns. Length nodeCount + 1. */
  readonly offsets: Uint32Array;
  /** Entry -> stop whose backward search settled the rank. */
  readonly stop: Uint32Array;
  /** Entry -> metres from the rank's node to the stop's street node. */
  readonly metres: Float64Array;
  /** Entry -> arc id from the rank down towards the stop (unpacks to street edges in travel order); unused at the chain's end. */
  readonly arc: Uint32Array;
  /** Entry -> the same stop's entry at that arc's lower end, CHAIN_END at the stop's own node. */
  readonly next: Uint32Array;
}

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
export class StopBuckets implements StopBucketColumns {
  private constructor(
    readonly ch: ContractionHierarchy,
    readonly limitM: number,
    readonly offsets: Uint32Array,
    readonly stop: Uint32Array,
    readonly metres: Float64Array,
    readonly arc: Uint32Array,
    readonly next: Uint32Array,
    readonly stopCount: number,
  ) {}

  /** Buckets built before over `ch` (another engine's, in shared memory: `SharedTables.stopBuckets`), for `stopCount` stops: viewed, not copied. */
  static view(ch: ContractionHierarchy, cols: StopBucketColumns, stopCount: number): StopBuckets {
    return new StopBuckets(ch, cols.limitM, cols.offsets, cols.stop, cols.metres, cols.arc, cols.next, stopCount);
  }

  /** Buckets of every stop with a street node (`stopNode`, NONE for none), within `limitM` metres of walking; the columns in shared memory when `shared`. */
  static build(ch: ContractionHierarchy, stopNode: Uint32Array, limitM = STOP_BUCKET_M, shared = false): StopBuckets {
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
        t.metres[count] = w.side.cost[r];
        t.arc[count] = w.side.parentArc[r];
        // Settled in order, so a rank's parent is already listed: its entry is first + its settle index.
        t.from[count++] = w.side.parentArc[r] === NONE ? CHAIN_END : first + w.order[w.side.parentNode[r]];
      }
    }
    const offsets = allocColumn(Uint32Array, n + 1, shared);
    for (let i = 0; i < count; i++) offsets[t.rank[i] + 1]++;
    const at = countsToOffsets(offsets);
    const pos = new Uint32Array(count);
    for (let i = 0; i < count; i++) pos[i] = at[t.rank[i]]++;
    const stop = allocColumn(Uint32Array, count, shared);
    const metres = allocColumn(Float64Array, count, shared);
    const arc = allocColumn(Uint32Array, count, shared);
    const next = allocColumn(Uint32Array, count, shared);
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
  /** Its search (a member, not a subclass: every SearchSide keeps one shape, so the route query's calls stay monomorphic). */
  readonly side: SearchSide;
  /** Rank -> index in `settled` (valid for the ranks settled last). */
  readonly order: Uint32Array;
  settled = new Uint32Array(256);
  settledCount = 0;
  private gen = 0;

  constructor(n: number) {
    this.side = new SearchSide(n);
    this.order = new Uint32Array(n);
  }

  run(ch: ContractionHierarchy, from: number, limit: number): void {
    const side = this.side;
    const { cost, stamp, done, heap } = side;
    const gen = ++this.gen;
    heap.clear();
    this.settledCount = 0;
    side.relax(from, 0, NONE, from, gen);
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
        side.relax(v, cv, ch.downArc[i], u, gen);
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
  /** The forward upward search (ranks). */
  private readonly side: SearchSide;
  private readonly best: Float64Array;
  private readonly bestStamp: Uint32Array;
  private readonly bestEntry: Uint32Array;
  /** Stop -> rank whose bucket gave `best`. */
  private readonly bestRank: Uint32Array;
  private gen = 0;
  /** Scratch of `pathEdges`: forward arcs to unpack. */
  private chain = new Uint32Array(64);

  constructor(readonly buckets: StopBuckets) {
    this.side = new SearchSide(buckets.offsets.length - 1);
    this.best = new Float64Array(buckets.stopCount);
    this.bestStamp = new Uint32Array(buckets.stopCount);
    this.bestEntry = new Uint32Array(buckets.stopCount);
    this.bestRank = new Uint32Array(buckets.stopCount);
  }

  /** Starts a query: bumps the generation (clearing only on wrap-around) and empties the heap. */
  begin(): void {
    if (++this.gen === 0xffffffff) {
      this.side.stamp.fill(0);
      this.side.done.fill(0);
      this.bestStamp.fill(0);
      this.gen = 1;
    }
    this.side.heap.clear();
  }

  /** Seeds the search at graph node `node`, `cost` metres from the point. */
  seed(node: number, cost: number): void {
    const r = this.buckets.ch.rank[node];
    this.side.relax(r, cost, NONE, r, this.gen);
  }

  /** Runs the forward search from the seeds, at most `limit` metres: afterwards `reached(stop)` is the walk from the seeds to each stop's street node. */
  run(limit: number): void {
    const { gen, best, bestStamp, bestEntry, bestRank, side } = this;
    const { heap, cost, stamp, done } = side;
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
        side.relax(v, cv, upArc[i], u, gen);
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
    const { parentArc, parentNode } = this.side;
    let node = this.bestRank[stop];
    let n = 0;
    while (parentArc[node] !== NONE) {
      if (n === this.chain.length) this.chain = doubled(this.chain);
      this.chain[n++] = parentArc[node];
      node = parentNode[node];
    }
    let count = 0;
    for (let i = n - 1; i >= 0; i--) count = ch.unpack(this.chain[i], out, count);
    for (let j = this.bestEntry[stop]; next[j] !== CHAIN_END; j = next[j]) count = ch.unpack(arc[j], out, count);
    return [ch.nodeOf[node], count];
  }
}
