import type { LatLon, StreetMode } from './street-api.js';
import { modeBit } from './street-columns.js';
import { NO_EDGE, type StreetSearch } from './street-search.js';
import { direct, finish, reverseEdge, snapEnds } from './street-route.js';
import { NO_MEET, type HierarchySearch } from './hierarchy-search.js';
import type { StreetPath } from './path-buffer.js';

/**
 * Walking or cycling route from `from` to `to` on a contraction hierarchy (`hs`, over the graph
 * of `search`, for `mode`): the same ends and costs as A* (`routeBetween`): the origin seeds
 * both ends of its snapped edge that the mode may leave by, the destination is entered along its
 * edge from either end the mode may travel it from, and two ends on one segment take the direct
 * piece unless a path is strictly cheaper. Returns a shortest path of the same cost; where
 * several tie, the one the hierarchy meets first (deterministic, not necessarily A*'s). Path,
 * geometry and duration are written as A* writes them (`finish`).
 */
export function routeByHierarchy(search: StreetSearch, hs: HierarchySearch, from: LatLon, to: LatLon, mode: StreetMode, maxSnapMetres: number): StreetPath | null {
  const c = search.graph.columns;
  const bit = modeBit(mode);
  if (!snapEnds(search, from, to, bit, maxSnapMetres)) return null;
  const o = search.snap;
  const d = search.target;
  const len = c.edgeLength;
  const cost = (e: number) => len[e];
  const oRev = reverseEdge(c, o, bit);
  const dRev = reverseEdge(c, d, bit);
  hs.begin(direct(c, o, d, oRev, cost));
  hs.seedForward(o.target, (1 - o.fraction) * len[o.edge]);
  if (oRev !== NO_EDGE) hs.seedForward(o.source, o.fraction * len[oRev]);
  hs.seedBackward(d.source, d.fraction * len[d.edge]);
  if (dRev !== NO_EDGE) hs.seedBackward(d.target, (1 - d.fraction) * len[dRev]);
  hs.run();
  if (hs.best === Infinity) return null;
  if (hs.meet === NO_MEET) return finish(search, from, to, d, NO_EDGE, bit, mode);
  const [start, end] = hs.unpack();
  search.traceEdges(from.lat, from.lon, start, hs.edges, hs.edgeCount);
  return finish(search, from, to, d, end, bit, mode, true);
}
