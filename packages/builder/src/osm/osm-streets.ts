/**
 * The highway network read from OpenStreetMap, between parsing and compiling: columns only, no
 * per-node or per-way objects, so a national extract fits in memory. Produced by `parseOsm`
 * (a PBF file) and consumed by `compileStreets`.
 */
export interface OsmStreets {
  /** OSM node -> latitude, WGS84 degrees; NaN when the extract lacks the node. Index = rank of the node id among the ids ways use. */
  lat: Float64Array;
  /** OSM node -> longitude, WGS84 degrees; NaN when missing. */
  lon: Float64Array;
  /** Way -> [first, end) into `wayNodes`. Length wayCount + 1. */
  wayNodeOffsets: Uint32Array;
  /** Node index of each way node, in way order. */
  wayNodes: Uint32Array;
  /** Way -> access bits (highway-access.ts: forward FOOT|BICYCLE|CAR, backward << 3). */
  wayAccess: Uint8Array;
  /** Way -> car speed, km/h (0 when cars may not use it). */
  wayCarSpeed: Uint8Array;
  /** Way -> index into `names`. */
  wayName: Uint32Array;
  /** Distinct street names; 0 is ''. */
  names: string[];
}

/** Counts for progress lines and tests. */
export function describeStreets(s: OsmStreets): { ways: number; nodes: number; missingNodes: number } {
  let missing = 0;
  for (let i = 0; i < s.lat.length; i++) if (Number.isNaN(s.lat[i])) missing++;
  return { ways: s.wayAccess.length, nodes: s.lat.length, missingNodes: missing };
}
