// Street graph on real Newport (OSM extract + BODS GTFS of 2023-06-13): snapping, access search
// within 1 km (target < 2 ms median), point-to-point walk and bicycle routes (contraction
// hierarchies) and car routes (A*), each beside a naive baseline (linear scan for snapping, plain
// Dijkstra for routes, an unbounded heap-less Dijkstra for the access search). Answers are checked against the baselines first.
// Run alone: `node bench/suites/streets.js`. Needs ../shared/data; returns null without it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Engine, NONE, distanceMetres } from '@transit/engine';
import { DATA, ensureSnapshot, readArrayBuffer } from '../snapshots.js';
import { runAlone } from './run-alone.js';
import { mulberry32 } from './stops.js';

const GTFS = path.join(DATA, 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip');
const OSM = path.join(DATA, 'osm/newport_wales_2023-06-13.osm.pbf');
const ACCESS_M = 1000;
const CENTRE = { lat: 51.5872, lon: -2.9966 }; // Friars Walk bus station

/** Points up to ~500 m from seeded-random stops that have a street node (mulberry32, seed 7). */
function queryPoints(g, count) {
  const rand = mulberry32(7);
  const stops = [];
  for (let s = 0; s < g.columns.stopNode.length; s++) if (g.columns.stopNode[s] !== NONE) stops.push(s);
  return Array.from({ length: count }, () => {
    const s = stops[Math.floor(rand() * stops.length)];
    return { lat: g.stopLat[s] + (rand() - 0.5) * 0.009, lon: g.stopLon[s] + (rand() - 0.5) * 0.014 };
  });
}

/** Nearest node usable by `bit` by a scan of every node (baseline for the kd snap). */
function naiveNearestNode(g, p, bit) {
  let best = -1;
  let bestD = Infinity;
  for (let u = 0; u < g.nodeCount; u++) {
    if (!(g.columns.nodeAccess[u] & bit)) continue;
    const d = distanceMetres(p.lat, p.lon, g.columns.lat[u], g.columns.lon[u]);
    if (d < bestD) [best, bestD] = [u, d];
  }
  return bestD;
}

/** Dijkstra with a plain binary heap of [key, node] arrays and no heuristic, from snapped ends (baseline for A*). */
function plainDijkstra(g, from, to, mode) {
  const c = g.columns;
  const bit = mode === 'walk' ? 1 : mode === 'bicycle' ? 2 : 4;
  const o = g.nearest(from.lat, from.lon, mode);
  const d = g.nearest(to.lat, to.lon, mode);
  if (!o || !d) return Infinity;
  const cost = (e) => (bit === 4 ? (c.edgeLength[e] * 3.6) / c.edgeCarSpeed[e] : c.edgeLength[e]);
  const dist = new Map();
  const heap = [];
  const push = (n, k) => { if (k < (dist.get(n) ?? Infinity)) { dist.set(n, k); heap.push([k, n]); up(heap, heap.length - 1); } };
  push(o.target, (1 - o.fraction) * cost(o.edge));
  if (bit === 1) push(o.source, o.fraction * cost(o.edge));
  const done = new Set();
  while (heap.length) {
    const [k, u] = pop(heap);
    if (done.has(u)) continue;
    done.add(u);
    if (u === d.source) return k + d.fraction * cost(d.edge) + (bit === 4 ? 0 : o.distance + d.distance);
    for (let e = c.edgeOffsets[u]; e < c.edgeOffsets[u + 1]; e++) if (c.edgeAccess[e] & bit) push(c.edgeTarget[e], k + cost(e));
  }
  return Infinity;
}

function up(h, i) {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (h[parent][0] <= h[i][0]) break;
    [h[parent], h[i]] = [h[i], h[parent]];
    i = parent;
  }
}

function pop(h) {
  const top = h[0];
  const last = h.pop();
  if (h.length) {
    h[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const m = l + 1 < h.length && h[l + 1][0] < h[l][0] ? l + 1 : l;
      if (l >= h.length || h[m][0] >= h[i][0]) break;
      [h[m], h[i]] = [h[i], h[m]];
      i = m;
    }
  }
  return top;
}

/** Unbounded walk Dijkstra over the whole graph with a scanned frontier, then every stop's metres (baseline for the access search). */
function naiveAccess(g, p) {
  const c = g.columns;
  const o = g.nearest(p.lat, p.lon, 'walk', ACCESS_M);
  if (!o) return 0;
  const cost = new Float64Array(g.nodeCount).fill(Infinity);
  const done = new Uint8Array(g.nodeCount);
  cost[o.source] = o.fraction * c.edgeLength[o.edge];
  cost[o.target] = Math.min(cost[o.target], (1 - o.fraction) * c.edgeLength[o.edge]);
  const frontier = [o.source, o.target];
  while (frontier.length) {
    let bi = 0;
    for (let i = 1; i < frontier.length; i++) if (cost[frontier[i]] < cost[frontier[bi]]) bi = i;
    const u = frontier[bi];
    frontier[bi] = frontier[frontier.length - 1];
    frontier.pop();
    if (done[u]) continue;
    done[u] = 1;
    if (cost[u] > ACCESS_M) break;
    for (let e = c.edgeOffsets[u]; e < c.edgeOffsets[u + 1]; e++) {
      const v = c.edgeTarget[e];
      if (c.edgeAccess[e] & 1 && cost[u] + c.edgeLength[e] < cost[v]) { cost[v] = cost[u] + c.edgeLength[e]; frontier.push(v); }
    }
  }
  let n = 0;
  for (let s = 0; s < c.stopNode.length; s++) if (c.stopNode[s] !== NONE && o.distance + cost[c.stopNode[s]] + c.stopNodeDist[s] <= ACCESS_M) n++;
  return n;
}

/** The suite's inputs and tasks, or null without ../shared/data. Throws when a fast answer differs from its baseline. */
export async function streetsSuite() {
  if (!existsSync(GTFS) || !existsSync(OSM)) return null;
  const snap = await ensureSnapshot('newport-streets', { gtfs: [GTFS], osm: [OSM] });
  const engine = Engine.open(readArrayBuffer(snap.file));
  const g = engine.streets;
  const points = queryPoints(g, 200);
  const pairs = points.map((p, i) => [p, points[(i * 7 + 3) % points.length]]);
  const s = g.search;
  for (const p of points.slice(0, 40)) if (s.walkFrom(p.lat, p.lon, ACCESS_M) !== naiveAccess(g, p)) throw new Error(`streets: access search differs from brute force at ${JSON.stringify(p)}`);
  for (const [a, b] of pairs.slice(0, 40)) {
    for (const mode of ['walk', 'car']) {
      const r = g.route(a, b, mode);
      const slow = plainDijkstra(g, a, b, mode);
      const fast = r === null ? Infinity : mode === 'walk' ? r.distance : r.duration - (g.nearest(a.lat, a.lon, 'car').distance + g.nearest(b.lat, b.lon, 'car').distance) / (4.8 / 3.6);
      if (fast > slow + 0.5) throw new Error(`streets: ${mode} route ${fast} worse than Dijkstra ${slow}`);
    }
  }
  const settled = (p) => {
    s.walkFrom(p.lat, p.lon, ACCESS_M);
    let n = 0;
    for (let u = 0; u < g.nodeCount; u++) if (s.done[u] === s.generation) n++;
    return n;
  };
  const centreSettled = settled(CENTRE);
  const info = { nodes: g.nodeCount, edges: g.edgeCount, snapshotMiB: +(snap.bytes / 1048576).toFixed(1), meanSettledOneKm: Math.round(points.reduce((n, p) => n + settled(p), 0) / points.length), centreSettled, meanStopsWithin1km: +(points.reduce((n, p) => n + s.walkFrom(p.lat, p.lon, ACCESS_M), 0) / points.length).toFixed(1) };
  let i = 0;
  const next = () => points[i++ % points.length];
  const pair = () => pairs[i++ % pairs.length];
  const tasks = [
    ['streets: snap a point to the walk graph (kd)', () => { const p = next(); return (g.nearest(p.lat, p.lon, 'walk')?.distance ?? 0) + 1; }],
    ['streets: nearest walk node by linear scan (naive baseline)', () => naiveNearestNode(g, next(), 1) + 1],
    [`streets: access search, stops within ${ACCESS_M} m walk (target < 2 ms)`, () => { const p = next(); return s.walkFrom(p.lat, p.lon, ACCESS_M) + 1; }],
    [`streets: access search, Dijkstra with a scanned frontier (naive baseline)`, () => naiveAccess(g, next()) + 1],
    [`streets: access search ${ACCESS_M} m from Newport bus station (${centreSettled} nodes settled)`, () => s.walkFrom(CENTRE.lat, CENTRE.lon, ACCESS_M) + 1],
    [`streets: the same, Dijkstra with a scanned frontier (naive baseline)`, () => naiveAccess(g, CENTRE) + 1],
    ['streets: access search + path and steps to the nearest stop', () => { const p = next(); return s.walkFrom(p.lat, p.lon, ACCESS_M) ? s.pathTo(s.stops[0]).steps.length : 1; }],
  ];
  for (const mode of ['walk', 'bicycle', 'car']) {
    tasks.push([`streets: ${mode} route, ${mode === 'car' ? 'A*' : 'contraction hierarchy'} (with geometry and steps)`, () => { const [a, b] = pair(); return (g.route(a, b, mode)?.distance ?? 0) + 1; }]);
    tasks.push([`streets: ${mode} route, plain Dijkstra, no A*, cost only (naive baseline)`, () => { const [a, b] = pair(); const c = plainDijkstra(g, a, b, mode); return Number.isFinite(c) ? c + 1 : 1; }]);
  }
  return { info, tasks };
}

await runAlone(import.meta.url, 'streets', streetsSuite);
