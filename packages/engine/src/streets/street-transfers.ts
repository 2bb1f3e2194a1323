import { NONE } from '../snapshot/format.js';
import { boxAround, distanceMetres } from '../spatial/geo.js';
import type { StreetGraph } from './street-graph.js';
import { NO_EDGE, UNREACHED_COST, type StreetSearch } from './street-search.js';

/** Walking transfers between stops over the street graph, CSR by origin stop. */
export interface StreetTransfers {
  /** Stop -> [first, end) into `stops` / `metres`. Length stopCount + 1. */
  offsets: Uint32Array;
  /** Stops reachable on foot, per origin nearest first (the origin itself left out). */
  stops: Uint32Array;
  /** Walking metres: stop to its node, streets, node to the other stop. */
  metres: Float32Array;
}

/**
 * Stop-to-stop walking distances within `radiusM` metres of walking, for every stop of the
 * graph's stop columns: one bounded Dijkstra per stop from its street node (`streets.stopNode`).
 * Stops without a street node (NONE) have no transfers here. `straightLineFallbackM` (default 0)
 * adds pairs at most that far apart in a straight line that the streets do not join (e.g. stops
 * snapped to different sides of a fence), at their straight-line distance. Cost is about one
 * access search per stop (see bench/suites/streets.js).
 */
export function streetTransfers(graph: StreetGraph, radiusM: number, straightLineFallbackM = 0, search: StreetSearch = graph.createSearch()): StreetTransfers {
  const { stopNode, stopNodeDist } = graph.columns;
  const stopCount = stopNode.length;
  const offsets = new Uint32Array(stopCount + 1);
  let stops = new Uint32Array(Math.max(1024, stopCount * 4));
  let metres = new Float32Array(stops.length);
  let n = 0;
  const pairStops: number[] = [];
  const pairMetres: number[] = [];
  for (let a = 0; a < stopCount; a++) {
    offsets[a] = n;
    const node = stopNode[a];
    search.begin();
    if (node !== NONE && stopNodeDist[a] <= radiusM) {
      search.relax(node, stopNodeDist[a], NO_EDGE, NO_EDGE, stopNodeDist[a]);
      search.expandWalk(radiusM);
    }
    const lat = graph.stopLat[a];
    const lon = graph.stopLon[a];
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, Math.max(radiusM, straightLineFallbackM));
    const candidates = graph.stopKd.range(minLon, minLat, maxLon, maxLat);
    pairStops.length = 0;
    pairMetres.length = 0;
    for (const b of candidates) {
      if (b === a) continue;
      let m = search.reached(stopNode[b]) + stopNodeDist[b];
      if (m > radiusM) m = UNREACHED_COST;
      if (m === UNREACHED_COST && straightLineFallbackM > 0) {
        const straight = distanceMetres(lat, lon, graph.stopLat[b], graph.stopLon[b]);
        if (straight <= straightLineFallbackM) m = straight;
      }
      if (m === UNREACHED_COST) continue;
      pairStops.push(b);
      pairMetres.push(m);
    }
    const order = pairStops.map((_, i) => i).sort((i, j) => pairMetres[i] - pairMetres[j] || pairStops[i] - pairStops[j]);
    if (n + order.length > stops.length) {
      const size = Math.max(stops.length * 2, n + order.length);
      const s2 = new Uint32Array(size);
      const m2 = new Float32Array(size);
      s2.set(stops);
      m2.set(metres);
      stops = s2;
      metres = m2;
    }
    for (const i of order) {
      stops[n] = pairStops[i];
      metres[n++] = pairMetres[i];
    }
  }
  offsets[stopCount] = n;
  return { offsets, stops: stops.slice(0, n), metres: metres.slice(0, n) };
}

/**
 * Walking metres between two stops over the streets, for callers that enumerate stop pairs
 * themselves (the builder's transfer compilation): NaN when the streets do not join them within
 * `radiusM`. One bounded search runs per origin stop and is reused while consecutive calls share
 * the origin, so enumerate pairs grouped by `fromStop`.
 */
export function streetTransferDistance(graph: StreetGraph, radiusM: number, search: StreetSearch = graph.createSearch()): (fromStop: number, toStop: number) => number {
  const { stopNode, stopNodeDist } = graph.columns;
  let origin = -1;
  return (fromStop, toStop) => {
    if (fromStop !== origin) {
      origin = fromStop;
      search.begin();
      const node = stopNode[fromStop];
      if (node !== NONE && stopNodeDist[fromStop] <= radiusM) {
        search.relax(node, stopNodeDist[fromStop], NO_EDGE, NO_EDGE, stopNodeDist[fromStop]);
        search.expandWalk(radiusM);
      }
    }
    const m = search.reached(stopNode[toStop]) + stopNodeDist[toStop];
    return m <= radiusM ? m : NaN;
  };
}
