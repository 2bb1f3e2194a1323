import { BICYCLE, FOOT, type StreetColumns } from './street-columns.js';
import { contractStreets, ORIGINAL_ARC } from './hierarchy-build.js';

/**
 * A contraction hierarchy of one mode's street graph (walking or cycling, metres; oneway kept):
 * every node ranked, and the original edges plus shortcuts split into upward arcs (to a higher
 * rank, stored at their tail, for the search from the origin) and downward arcs (from a higher
 * rank, stored at their head, for the search back from the destination). A shortcut is two arcs
 * (`first`, `second`), each a shortcut or a street edge, so a path unpacks to street edges.
 * Built on first use (`StreetGraph.hierarchy`) or by `Engine.prepareJourneys()`; see
 * docs/engine.md "Streets".
 */
export class ContractionHierarchy {
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
  /** Shortcuts added by the contraction. */
  readonly shortcutCount: number;

  private constructor(c: StreetColumns, bit: number) {
    const n = c.lat.length;
    const { rank, tail, head, cost, first, second, alive } = contractStreets(c, bit);
    this.arcFirst = first;
    this.arcSecond = second;
    let shortcuts = 0;
    const upCount = new Uint32Array(n + 1);
    const downCount = new Uint32Array(n + 1);
    for (let a = 0; a < tail.length; a++) {
      if (first[a] !== ORIGINAL_ARC) shortcuts++;
      if (!alive[a]) continue;
      if (rank[tail[a]] < rank[head[a]]) upCount[tail[a] + 1]++;
      else downCount[head[a] + 1]++;
    }
    this.shortcutCount = shortcuts;
    for (let v = 0; v < n; v++) {
      upCount[v + 1] += upCount[v];
      downCount[v + 1] += downCount[v];
    }
    this.upOffsets = upCount.slice();
    this.downOffsets = downCount.slice();
    this.upHead = new Uint32Array(upCount[n]);
    this.upCost = new Float64Array(upCount[n]);
    this.upArc = new Uint32Array(upCount[n]);
    this.downTail = new Uint32Array(downCount[n]);
    this.downCost = new Float64Array(downCount[n]);
    this.downArc = new Uint32Array(downCount[n]);
    // Arcs in id order within each node: deterministic, and originals (lower ids) before shortcuts.
    for (let a = 0; a < tail.length; a++) {
      if (!alive[a]) continue;
      if (rank[tail[a]] < rank[head[a]]) {
        const i = upCount[tail[a]]++;
        this.upHead[i] = head[a];
        this.upCost[i] = cost[a];
        this.upArc[i] = a;
      } else {
        const i = downCount[head[a]]++;
        this.downTail[i] = tail[a];
        this.downCost[i] = cost[a];
        this.downArc[i] = a;
      }
    }
  }

  /** The hierarchy of `bit` (FOOT or BICYCLE) over the graph's columns; throws for other modes. */
  static build(c: StreetColumns, bit: number): ContractionHierarchy {
    if (bit !== FOOT && bit !== BICYCLE) throw new Error(`contraction hierarchies cover walking and cycling, not mode bit ${bit}`);
    return new ContractionHierarchy(c, bit);
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
