import { NodeHeap } from './node-heap.js';
import type { StreetColumns } from './street-columns.js';

/** `arcFirst` of an arc that is an original edge (its `arcSecond` is then the edge index). */
export const ORIGINAL_ARC = 0xffffffff;
/** Nodes a witness search may settle before giving up (then the shortcut is added: never wrong, only larger). */
const WITNESS_SETTLE_LIMIT = 60;

/** Every arc of a contracted graph: original edges and shortcuts, with how each unpacks. */
export interface HierarchyArcs {
  /** Node -> contraction order (0 first contracted; higher ranks are more important). */
  rank: Uint32Array;
  /** Arc -> tail node, head node, cost (metres). */
  tail: Uint32Array;
  head: Uint32Array;
  cost: Float64Array;
  /** Arc -> first half's arc (a shortcut), or ORIGINAL_ARC. */
  first: Uint32Array;
  /** Arc -> second half's arc (a shortcut), or the street edge (an original). */
  second: Uint32Array;
  /** Arc -> 1 when in the hierarchy, 0 when a cheaper parallel arc replaced it (kept: a shortcut may unpack through it). */
  alive: Uint8Array;
}

/**
 * Contracts the street graph restricted to the edges `bit` may travel (Geisberger et al. 2008,
 * contraction hierarchies): nodes leave in order of a priority (twice the edge difference plus
 * contracted neighbours) recomputed for the neighbours of each contracted node; contracting v adds a shortcut u -> w for each in-arc u -> v and
 * out-arc v -> w unless a witness search from u that avoids v finds w no dearer (bounded to
 * WITNESS_SETTLE_LIMIT settled nodes: a missed witness only adds a superfluous shortcut). Of
 * parallel edges the cheaper is kept (the lower edge index on a tie), as A* would relax them.
 * Allocates freely: runs once per mode.
 */
export function contractStreets(c: StreetColumns, bit: number): HierarchyArcs {
  const n = c.lat.length;
  const arcs = new ArcList();
  const out: number[][] = Array.from({ length: n }, () => []);
  const inn: number[][] = Array.from({ length: n }, () => []);
  for (let u = 0; u < n; u++) {
    for (let e = c.edgeOffsets[u], end = c.edgeOffsets[u + 1]; e < end; e++) {
      const w = c.edgeTarget[e];
      if (!(c.edgeAccess[e] & bit) || w === u) continue;
      addArc(arcs, out, inn, u, w, c.edgeLength[e], ORIGINAL_ARC, e);
    }
  }
  const w = new Witness(n);
  const contracted = new Uint8Array(n);
  const deleted = new Uint32Array(n);
  const priority = new Float64Array(n);
  const rank = new Uint32Array(n);
  const queue = new NodeHeap();
  // Edge difference counted twice against contracted neighbours: fewer shortcuts and a faster build than once (Newport).
  const prio = (v: number) => 2 * (shortcutsOf(v, arcs, out, inn, contracted, w, null) - out[v].length - inn[v].length) + deleted[v];
  for (let v = 0; v < n; v++) queue.push(v, (priority[v] = prio(v)));
  let next = 0;
  while (queue.size > 0) {
    const key = queue.peekKey();
    const v = queue.pop();
    // Stale entries are skipped; a current one is fresh (neighbours are re-prioritised after each contraction), so it is contracted.
    if (contracted[v] || key !== priority[v]) continue;
    const shortcuts: number[] = [];
    shortcutsOf(v, arcs, out, inn, contracted, w, shortcuts);
    contracted[v] = 1;
    rank[v] = next++;
    for (let i = 0; i < shortcuts.length; i += 3) {
      const a = shortcuts[i + 1];
      const b = shortcuts[i + 2];
      addArc(arcs, out, inn, arcs.tail[a], arcs.head[b], shortcuts[i], a, b);
    }
    const neighbours = new Set<number>();
    for (const a of out[v]) neighbours.add(arcs.head[a]);
    for (const a of inn[v]) neighbours.add(arcs.tail[a]);
    for (const u of neighbours) {
      out[u] = out[u].filter((a) => arcs.head[a] !== v);
      inn[u] = inn[u].filter((a) => arcs.tail[a] !== v);
      deleted[u]++;
    }
    for (const u of neighbours) queue.push(u, (priority[u] = prio(u)));
  }
  return { rank, ...arcs.finish() };
}

/**
 * The shortcuts contracting v needs: per pair (u -> v, v -> w) without a witness. With `into`,
 * pushes (cost, arc u -> v, arc v -> w) triples; returns the count either way.
 */
function shortcutsOf(v: number, arcs: ArcList, out: number[][], inn: number[][], contracted: Uint8Array, w: Witness, into: number[] | null): number {
  let count = 0;
  const outs = out[v];
  if (outs.length === 0) return 0;
  let maxOut = 0;
  for (const b of outs) maxOut = Math.max(maxOut, arcs.cost[b]);
  for (const a of inn[v]) {
    const u = arcs.tail[a];
    const ca = arcs.cost[a];
    w.search(u, v, ca + maxOut, arcs, out, contracted, outs);
    for (const b of outs) {
      const x = arcs.head[b];
      if (x === u) continue;
      const via = ca + arcs.cost[b];
      if (w.costTo(x) <= via) continue;
      count++;
      into?.push(via, a, b);
    }
  }
  return count;
}

/** Adds arc u -> w unless an arc u -> w at most as dear exists; a dearer one is replaced in place. */
function addArc(arcs: ArcList, out: number[][], inn: number[][], u: number, w: number, cost: number, first: number, second: number): void {
  const list = out[u];
  for (let i = 0; i < list.length; i++) {
    const old = list[i];
    if (arcs.head[old] !== w) continue;
    if (arcs.cost[old] <= cost) return;
    const id = arcs.push(u, w, cost, first, second);
    arcs.alive[old] = 0;
    list[i] = id;
    const into = inn[w];
    into[into.indexOf(old)] = id;
    return;
  }
  const id = arcs.push(u, w, cost, first, second);
  list.push(id);
  inn[w].push(id);
}

/** Growable arc columns of the contraction. */
class ArcList {
  tail: number[] = [];
  head: number[] = [];
  cost: number[] = [];
  first: number[] = [];
  second: number[] = [];
  alive: number[] = [];

  push(u: number, w: number, cost: number, first: number, second: number): number {
    this.tail.push(u);
    this.head.push(w);
    this.cost.push(cost);
    this.first.push(first);
    this.second.push(second);
    this.alive.push(1);
    return this.tail.length - 1;
  }

  /** The typed columns. */
  finish(): Omit<HierarchyArcs, 'rank'> {
    return {
      tail: Uint32Array.from(this.tail),
      head: Uint32Array.from(this.head),
      cost: Float64Array.from(this.cost),
      first: Uint32Array.from(this.first),
      second: Uint32Array.from(this.second),
      alive: Uint8Array.from(this.alive),
    };
  }
}

/** Bounded Dijkstra among uncontracted nodes that avoids one node (the witness search). */
class Witness {
  private readonly dist: Float64Array;
  private readonly stamp: Uint32Array;
  /** Node -> generation in which it is a target of the search. */
  private readonly target: Uint32Array;
  private readonly heap = new NodeHeap();
  private gen = 0;

  constructor(n: number) {
    this.dist = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.target = new Uint32Array(n);
  }

  /** Costs from `source` up to `limit`, never through `avoid`; stops once the heads of `targets` (arc ids) are settled. */
  search(source: number, avoid: number, limit: number, arcs: ArcList, out: number[][], contracted: Uint8Array, targets: number[]): void {
    const { dist, stamp, heap, target } = this;
    const g = ++this.gen;
    let left = 0;
    for (const b of targets) {
      const x = arcs.head[b];
      if (x !== source && target[x] !== g) {
        target[x] = g;
        left++;
      }
    }
    heap.clear();
    dist[source] = 0;
    stamp[source] = g;
    heap.push(source, 0);
    let settled = 0;
    while (heap.size > 0 && settled < WITNESS_SETTLE_LIMIT) {
      const key = heap.peekKey();
      const u = heap.pop();
      if (key > dist[u]) continue;
      if (key > limit) break;
      if (target[u] === g && --left === 0) break;
      settled++;
      for (const a of out[u]) {
        const x = arcs.head[a];
        if (x === avoid || contracted[x]) continue;
        const cx = key + arcs.cost[a];
        if (cx > limit || (stamp[x] === g && dist[x] <= cx)) continue;
        stamp[x] = g;
        dist[x] = cx;
        heap.push(x, cx);
      }
    }
  }

  /** The last search's cost to x (an upper bound when not settled), Infinity when unreached. */
  costTo(x: number): number {
    return this.stamp[x] === this.gen ? this.dist[x] : Infinity;
  }
}
