import { NO_EDGE, type StreetSearch } from './street-search.js';
import { BICYCLE, FOOT } from './street-columns.js';

/** Most landmarks per mode. */
export const MAX_LANDMARKS = 16;
/** Fewest landmarks worth their tables; a graph too large for this many within the budget routes without them. */
export const MIN_LANDMARKS = 4;
/** Bytes the distance tables of one mode may take (Float64 per node per landmark). */
export const LANDMARK_BUDGET_BYTES = 8 << 20;
/** Landmarks a query's heuristic uses: those with the largest lower bound between its ends. */
export const ACTIVE_LANDMARKS = 4;

/**
 * Landmark lower bounds for A* (ALT, Goldberg and Harrelson 2005) over the metres a mode walks or
 * cycles: per landmark L the street metres d(L, v) to every node (one full Dijkstra on the mode's
 * edges, oneway respected), so d(v, x) >= d(L, x) - d(L, v) by the triangle inequality for any
 * point x, and, when the mode's edges all have their reverse twin (walking), d(v, x) >= d(L, v) -
 * d(L, x) too. Both are consistent heuristics, so A* with them (or their max with the straight
 * line) settles the same costs as with the straight line alone, and the same path unless two
 * paths tie to the last bit of float cost, settling far fewer nodes. Landmarks are chosen
 * farthest-first among the nodes the mode may snap to. Tables are Float64: Float32 rounding
 * would make the bounds inconsistent by millimetres. Built on first use: about `count` full
 * Dijkstras; tables of nodeCount x count Float64.
 */
export class Landmarks {
  /** Node-major (a node's bounds share cache lines): [v * count + l] = metres from landmark l to node v, Infinity when unreachable. */
  readonly dist: Float64Array;
  readonly count: number;
  /** True when d(v, L) = d(L, v) (walking: every foot edge has its twin). */
  readonly symmetric: boolean;

  private constructor(dist: Float64Array, count: number, symmetric: boolean) {
    this.dist = dist;
    this.count = count;
    this.symmetric = symmetric;
  }

  /** Landmarks for `bit` (FOOT or BICYCLE) on `search`'s graph, or null when the graph is too large for MIN_LANDMARKS within the budget. */
  static build(search: StreetSearch, bit: number): Landmarks | null {
    const g = search.graph;
    const n = g.nodeCount;
    const count = Math.min(MAX_LANDMARKS, Math.floor(LANDMARK_BUDGET_BYTES / (8 * Math.max(1, n))));
    if (count < MIN_LANDMARKS || (bit !== FOOT && bit !== BICYCLE)) return null;
    const access = g.columns.nodeAccess;
    let first = -1;
    for (let v = 0; v < n && first < 0; v++) if (access[v] & bit) first = v;
    if (first < 0) return null;
    const dist = new Float64Array(n * count);
    // Farthest-first: the first landmark is the node farthest from the first usable node, each next one the farthest from those chosen.
    const row = new Float64Array(n);
    const nearest = new Float64Array(n).fill(Infinity);
    dijkstra(search, bit, first, row);
    let next = farthest(row, access, bit);
    for (let l = 0; l < count; l++) {
      dijkstra(search, bit, next, row);
      for (let v = 0; v < n; v++) {
        dist[v * count + l] = row[v];
        if (row[v] < nearest[v]) nearest[v] = row[v];
      }
      next = farthest(nearest, access, bit);
    }
    return new Landmarks(dist, count, bit === FOOT);
  }

  /**
   * Chooses the `ACTIVE_LANDMARKS` landmarks with the largest lower bound from node `origin` to a
   * point on an edge: `viaSource` metres past node `source`, or `viaTarget` metres back from node
   * `target` (Infinity when the mode cannot go back along it). Per chosen landmark i, `chosen[i]`
   * is its index (node v's metres from it: `dist[v * count + chosen[i]]`) and `toPoint[i]` its
   * metres to the point. Returns how many were chosen.
   */
  choose(origin: number, source: number, viaSource: number, target: number, viaTarget: number, chosen: Int32Array, toPoint: Float64Array): number {
    const m = this.count;
    const bounds: number[] = [];
    const points: number[] = [];
    for (let l = 0; l < m; l++) {
      const p = Math.min(this.dist[source * m + l] + viaSource, this.dist[target * m + l] + viaTarget);
      points.push(p);
      const b = this.bound(p, this.dist[origin * m + l]);
      bounds.push(b > 0 ? b : 0);
    }
    const order = bounds.map((_, l) => l).sort((a, b) => bounds[b] - bounds[a] || a - b);
    const k = Math.min(ACTIVE_LANDMARKS, m, chosen.length);
    for (let i = 0; i < k; i++) {
      chosen[i] = order[i];
      toPoint[i] = points[order[i]];
    }
    return k;
  }

  /**
   * Lower bound on the metres from a node to a point, from the landmark's metres to the point
   * (`toPoint`) and to the node (`toNode`): NaN or -Infinity when the landmark says nothing.
   */
  bound(toPoint: number, toNode: number): number {
    const forward = toPoint - toNode;
    return this.symmetric && toNode - toPoint > forward ? toNode - toPoint : forward;
  }
}

/** Full Dijkstra from `source` on the edges `bit` may travel, metres into `out` (Infinity where not reached). */
function dijkstra(search: StreetSearch, bit: number, source: number, out: Float64Array): void {
  search.begin();
  search.relax(source, 0, NO_EDGE, NO_EDGE, 0);
  search.expandWalk(Infinity, bit);
  const { done, cost, generation } = search;
  for (let v = 0; v < out.length; v++) out[v] = done[v] === generation ? cost[v] : Infinity;
}

/** The usable node with the largest finite value of `d` (lowest index on ties). */
function farthest(d: Float64Array, access: Uint8Array, bit: number): number {
  let best = -1;
  let at = 0;
  for (let v = 0; v < d.length; v++) {
    if (access[v] & bit && d[v] !== Infinity && d[v] > best) {
      best = d[v];
      at = v;
    }
  }
  return at;
}
