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
 * Runs once per mode; allocates per node lists and typed arc columns.
 */
export function contractStreets(c: StreetColumns, bit: number): HierarchyArcs {
  const n = c.lat.length;
  const arcs = new ArcList(3 * c.edgeTarget.length);
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
  const shortcuts: number[] = [];
  const neighbours: number[] = [];
  const mark = new Uint32Array(n);
  while (queue.size > 0) {
    const key = queue.peekKey();
    const v = queue.pop();
    // Stale entries are skipped; a current one is fresh (neighbours are re-prioritised after each contraction), so it is contracted.
    if (contracted[v] || key !== priority[v]) continue;
    shortcuts.length = 0;
    shortcutsOf(v, arcs, out, inn, contracted, w, shortcuts);
    contracted[v] = 1;
    rank[v] = next++;
    for (let i = 0; i < shortcuts.length; i += 3) {
      const a = shortcuts[i + 1];
      const b = shortcuts[i + 2];
      addArc(arcs, out, inn, arcs.tail[a], arcs.head[b], shortcuts[i], a, b);
    }
    // Neighbours once each (marked by v + 1), their arcs to and from v dropped in place.
    neighbours.length = 0;
    for (const a of out[v]) if (mark[arcs.head[a]] !== v + 1) neighbours.push(arcs.head[a]), (mark[arcs.head[a]] = v + 1);
    for (const a of inn[v]) if (mark[arcs.tail[a]] !== v + 1) neighbours.push(arcs.tail[a]), (mark[arcs.tail[a]] = v + 1);
    for (const u of neighbours) {
      dropArcs(out[u], arcs.head, v);
      dropArcs(inn[u], arcs.tail, v);
      deleted[u]++;
    }
    out[v] = [];
    inn[v] = [];
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

/** Removes from `list` (in place, order kept) the arcs whose `end` is v. */
function dropArcs(list: number[], end: ArrayLike<number>, v: number): void {
  let k = 0;
  for (let i = 0; i < list.length; i++) if (end[list[i]] !== v) list[k++] = list[i];
  list.length = k;
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

/** Growable arc columns of the contraction (typed: a build leaves little garbage behind). */
class ArcList {
  tail: Uint32Array;
  head: Uint32Array;
  cost: Float64Array;
  first: Uint32Array;
  second: Uint32Array;
  alive: Uint8Array;
  count = 0;

  constructor(capacity: number) {
    this.tail = new Uint32Array(capacity);
    this.head = new Uint32Array(capacity);
    this.cost = new Float64Array(capacity);
    this.first = new Uint32Array(capacity);
    this.second = new Uint32Array(capacity);
    this.alive = new Uint8Array(capacity);
  }

  push(u: number, w: number, cost: number, first: number, second: number): number {
    if (this.count === this.tail.length) this.grow();
    const id = this.count++;
    this.tail[id] = u;
    this.head[id] = w;
    this.cost[id] = cost;
    this.first[id] = first;
    this.second[id] = second;
    this.alive[id] = 1;
    return id;
  }

  /** The columns cut to the arcs pushed. */
  finish(): Omit<HierarchyArcs, 'rank'> {
    const n = this.count;
    return { tail: this.tail.slice(0, n), head: this.head.slice(0, n), cost: this.cost.slice(0, n), first: this.first.slice(0, n), second: this.second.slice(0, n), alive: this.alive.slice(0, n) };
  }

  private grow(): void {
    const size = Math.max(1024, this.tail.length * 2);
    const more = <T extends Uint32Array | Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.tail = more(this.tail);
    this.head = more(this.head);
    this.cost = more(this.cost);
    this.first = more(this.first);
    this.second = more(this.second);
    this.alive = more(this.alive);
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
