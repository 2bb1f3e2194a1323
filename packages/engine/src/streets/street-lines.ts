import type KDBush from 'kdbush';
import { encodePolyline } from '../spatial/polyline.js';
import type { StreetColumns } from './street-columns.js';

/** Street lines drawn from the graph inside a box (a map's base layer). */
export interface StreetLines {
  /** Encoded polylines (precision 5): runs of edges joined through nodes with two neighbours. */
  lines: string[];
  /** Points over all lines. */
  pointCount: number;
  /** True when `maxPoints` cut the answer short (lines touching the box's first nodes are kept). */
  truncated: boolean;
}

/** Longest run of edges in one line, points (longer runs continue in another line). */
const MAX_LINE_POINTS = 500;

/**
 * Every street with a node inside the box, as lines: each undirected edge once, runs through
 * nodes of exactly two neighbours merged into one line (the builder splits long segments, so
 * this undoes the splits). Lines may run past the box to their next junction. Stops adding
 * lines once `maxPoints` is reached. Allocates (a set of the edges drawn): not a hot path.
 */
export function streetLinesInBox(c: StreetColumns, kd: KDBush, minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): StreetLines {
  const nodes = kd.range(minLon, minLat, maxLon, maxLat);
  const drawn = new Set<number>();
  const lines: string[] = [];
  let pointCount = 0;
  for (let k = 0; k < nodes.length; k++) {
    const u = nodes[k];
    for (let e = c.edgeOffsets[u], end = c.edgeOffsets[u + 1]; e < end; e++) {
      if (drawn.has(e)) continue;
      if (pointCount >= maxPoints) return { lines, pointCount, truncated: true };
      const v = c.edgeTarget[e];
      markBoth(c, drawn, e, u, v);
      const ahead = extend(c, drawn, u, v);
      const behind = extend(c, drawn, v, u);
      const run = [...behind.reverse(), u, v, ...ahead];
      const coords = new Float64Array(run.length * 2);
      run.forEach((n, i) => {
        coords[2 * i] = c.lat[n];
        coords[2 * i + 1] = c.lon[n];
      });
      lines.push(encodePolyline(coords));
      pointCount += run.length;
    }
  }
  return { lines, pointCount, truncated: false };
}

/** Nodes after `to` (coming from `from`) while the run goes on through nodes with exactly two neighbours. */
function extend(c: StreetColumns, drawn: Set<number>, from: number, to: number): number[] {
  const out: number[] = [];
  let prev = from;
  let at = to;
  while (out.length < MAX_LINE_POINTS) {
    const next = onlyOtherNeighbour(c, at, prev);
    if (next < 0) break;
    const e = edgeBetween(c, at, next);
    if (e < 0 || drawn.has(e)) break;
    markBoth(c, drawn, e, at, next);
    out.push(next);
    prev = at;
    at = next;
  }
  return out;
}

/** The neighbour of `node` other than `prev` when `node` has exactly two distinct neighbours, else -1. */
function onlyOtherNeighbour(c: StreetColumns, node: number, prev: number): number {
  let other = -1;
  for (let e = c.edgeOffsets[node], end = c.edgeOffsets[node + 1]; e < end; e++) {
    const t = c.edgeTarget[e];
    if (t === prev) continue;
    if (other >= 0 && other !== t) return -1;
    other = t;
  }
  return other;
}

function edgeBetween(c: StreetColumns, u: number, v: number): number {
  for (let e = c.edgeOffsets[u], end = c.edgeOffsets[u + 1]; e < end; e++) if (c.edgeTarget[e] === v) return e;
  return -1;
}

/** Marks u->v (edge e) and v->u (when it exists) as drawn. */
function markBoth(c: StreetColumns, drawn: Set<number>, e: number, u: number, v: number): void {
  drawn.add(e);
  const back = edgeBetween(c, v, u);
  if (back >= 0) drawn.add(back);
}
