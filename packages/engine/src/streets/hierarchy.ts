import { BICYCLE, FOOT, type StreetColumns } from './street-columns.js';
import { contractStreets, ORIGINAL_ARC } from './hierarchy-build.js';
import { allocColumn, type ColumnType } from '../timetable/alloc-column.js';
import { doubled } from '../doubled.js';

/** The columns of a ContractionHierarchy (what engines in other threads view: `SharedTables.streetHierarchies`). */
export interface HierarchyColumns {
  /** Node -> its rank (contraction order): the query's own node numbering, so the high ranks every query reaches lie together in memory. */
  readonly rank: Uint32Array;
  /** Rank -> node. */
  readonly nodeOf: Uint32Array;
  /** Rank -> [first, end) into the up columns. Length nodeCount + 1. */
  readonly upOffsets: Uint32Array;
  /** Up arc -> the rank of its head (above the tail's). */
  readonly upHead: Uint32Array;
  /** Up arc -> metres. */
  readonly upCost: Float64Array;
  /** Up arc -> arc id (for unpacking). */
  readonly upArc: Uint32Array;
  /** Rank -> [first, end) into the down columns: arcs entering it from a higher rank. Length nodeCount + 1. */
  readonly downOffsets: Uint32Array;
  /** Down arc -> the rank of its tail (above the head's). */
  readonly downTail: Uint32Array;
  /** Down arc -> metres. */
  readonly downCost: Float64Array;
  /** Down arc -> arc id (for unpacking). */
  readonly downArc: Uint32Array;
  /** Arc id a -> [2a] its first half (a shortcut) or ORIGINAL_ARC, [2a + 1] its second half (a shortcut) or its street edge (an original); side by side, one cache line per arc when unpacking. */
  readonly arcHalves: Uint32Array;
}

/**
 * A contraction hierarchy of one mode's street graph (walking or cycling, metres; oneway kept):
 * every node ranked, and the original edges plus shortcuts split into upward arcs (to a higher
 * rank, stored at their tail, for the search from the origin) and downward arcs (from a higher
 * rank, stored at their head, for the search back from the destination). A shortcut is two arcs
 * (its halves), each a shortcut or a street edge, so a path unpacks to street edges.
 * Built on first use (`StreetGraph.hierarchy`) or by `Engine.prepareJourneys()`, or viewed from
 * another engine's shared memory; see docs/engine.md "Streets".
 */
// The class's fields are the columns' (declaration merging): the same arrays, viewed.
export interface ContractionHierarchy extends HierarchyColumns {}
export class ContractionHierarchy {
  /** A hierarchy over columns built before (views, not copies). */
  constructor(cols: HierarchyColumns) {
    const { rank, nodeOf, upOffsets, upHead, upCost, upArc, downOffsets, downTail, downCost, downArc, arcHalves } = cols;
    Object.assign(this, { rank, nodeOf, upOffsets, upHead, upCost, upArc, downOffsets, downTail, downCost, downArc, arcHalves });
  }

  /** Contracts the graph for `bit` (FOOT or BICYCLE; throws for other modes), into shared memory when `shared`. */
  static build(c: StreetColumns, bit: number, shared = false): ContractionHierarchy {
    if (bit !== FOOT && bit !== BICYCLE) throw new Error(`contraction hierarchies cover walking and cycling, not mode bit ${bit}`);
    const n = c.lat.length;
    const { rank, tail, head, cost, first, second, alive } = contractStreets(c, bit);
    const upCount = new Uint32Array(n + 1);
    const downCount = new Uint32Array(n + 1);
    for (let a = 0; a < tail.length; a++) {
      if (!alive[a]) continue;
      if (rank[tail[a]] < rank[head[a]]) upCount[rank[tail[a]] + 1]++;
      else downCount[rank[head[a]] + 1]++;
    }
    for (let v = 0; v < n; v++) {
      upCount[v + 1] += upCount[v];
      downCount[v + 1] += downCount[v];
    }
    const copy = <T extends Uint32Array | Float64Array>(a: T): T => {
      const b = allocColumn(a.constructor as ColumnType<T>, a.length, shared);
      b.set(a);
      return b;
    };
    const nodeOf = allocColumn(Uint32Array, n, shared);
    for (let v = 0; v < n; v++) nodeOf[rank[v]] = v;
    const cols = {
      rank: copy(rank),
      nodeOf,
      upOffsets: copy(upCount),
      upHead: allocColumn(Uint32Array, upCount[n], shared),
      upCost: allocColumn(Float64Array, upCount[n], shared),
      upArc: allocColumn(Uint32Array, upCount[n], shared),
      downOffsets: copy(downCount),
      downTail: allocColumn(Uint32Array, downCount[n], shared),
      downCost: allocColumn(Float64Array, downCount[n], shared),
      downArc: allocColumn(Uint32Array, downCount[n], shared),
      arcHalves: allocColumn(Uint32Array, 2 * tail.length, shared),
    };
    for (let a = 0; a < tail.length; a++) {
      cols.arcHalves[2 * a] = first[a];
      cols.arcHalves[2 * a + 1] = second[a];
    }
    // Columns by rank; arcs in id order within each: deterministic, and originals (lower ids) before shortcuts.
    for (let a = 0; a < tail.length; a++) {
      if (!alive[a]) continue;
      if (rank[tail[a]] < rank[head[a]]) {
        const i = upCount[rank[tail[a]]]++;
        cols.upHead[i] = rank[head[a]];
        cols.upCost[i] = cost[a];
        cols.upArc[i] = a;
      } else {
        const i = downCount[rank[head[a]]]++;
        cols.downTail[i] = rank[tail[a]];
        cols.downCost[i] = cost[a];
        cols.downArc[i] = a;
      }
    }
    return new ContractionHierarchy(cols);
  }

  /** Shortcuts the contraction added. */
  get shortcutCount(): number {
    let n = 0;
    for (let a = 0; a < this.arcHalves.length; a += 2) if (this.arcHalves[a] !== ORIGINAL_ARC) n++;
    return n;
  }

  /** Bytes of the query columns and unpacking columns. */
  get byteLength(): number {
    const cols = [this.rank, this.nodeOf, this.upOffsets, this.upHead, this.upCost, this.upArc, this.downOffsets, this.downTail, this.downCost, this.downArc, this.arcHalves];
    return cols.reduce((s, a) => s + a.byteLength, 0);
  }

  /**
   * Writes the street edges of arc `arc`, in travel order, into `out.edges` from `count`; returns
   * the new count. `out.edges` and the scratch `out.stack` grow by doubling. Must not allocate
   * otherwise: called per arc of every route.
   */
  unpack(arc: number, out: { edges: Uint32Array; stack: Uint32Array }, count: number): number {
    const halves = this.arcHalves;
    let stack = out.stack;
    let edges = out.edges;
    let top = 0;
    stack[top++] = arc;
    while (top > 0) {
      const a = stack[--top];
      const first = halves[2 * a];
      if (first === ORIGINAL_ARC) {
        if (count === edges.length) edges = out.edges = doubled(edges);
        edges[count++] = halves[2 * a + 1];
      } else {
        if (top + 2 > stack.length) stack = out.stack = doubled(stack);
        stack[top++] = halves[2 * a + 1];
        stack[top++] = first;
      }
    }
    return count;
  }
}
