import { NONE } from '../snapshot/format.js';
import { WALK_SPEED_MPS } from './street-api.js';
import { boxAround } from '../spatial/geo.js';
import { NodeHeap } from './node-heap.js';
import { PathBuffer, type StreetPath } from './path-buffer.js';
import { OFF_GRAPH } from './street-steps.js';
import { newSnap, snapToStreet } from './street-snap.js';
import { FOOT } from './street-columns.js';
import type { StreetNetwork } from './street-network.js';
import { StopBucketSearch, type StopBuckets } from './hierarchy-stops.js';
import { doubled } from '../doubled.js';

/** Parent of a search's seed nodes (they are reached from the snapped point, not by an edge). */
export const NO_EDGE = 0xffffffff;
/** Cost of a node the current search has not reached. */
export const UNREACHED_COST = Infinity;

/**
 * A reusable street search workspace over one StreetGraph (seen as a StreetNetwork): costs, parents and stamps sized to the
 * node count (a generation stamp instead of clearing), a binary heap on typed arrays. Searches do
 * not allocate per settled node; only kdbush candidate lists and returned paths are allocated.
 * Results (reached stops, paths) describe the last search and are valid until the next one.
 * Walking is direction-agnostic (the builder gives every foot edge its reverse twin), so one
 * search from a point serves both access (point -> stops) and egress (stops -> point).
 */
export class StreetSearch {
  /** Node -> cost of the current search (metres, or seconds by car); valid where stamp = generation. */
  readonly cost: Float64Array;
  /** Node -> generation in which `cost` was last set. */
  readonly stamp: Uint32Array;
  /** Node -> generation in which the node was settled (its cost final). */
  readonly done: Uint32Array;
  /** Node -> edge it was reached by, NO_EDGE for a seed. */
  readonly parentEdge: Uint32Array;
  /** Node -> node it was reached from. */
  readonly parentNode: Uint32Array;
  readonly heap = new NodeHeap();
  /** Where the last search's point met the graph. */
  readonly snap = newSnap();
  /** Where a route's destination met the graph. */
  readonly target = newSnap();
  readonly path = new PathBuffer();
  generation = 0;

  /** Stops the last walk search reached, nearest first; first `stopCount` entries. */
  stops = new Uint32Array(64);
  /** Walking metres to each of `stops` (point to street, streets, node to stop). */
  stopMetres = new Float64Array(64);
  stopCount = 0;
  private pointLat = 0;
  private pointLon = 0;
  private towardPoint = false;
  private edges = new Uint32Array(256);
  /** The stop bucket search of the last walk search (its metres and paths), null when it was a plain Dijkstra. */
  private buckets: StopBucketSearch | null = null;
  /** This workspace's search over the last stop buckets it was given. */
  private bucketSearch: StopBucketSearch | null = null;
  /** Scratch of the street edges of a bucket walk's path. */
  readonly pathEdges = { edges: new Uint32Array(256), stack: new Uint32Array(256) };

  constructor(readonly graph: StreetNetwork) {
    const n = graph.nodeCount;
    this.cost = new Float64Array(n);
    this.stamp = new Uint32Array(n);
    this.done = new Uint32Array(n);
    this.parentEdge = new Uint32Array(n);
    this.parentNode = new Uint32Array(n);
  }

  /** Starts a new search: bumps the generation (clearing only on wrap-around) and empties the heap. */
  begin(): void {
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.done.fill(0);
      this.generation = 1;
    }
    this.heap.clear();
    this.buckets = null;
  }

  /** Offers `node` at `cost` reached by edge `edge` from `from` (NO_EDGE for a seed); pushes it with heap key `key`. */
  relax(node: number, cost: number, edge: number, from: number, key: number): void {
    const g = this.generation;
    if (this.stamp[node] === g && this.cost[node] <= cost) return;
    this.stamp[node] = g;
    this.cost[node] = cost;
    this.parentEdge[node] = edge;
    this.parentNode[node] = from;
    this.heap.push(node, key);
  }

  /** Walking metres from the last search's seeds to `node`, or UNREACHED_COST. */
  reached(node: number): number {
    return node !== NONE && this.done[node] === this.generation ? this.cost[node] : UNREACHED_COST;
  }

  /**
   * Walk search from a point (access): every stop within `maxMetres` of walking, the walk from
   * the point to the street included. Returns the count; see `stops` / `stopMetres`. With
   * `buckets` (the walking hierarchy's, see StopBuckets) and `maxMetres` within their limit, the
   * metres and paths come from a search on them instead of a Dijkstra (`reached` then knows no node).
   */
  walkFrom(lat: number, lon: number, maxMetres: number, buckets: StopBuckets | null = null): number {
    return this.walk(lat, lon, maxMetres, false, buckets);
  }

  /** Walk search toward a point (egress): the same distances, paths run from the stop to the point. */
  walkTo(lat: number, lon: number, maxMetres: number, buckets: StopBuckets | null = null): number {
    return this.walk(lat, lon, maxMetres, true, buckets);
  }

  /** Walking metres between the last search's point and a stop, or UNREACHED_COST. */
  metresTo(stopIdx: number): number {
    const c = this.graph.columns;
    const cost = this.buckets ? this.buckets.reached(stopIdx) : this.reached(c.stopNode[stopIdx]);
    return cost === UNREACHED_COST ? UNREACHED_COST : this.snap.distance + cost + c.stopNodeDist[stopIdx];
  }

  /** The walk of the last search between its point and a reached stop (point -> stop after walkFrom, stop -> point after walkTo); null when not reached. */
  pathTo(stopIdx: number): StreetPath | null {
    const g = this.graph;
    const node = g.columns.stopNode[stopIdx];
    const p = this.path;
    const b = this.buckets;
    if (b) {
      if (b.reached(stopIdx) === UNREACHED_COST) return null;
      const [start, count] = b.pathEdges(stopIdx, this.pathEdges);
      this.traceEdges(this.pointLat, this.pointLon, start, this.pathEdges.edges, count);
    } else {
      if (this.reached(node) === UNREACHED_COST) return null;
      this.traceFromSnap(this.pointLat, this.pointLon, node);
    }
    p.to(g.stopLat[stopIdx], g.stopLon[stopIdx], OFF_GRAPH, g.columns.stopNodeDist[stopIdx]);
    if (this.towardPoint) p.reverse();
    return p.result(p.distance() / WALK_SPEED_MPS, g.nameOf);
  }

  /** Settles every node within `limit` metres on the edges `bit` may travel, foot by default (bounded Dijkstra; Infinity: the whole reachable graph). */
  expandWalk(limit: number, bit = FOOT): void {
    const { edgeOffsets, edgeTarget, edgeLength, edgeAccess } = this.graph.columns;
    const heap = this.heap;
    const done = this.done;
    const g = this.generation;
    while (heap.size > 0) {
      const key = heap.peekKey();
      const u = heap.pop();
      if (done[u] === g) continue;
      done[u] = g;
      for (let e = edgeOffsets[u], end = edgeOffsets[u + 1]; e < end; e++) {
        if (!(edgeAccess[e] & bit)) continue;
        const v = edgeTarget[e];
        const c = key + edgeLength[e];
        if (c <= limit && done[v] !== g) this.relax(v, c, e, u, c);
      }
    }
  }

  /**
   * Writes the path from the point (lat, lon) through `this.snap` and the parent chain to `end`
   * into `this.path` (which then ends at node `end`).
   */
  traceFromSnap(lat: number, lon: number, end: number): void {
    let count = 0;
    let node = end;
    while (this.parentEdge[node] !== NO_EDGE) {
      if (count === this.edges.length) this.edges = doubled(this.edges);
      this.edges[count++] = this.parentEdge[node];
      node = this.parentNode[node];
    }
    this.edges.subarray(0, count).reverse();
    this.traceEdges(lat, lon, node, this.edges, count);
  }

  /**
   * Writes the path from the point (lat, lon) through `this.snap` to node `start` (an end of the
   * snapped edge), then along the first `count` street `edges` (in travel order from `start`) into `this.path`.
   */
  traceEdges(lat: number, lon: number, start: number, edges: Uint32Array, count: number): void {
    const c = this.graph.columns;
    const s = this.snap;
    const p = this.path;
    p.start(lat, lon);
    p.to(s.lat, s.lon, OFF_GRAPH, s.distance);
    const partial = start === s.target ? 1 - s.fraction : s.fraction;
    p.to(c.lat[start], c.lon[start], c.edgeName[s.edge], partial * c.edgeLength[s.edge]);
    for (let i = 0; i < count; i++) {
      const e = edges[i];
      const v = c.edgeTarget[e];
      p.to(c.lat[v], c.lon[v], c.edgeName[e], c.edgeLength[e]);
    }
  }

  private walk(lat: number, lon: number, maxMetres: number, towardPoint: boolean, buckets: StopBuckets | null): number {
    const g = this.graph;
    const c = g.columns;
    this.begin();
    this.stopCount = 0;
    this.pointLat = lat;
    this.pointLon = lon;
    this.towardPoint = towardPoint;
    if (buckets && this.bucketSearch?.buckets !== buckets) this.bucketSearch = new StopBucketSearch(buckets);
    this.buckets = buckets && maxMetres <= buckets.limitM ? this.bucketSearch : null;
    const s = this.snap;
    s.distance = Infinity;
    if (!snapToStreet(c, g.kd, lat, lon, FOOT, maxMetres, s)) {
      this.buckets = null;
      return 0;
    }
    const limit = maxMetres - s.distance;
    const len = c.edgeLength[s.edge];
    const b = this.buckets;
    if (b) {
      b.begin();
      if (s.fraction * len <= limit) b.seed(s.source, s.fraction * len);
      if ((1 - s.fraction) * len <= limit) b.seed(s.target, (1 - s.fraction) * len);
      b.run(limit);
    } else {
      if (s.fraction * len <= limit) this.relax(s.source, s.fraction * len, NO_EDGE, NO_EDGE, s.fraction * len);
      if ((1 - s.fraction) * len <= limit) this.relax(s.target, (1 - s.fraction) * len, NO_EDGE, NO_EDGE, (1 - s.fraction) * len);
      this.expandWalk(limit);
    }
    this.collectStops(lat, lon, maxMetres);
    return this.stopCount;
  }

  /** Stops within `maxMetres` of walking: straight-line candidates from the stop tree, then their nodes' costs. */
  private collectStops(lat: number, lon: number, maxMetres: number): void {
    const g = this.graph;
    const { stopNode, stopNodeDist } = g.columns;
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, maxMetres);
    const candidates = g.stopKd.range(minLon, minLat, maxLon, maxLat);
    const b = this.buckets;
    for (let k = 0; k < candidates.length; k++) {
      const stop = candidates[k];
      const m = this.snap.distance + (b ? b.reached(stop) : this.reached(stopNode[stop])) + stopNodeDist[stop];
      if (m <= maxMetres) this.pushStop(stop, m);
    }
    sortStops(this.stops, this.stopMetres, this.stopCount);
  }

  private pushStop(stop: number, metres: number): void {
    if (this.stopCount === this.stops.length) {
      this.stops = doubled(this.stops);
      this.stopMetres = doubled(this.stopMetres);
    }
    this.stops[this.stopCount] = stop;
    this.stopMetres[this.stopCount++] = metres;
  }
}


/** Insertion sort by metres, then stop index (a few dozen stops). */
function sortStops(stops: Uint32Array, metres: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const s = stops[i];
    const m = metres[i];
    let j = i - 1;
    while (j >= 0 && (metres[j] > m || (metres[j] === m && stops[j] > s))) {
      stops[j + 1] = stops[j];
      metres[j + 1] = metres[j];
      j--;
    }
    stops[j + 1] = s;
    metres[j + 1] = m;
  }
}
