import { distanceMetres } from '@transit/engine';
import { growF64, growU32, growU8 } from '../write/growable.js';
import type { OsmStreets } from '../osm/osm-streets.js';

/** Undirected street segments: node pairs of consecutive way nodes, long ones split. */
export interface StreetSegments {
  /** Node -> latitude / longitude (OSM nodes, then interpolated ones), degrees. */
  lat: Float64Array;
  lon: Float64Array;
  /** Segment -> its two nodes, in way order. */
  a: Uint32Array;
  b: Uint32Array;
  /** Segment -> metres. */
  length: Float64Array;
  /** Segment -> access bits of its way (forward | backward << 3). */
  access: Uint8Array;
  /** Segment -> car speed of its way, km/h. */
  speed: Uint8Array;
  /** Segment -> index into the OsmStreets names. */
  name: Uint32Array;
}

/**
 * Every pair of consecutive way nodes as one segment. Segments longer than `maxSegmentM` are cut
 * into equal pieces at interpolated nodes (so snapping can bound its search; see MAX_SEGMENT_M).
 * Pairs touching a node the extract lacks, and zero-length pairs, are dropped.
 */
export function splitSegments(osm: OsmStreets, maxSegmentM: number): StreetSegments {
  const lat = growF64();
  const lon = growF64();
  for (let i = 0; i < osm.lat.length; i++) {
    lat.push(osm.lat[i]);
    lon.push(osm.lon[i]);
  }
  const [a, b, length, access, speed, name] = [growU32(), growU32(), growF64(), growU8(), growU8(), growU32()];
  const wayCount = osm.wayAccess.length;
  for (let w = 0; w < wayCount; w++) {
    for (let i = osm.wayNodeOffsets[w]; i + 1 < osm.wayNodeOffsets[w + 1]; i++) {
      const u = osm.wayNodes[i];
      const v = osm.wayNodes[i + 1];
      if (u === v || Number.isNaN(osm.lat[u]) || Number.isNaN(osm.lat[v])) continue;
      const d = distanceMetres(osm.lat[u], osm.lon[u], osm.lat[v], osm.lon[v]);
      if (d === 0) continue;
      const pieces = Math.ceil(d / maxSegmentM);
      let prev = u;
      for (let k = 1; k <= pieces; k++) {
        let next = v;
        if (k < pieces) {
          const f = k / pieces;
          next = lat.length;
          lat.push(osm.lat[u] + f * (osm.lat[v] - osm.lat[u]));
          lon.push(osm.lon[u] + f * (osm.lon[v] - osm.lon[u]));
        }
        a.push(prev);
        b.push(next);
        length.push(d / pieces);
        access.push(osm.wayAccess[w]);
        speed.push(osm.wayCarSpeed[w]);
        name.push(osm.wayName[w]);
        prev = next;
      }
    }
  }
  return { lat: lat.view(), lon: lon.view(), a: a.view(), b: b.view(), length: length.view(), access: access.view(), speed: speed.view(), name: name.view() };
}
