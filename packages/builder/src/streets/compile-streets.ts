import KDBush from 'kdbush';
import { KD_NODE_SIZE, MAX_SEGMENT_M, NONE, STOP_SNAP_M, boxAround, distanceMetres, type StreetColumns } from '@transit/engine';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import type { StringPool } from '../write/string-pool.js';
import type { OsmStreets } from '../osm/osm-streets.js';
import { splitSegments, type StreetSegments } from './split-segments.js';
import { snappableModes } from './street-islands.js';
import { hilbertOrder } from './hilbert-order.js';

const BACKWARD_SHIFT = 3;
const FORWARD_BITS = 7;
const FOOT = 1;
/** Radii (metres) tried in turn when snapping a stop to its node. */
const STOP_RADII = [60, 200, STOP_SNAP_M];

/**
 * Compiles the street network into the `streets.*` sections (docs/engine.md "Streets") and
 * returns the same columns, for builder steps that walk the graph (transfers). Every way node is
 * a graph node (no chain compression; see the docs for why); segments are split to at most
 * MAX_SEGMENT_M; nodes no mode may use are dropped; nodes are numbered along a Hilbert curve.
 * `stops` are the snapshot's stops in dense order.
 */
export function compileStreets(osm: OsmStreets, w: SnapshotWriter, pool: StringPool, stops: readonly { lat: number; lon: number }[]): StreetColumns {
  const seg = splitSegments(osm, MAX_SEGMENT_M);
  const rawCount = seg.lat.length;
  const snappable = snappableModes(seg, rawCount);
  const used = new Uint8Array(rawCount);
  for (let k = 0; k < seg.a.length; k++) used[seg.a[k]] = used[seg.b[k]] = 1;
  const order = hilbertOrder(seg.lat, seg.lon, Uint32Array.from(used.keys()).filter((i) => used[i] === 1));
  const nodeOf = new Uint32Array(rawCount).fill(NONE);
  order.forEach((raw, i) => (nodeOf[raw] = i));
  const n = order.length;
  const lat = Float64Array.from(order, (raw) => seg.lat[raw]);
  const lon = Float64Array.from(order, (raw) => seg.lon[raw]);
  const nodeAccess = Uint8Array.from(order, (raw) => snappable[raw]);
  const edges = directedEdges(seg, nodeOf, n, osm.names.map((name) => pool.intern(name)));
  const kd = new KDBush(n, KD_NODE_SIZE, Float64Array);
  for (let i = 0; i < n; i++) kd.add(lon[i], lat[i]);
  if (n) kd.finish();
  const kdIds = Uint32Array.from(n ? kd.ids : []);
  const kdCoords = Float64Array.from(n ? kd.coords : []);
  const { stopNode, stopNodeDist } = snapStops(stops, kd, lat, lon, nodeAccess);
  const columns: StreetColumns = { lat, lon, nodeAccess, ...edges, kdIds, kdCoords, stopNode, stopNodeDist };
  for (const [name, column] of Object.entries(columns)) w.add(`streets.${name}`, column);
  return columns;
}

/** Both directions of every segment a mode may travel that way, as CSR by source node. */
function directedEdges(seg: StreetSegments, nodeOf: Uint32Array, n: number, names: number[]) {
  const edgeOffsets = new Uint32Array(n + 1);
  const forward = (k: number) => seg.access[k] & FORWARD_BITS;
  const backward = (k: number) => (seg.access[k] >> BACKWARD_SHIFT) & FORWARD_BITS;
  for (let k = 0; k < seg.a.length; k++) {
    if (forward(k)) edgeOffsets[nodeOf[seg.a[k]] + 1]++;
    if (backward(k)) edgeOffsets[nodeOf[seg.b[k]] + 1]++;
  }
  for (let i = 0; i < n; i++) edgeOffsets[i + 1] += edgeOffsets[i];
  const m = edgeOffsets[n];
  const edgeTarget = new Uint32Array(m);
  const edgeLength = new Float32Array(m);
  const edgeName = new Uint32Array(m);
  const edgeAccess = new Uint8Array(m);
  const edgeCarSpeed = new Uint8Array(m);
  const fill = edgeOffsets.slice(0, n);
  const put = (from: number, to: number, bits: number, k: number) => {
    const e = fill[from]++;
    edgeTarget[e] = to;
    edgeLength[e] = seg.length[k];
    edgeName[e] = names[seg.name[k]];
    edgeAccess[e] = bits;
    edgeCarSpeed[e] = bits & 4 ? seg.speed[k] : 0;
  };
  for (let k = 0; k < seg.a.length; k++) {
    const [a, b] = [nodeOf[seg.a[k]], nodeOf[seg.b[k]]];
    if (forward(k)) put(a, b, forward(k), k);
    if (backward(k)) put(b, a, backward(k), k);
  }
  return { edgeOffsets, edgeTarget, edgeLength, edgeName, edgeAccess, edgeCarSpeed };
}

/** Stop -> nearest node walkers may snap to within STOP_SNAP_M (NONE otherwise), and its distance in metres. */
function snapStops(stops: readonly { lat: number; lon: number }[], kd: KDBush, lat: Float64Array, lon: Float64Array, nodeAccess: Uint8Array) {
  const stopNode = new Uint32Array(stops.length).fill(NONE);
  const stopNodeDist = new Float32Array(stops.length);
  if (lat.length === 0) return { stopNode, stopNodeDist };
  stops.forEach((s, i) => {
    for (const r of STOP_RADII) {
      const [minLon, minLat, maxLon, maxLat] = boxAround(s.lat, s.lon, r);
      let best = Infinity;
      for (const u of kd.range(minLon, minLat, maxLon, maxLat)) {
        if (!(nodeAccess[u] & FOOT)) continue;
        const d = distanceMetres(s.lat, s.lon, lat[u], lon[u]);
        if (d <= r && (d < best || (d === best && u < stopNode[i]))) {
          best = d;
          stopNode[i] = u;
        }
      }
      if (best <= r) {
        stopNodeDist[i] = best;
        return;
      }
      stopNode[i] = NONE;
    }
  });
  return { stopNode, stopNodeDist };
}
