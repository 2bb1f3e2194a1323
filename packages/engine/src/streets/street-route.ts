import { WALK_SPEED_MPS, type LatLon, type StreetMode } from './street-api.js';
import { M_PER_DEG } from '../spatial/segment-distance.js';
import { BICYCLE_SPEED_MPS, CAR, modeBit, type StreetColumns } from './street-columns.js';
import { snapToStreet, type StreetSnap } from './street-snap.js';
import { NO_EDGE, type StreetSearch } from './street-search.js';
import { OFF_GRAPH } from './street-steps.js';
import type { StreetPath } from './path-buffer.js';
import type { Landmarks } from './landmarks.js';

const RAD = Math.PI / 180;
/** Heuristic shrink: the local-plane distance may exceed the haversine edge lengths by a hair. */
const ADMISSIBLE = 0.995;
/** The landmarks a route's heuristic uses: their indices and metres to the destination (scratch; routes run one at a time). */
const activeLandmarks = new Int32Array(16);
const activeToPoint = new Float64Array(16);

/**
 * A* from `from` to `to` for `mode` on `search` (see StreetGraph.route). Cost is metres on foot
 * and by bicycle, seconds by car (edge length / edge speed); the heuristic is the straight line
 * to the destination's snapped point (over the fastest car speed when driving), raised to the
 * `landmarks` bound when given (walking and cycling: consistent too, so the same shortest path
 * is found with far fewer nodes settled). The destination is reached along its snapped edge from
 * either end the mode may travel it from.
 */
export function routeBetween(search: StreetSearch, from: LatLon, to: LatLon, mode: StreetMode, maxSnapMetres: number, landmarks: Landmarks | null = null): StreetPath | null {
  const g = search.graph;
  const c = g.columns;
  const bit = modeBit(mode);
  if (!snapEnds(search, from, to, bit, maxSnapMetres)) return null;
  const o = search.snap;
  const d = search.target;
  const cost = (e: number) => (bit === CAR ? (c.edgeLength[e] * 3.6) / c.edgeCarSpeed[e] : c.edgeLength[e]);
  const oRev = reverseEdge(c, o, bit);
  const dRev = reverseEdge(c, d, bit);
  // Heuristic: straight line to the destination's snapped point on a plane centred there.
  const kx = Math.cos(d.lat * RAD) * M_PER_DEG * ADMISSIBLE;
  const ky = M_PER_DEG * ADMISSIBLE;
  const perMetre = bit === CAR ? 1 / g.maxCarSpeedMps : 1;
  const straight = (n: number) => {
    const dx = (c.lon[n] - d.lon) * kx;
    const dy = (c.lat[n] - d.lat) * ky;
    return Math.sqrt(dx * dx + dy * dy) * perMetre;
  };
  const h = landmarks && bit !== CAR ? landmarkHeuristic(landmarks, o.source, d, d.fraction * cost(d.edge), dRev === NO_EDGE ? Infinity : (1 - d.fraction) * cost(dRev), straight) : straight;

  search.begin();
  let best = direct(c, o, d, oRev, cost);
  let end = NO_EDGE; // node the destination edge is entered from; NO_EDGE = the direct path
  search.relax(o.target, (1 - o.fraction) * cost(o.edge), NO_EDGE, NO_EDGE, (1 - o.fraction) * cost(o.edge) + h(o.target));
  if (oRev !== NO_EDGE) search.relax(o.source, o.fraction * cost(oRev), NO_EDGE, NO_EDGE, o.fraction * cost(oRev) + h(o.source));
  const { edgeOffsets, edgeTarget, edgeAccess } = c;
  const { heap, done, stamp, generation: gen } = search;
  while (heap.size > 0) {
    if (heap.peekKey() >= best) break;
    const u = heap.pop();
    if (done[u] === gen) continue;
    done[u] = gen;
    const cu = search.cost[u];
    if (u === d.source && cu + d.fraction * cost(d.edge) < best) {
      best = cu + d.fraction * cost(d.edge);
      end = u;
    }
    if (u === d.target && dRev !== NO_EDGE && cu + (1 - d.fraction) * cost(dRev) < best) {
      best = cu + (1 - d.fraction) * cost(dRev);
      end = u;
    }
    for (let e = edgeOffsets[u], stop = edgeOffsets[u + 1]; e < stop; e++) {
      if (!(edgeAccess[e] & bit)) continue;
      const v = edgeTarget[e];
      if (done[v] === gen) continue;
      const cv = cu + cost(e);
      if (stamp[v] === gen && search.cost[v] <= cv) continue; // no better: skip the heuristic (relax would refuse it)
      search.relax(v, cv, e, u, cv + h(v));
    }
  }
  if (best === Infinity) return null;
  return finish(search, from, to, d, end, bit, mode);
}

/** Snaps a route's ends onto the edges `bit` may use, into `search.snap` (origin) and `search.target`; false when either is further than `maxSnapMetres`. */
export function snapEnds(search: StreetSearch, from: LatLon, to: LatLon, bit: number, maxSnapMetres: number): boolean {
  const g = search.graph;
  return snapToStreet(g.columns, g.kd, from.lat, from.lon, bit, maxSnapMetres, search.snap) && snapToStreet(g.columns, g.kd, to.lat, to.lon, bit, maxSnapMetres, search.target);
}

/**
 * max(straight line, landmark bound) to the destination's snapped point, which a landmark reaches
 * through its edge's source plus the partial along the edge, or through its target plus the
 * partial back (`viaTarget`, Infinity when the mode cannot go back along the edge). Landmarks
 * that say nothing of a node (NaN, -Infinity) leave the straight line.
 */
function landmarkHeuristic(lm: Landmarks, origin: number, d: StreetSnap, viaSource: number, viaTarget: number, straight: (n: number) => number): (n: number) => number {
  const k = lm.choose(origin, d.source, viaSource, d.target, viaTarget, activeLandmarks, activeToPoint);
  const dist = lm.dist;
  const m = lm.count;
  const symmetric = lm.symmetric;
  const chosen = activeLandmarks.slice(0, k);
  const toPoint = activeToPoint.slice(0, k);
  return (v: number) => {
    let best = straight(v);
    const base = v * m;
    for (let i = 0; i < k; i++) {
      const dv = dist[base + chosen[i]];
      const forward = toPoint[i] - dv;
      if (forward > best) best = forward;
      if (symmetric && dv - toPoint[i] > best) best = dv - toPoint[i];
    }
    return best;
  };
}

/**
 * Writes the path and returns the result; `end` = NO_EDGE for the direct path along one segment.
 * With `traced`, the path up to node `end` is already in `search.path` (else it is traced from the search's parents).
 */
export function finish(search: StreetSearch, from: LatLon, to: LatLon, d: StreetSnap, end: number, bit: number, mode: StreetMode, traced = false): StreetPath {
  const c = search.graph.columns;
  const p = search.path;
  const o = search.snap;
  if (end === NO_EDGE) {
    p.start(from.lat, from.lon);
    p.to(o.lat, o.lon, OFF_GRAPH, o.distance);
    p.to(d.lat, d.lon, c.edgeName[o.edge], Math.abs(along(o, d)) * c.edgeLength[o.edge]);
  } else {
    if (!traced) search.traceFromSnap(from.lat, from.lon, end);
    const part = end === d.source ? d.fraction : 1 - d.fraction;
    p.to(d.lat, d.lon, c.edgeName[d.edge], part * c.edgeLength[d.edge]);
  }
  p.to(to.lat, to.lon, OFF_GRAPH, d.distance);
  const offGraph = o.distance + d.distance;
  const onGraph = p.distance() - offGraph;
  let seconds: number;
  if (bit === CAR) seconds = carSeconds(search, end, d) + offGraph / WALK_SPEED_MPS;
  else seconds = (onGraph + offGraph) / (mode === 'bicycle' ? BICYCLE_SPEED_MPS : WALK_SPEED_MPS);
  return p.result(seconds, search.graph.nameOf);
}

/** Driving seconds of the finished search: cost at `end` plus the destination partial, or the direct partial. */
function carSeconds(search: StreetSearch, end: number, d: StreetSnap): number {
  const c = search.graph.columns;
  const sec = (e: number) => (c.edgeLength[e] * 3.6) / c.edgeCarSpeed[e];
  const o = search.snap;
  if (end === NO_EDGE) return Math.abs(along(o, d)) * sec(o.edge);
  return search.cost[end] + (end === d.source ? d.fraction : 1 - d.fraction) * sec(d.edge);
}

/** The edge from `s.target` back to `s.source` usable by `bit`, or NO_EDGE (walking always has one: the builder pairs foot edges). */
export function reverseEdge(c: StreetColumns, s: StreetSnap, bit: number): number {
  for (let e = c.edgeOffsets[s.target], end = c.edgeOffsets[s.target + 1]; e < end; e++) {
    if (c.edgeTarget[e] === s.source && c.edgeAccess[e] & bit) return e;
  }
  return NO_EDGE;
}

/** Signed fraction of o's edge from o to d when both lie on the same segment, else NaN. */
function along(o: StreetSnap, d: StreetSnap): number {
  if (o.source === d.source && o.target === d.target) return d.fraction - o.fraction;
  if (o.source === d.target && o.target === d.source) return 1 - d.fraction - o.fraction;
  return NaN;
}

/** Cost of going straight along a shared segment from o to d (forward on o's edge, or back on its reverse), else Infinity. */
export function direct(c: StreetColumns, o: StreetSnap, d: StreetSnap, oRev: number, cost: (e: number) => number): number {
  const t = along(o, d);
  if (Number.isNaN(t)) return Infinity;
  if (t >= 0) return t * cost(o.edge);
  return oRev === NO_EDGE ? Infinity : -t * cost(oRev);
}
