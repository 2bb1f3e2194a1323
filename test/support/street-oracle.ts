import { distanceMetres, type StreetGraph } from '@transit/engine';

const M_PER_DEG = (6_371_000 * Math.PI) / 180;

/** Brute-force snap: every edge usable by `bit`, exact projection on a local plane; null when none within maxMetres. */
export function naiveSnap(g: StreetGraph, lat: number, lon: number, bit: number, maxMetres: number): { source: number; target: number; fraction: number; distance: number; edge: number } | null {
  const c = g.columns;
  const kx = Math.cos((lat * Math.PI) / 180) * M_PER_DEG;
  let best: { source: number; target: number; fraction: number; distance: number; edge: number } | null = null;
  for (let u = 0; u < g.nodeCount; u++) {
    if (!(c.nodeAccess[u] & bit)) continue;
    for (let e = c.edgeOffsets[u]; e < c.edgeOffsets[u + 1]; e++) {
      if (!(c.edgeAccess[e] & bit)) continue;
      const v = c.edgeTarget[e];
      const [ux, uy] = [(c.lon[u] - lon) * kx, (c.lat[u] - lat) * M_PER_DEG];
      const [dx, dy] = [(c.lon[v] - c.lon[u]) * kx, (c.lat[v] - c.lat[u]) * M_PER_DEG];
      const len2 = dx * dx + dy * dy;
      const t = Math.min(1, Math.max(0, len2 > 0 ? -(ux * dx + uy * dy) / len2 : 0));
      const d = distanceMetres(lat, lon, c.lat[u] + t * (c.lat[v] - c.lat[u]), c.lon[u] + t * (c.lon[v] - c.lon[u]));
      if (!best || d < best.distance - 1e-9) best = { source: u, target: v, fraction: t, distance: d, edge: e };
    }
  }
  return best && best.distance <= maxMetres ? best : null;
}

/**
 * Plain Dijkstra without a heap (the frontier is scanned for its minimum) over edges usable by
 * `bit`, cost = metres, or seconds by car when `byTime`. Returns node -> cost (Infinity unreached).
 */
export function naiveDijkstra(g: StreetGraph, seeds: [node: number, cost: number][], bit: number, limit = Infinity, byTime = false): Float64Array {
  const c = g.columns;
  const cost = new Float64Array(g.nodeCount).fill(Infinity);
  const done = new Uint8Array(g.nodeCount);
  let frontier: number[] = [];
  for (const [n, k] of seeds) {
    if (k < cost[n]) cost[n] = k;
    frontier.push(n);
  }
  while (frontier.length) {
    let bi = 0;
    for (let i = 1; i < frontier.length; i++) if (cost[frontier[i]] < cost[frontier[bi]]) bi = i;
    const u = frontier[bi];
    frontier[bi] = frontier[frontier.length - 1];
    frontier.pop();
    if (done[u]) continue;
    done[u] = 1;
    for (let e = c.edgeOffsets[u]; e < c.edgeOffsets[u + 1]; e++) {
      if (!(c.edgeAccess[e] & bit)) continue;
      const v = c.edgeTarget[e];
      const k = cost[u] + (byTime ? (c.edgeLength[e] * 3.6) / c.edgeCarSpeed[e] : c.edgeLength[e]);
      if (k <= limit && k < cost[v]) {
        cost[v] = k;
        frontier.push(v);
      }
    }
    if (frontier.length > 4 * g.nodeCount) frontier = [...new Set(frontier)];
  }
  for (let i = 0; i < cost.length; i++) if (!done[i]) cost[i] = Infinity;
  return cost;
}

/** Walking metres from a point to every stop within maxMetres, by brute force (the access search's contract). */
export function naiveWalkToStops(g: StreetGraph, lat: number, lon: number, maxMetres: number): Map<number, number> {
  const snap = naiveSnap(g, lat, lon, 1, maxMetres);
  const out = new Map<number, number>();
  if (!snap) return out;
  const len = g.columns.edgeLength[snap.edge];
  const cost = naiveDijkstra(g, [[snap.source, snap.fraction * len], [snap.target, (1 - snap.fraction) * len]], 1, maxMetres - snap.distance);
  const { stopNode, stopNodeDist } = g.columns;
  for (let s = 0; s < stopNode.length; s++) {
    if (stopNode[s] === 0xffffffff) continue;
    const m = snap.distance + cost[stopNode[s]] + stopNodeDist[s];
    if (m <= maxMetres) out.set(s, m);
  }
  return out;
}
