import { BICYCLE, FOOT, type StreetColumns } from './street-columns.js';
import { contractStreets, ORIGINAL_ARC } from './hierarchy-build.js';
import { allocColumn, type ColumnType } from '../timetable/alloc-column.js';

/** The columns of a ContractionHierarchy (what engines in other threads view: `SharedTables.streetHierarchies`). */
export interface HierarchyColumns {
  /** Node -> [first, end) into the up columns. Length nodeCount + 1. */
  readonly upOffsets: Uint32Array;
  /** Up arc -> its head (rank above the tail's). */
  readonly upHead: Uint32Array;
  /** Up arc -> metres. */
  readonly upCost: Float64Array;
  /** Up arc -> arc id (for unpacking). */
  readonly upArc: Uint32Array;
  /** Node -> [first, end) into the down columns: arcs entering it from a higher rank. Length nodeCount + 1. */
  readonly downOffsets: Uint32Array;
  /** Down arc -> its tail (rank above the head's). */
  readonly downTail: Uint32Array;
  /** Down arc -> metres. */
  readonly downCost: Float64Array;
  /** Down arc -> arc id (for unpacking). */
  readonly downArc: Uint32Array;
  /** Arc id -> first half (a shortcut) or ORIGINAL_ARC. */
  readonly arcFirst: Uint32Array;
  /** Arc id -> second half (a shortcut) or the street edge (an original). */
  readonly arcSecond: Uint32Array;
}

/**
 * A contraction hierarchy of one mode's street graph (walking or cycling, metres; oneway kept):
 * every node ranked, and the original edges plus shortcuts split into upward arcs (to a higher
 * rank, stored at their tail, for the search from the origin) and downward arcs (from a higher
 * rank, stored at their head, for the search back from the destination). A shortcut is two arcs
 * (`first`, `second`), each a shortcut or a street edge, so a path unpacks to street edges.
 * Built on first use (`StreetGraph.hierarchy`) or by `Engine.prepareJourneys()`, or viewed from
 * another engine's shared memory; see docs/engine.md "Streets".
 */
export class ContractionHierarchy implements HierarchyColumns {
  readonly upOffsets: Uint32Array;
  readonly upHead: Uint32Array;
  readonly upCost: Float64Array;
  readonly upArc: Uint32Array;
  readonly downOffsets: Uint32Array;
  readonly downTail: Uint32Array;
  readonly downCost: Float64Array;
  readonly downArc: Uint32Array;
  readonly arcFirst: Uint32Array;
  readonly arcSecond: Uint32Array;

  /** A hierarchy over columns built before (views, not copies). */
  constructor(cols: HierarchyColumns) {
    ({ upOffsets: this.upOffsets, upHead: this.upHead, upCost: this.upCost, upArc: this.upArc, downOffsets: this.downOffsets, downTail: this.downTail, downCost: this.downCost, downArc: this.downArc, arcFirst: this.arcFirst, arcSecond: this.arcSecond } = cols);
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
      if (rank[tail[a]] < rank[head[a]]) upCount[tail[a] + 1]++;
      else downCount[head[a] + 1]++;
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
    const cols = {
      upOffsets: copy(upCount),
      upHead: allocColumn(Uint32Array, upCount[n], shared),
      upCost: allocColumn(Float64Array, upCount[n], shared),
      upArc: allocColumn(Uint32Array, upCount[n], shared),
      downOffsets: copy(downCount),
      downTail: allocColumn(Uint32Array, downCount[n], shared),
      downCost: allocColumn(Float64Array, downCount[n], shared),
      downArc: allocColumn(Uint32Array, downCount[n], shared),
      arcFirst: copy(first),
      arcSecond: copy(second),
    };
    // Arcs in id order within each node: deterministic, and originals (lower ids) before shortcuts.
    for (let a = 0; a < tail.length; a++) {
      if (!alive[a]) continue;
      if (rank[tail[a]] < rank[head[a]]) {
        const i = upCount[tail[a]]++;
        cols.upHead[i] = head[a];
        cols.upCost[i] = cost[a];
        cols.upArc[i] = a;
      } else {
        const i = downCount[head[a]]++;
        cols.downTail[i] = tail[a];
        cols.downCost[i] = cost[a];
        cols.downArc[i] = a;
      }
    }
    return new ContractionHierarchy(cols);
  }

  /** Shortcuts the contraction added. */
  get shortcutCount(): number {
    let n = 0;
    for (let a = 0; a < this.arcFirst.length; a++) if (this.arcFirst[a] !== ORIGINAL_ARC) n++;
    return n;
  }

  /** Bytes of the query columns and unpacking columns. */
  get byteLength(): number {
    const cols = [this.upOffsets, this.upHead, this.upCost, this.upArc, this.downOffsets, this.downTail, this.downCost, this.downArc, this.arcFirst, this.arcSecond];
    return cols.reduce((s, a) => s + a.byteLength, 0);
  }

  /**
   * Writes the street edges of arc `arc`, in travel order, into `out` from `count`; returns the
   * new count (grows `out` by doubling through `grow`).
   */
  unpack(arc: number, out: { edges: Uint32Array }, count: number, stack: number[]): number {
    stack.length = 0;
    stack.push(arc);
    while (stack.length > 0) {
      const a = stack.pop()!;
      if (this.arcFirst[a] === ORIGINAL_ARC) {
        if (count === out.edges.length) {
          const b = new Uint32Array(count * 2);
          b.set(out.edges);
          out.edges = b;
        }
        out.edges[count++] = this.arcSecond[a];
      } else {
        stack.push(this.arcSecond[a], this.arcFirst[a]);
      }
    }
    return count;
  }
}
