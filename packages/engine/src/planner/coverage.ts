import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';

/**
 * The routing coverage area of a snapshot (sections `coverage.*`): named polygon rings of
 * lat/lon points. A point is inside when an odd number of rings contain it (even-odd rule:
 * holes and several parts work).
 */
export class Coverage {
  readonly name: string;
  /** Ring -> [first, end) into the points (point units). Length ringCount + 1. */
  private readonly ringOffsets: Uint32Array;
  /** Interleaved lat, lon degrees. */
  private readonly points: Float64Array;
  /** [minLat, minLon, maxLat, maxLon]: the spec's order. */
  readonly bbox: [number, number, number, number];

  constructor(r: SnapshotReader, strings: StringTable) {
    this.name = strings.get(r.u32('coverage.name')[0]);
    this.ringOffsets = r.u32('coverage.ringOffsets');
    this.points = r.f64('coverage.points');
    let minLat = 90, minLon = 180, maxLat = -90, maxLon = -180;
    for (let i = 0; i < this.points.length; i += 2) {
      minLat = Math.min(minLat, this.points[i]);
      maxLat = Math.max(maxLat, this.points[i]);
      minLon = Math.min(minLon, this.points[i + 1]);
      maxLon = Math.max(maxLon, this.points[i + 1]);
    }
    this.bbox = [minLat, minLon, maxLat, maxLon];
  }

  contains(lat: number, lon: number): boolean {
    const [minLat, minLon, maxLat, maxLon] = this.bbox;
    if (lat < minLat || lat > maxLat || lon < minLon || lon > maxLon) return false;
    let inside = false;
    const pts = this.points;
    for (let r = 0; r + 1 < this.ringOffsets.length; r++) {
      const first = this.ringOffsets[r], end = this.ringOffsets[r + 1];
      for (let i = first, j = end - 1; i < end; j = i++) {
        const yi = pts[2 * i], xi = pts[2 * i + 1], yj = pts[2 * j], xj = pts[2 * j + 1];
        if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  }

  /** Rings as [lon, lat] arrays (GeoJSON order), for maps and the OpenAPI example. */
  rings(): [number, number][][] {
    const out: [number, number][][] = [];
    for (let r = 0; r + 1 < this.ringOffsets.length; r++) {
      const ring: [number, number][] = [];
      for (let i = this.ringOffsets[r]; i < this.ringOffsets[r + 1]; i++) ring.push([this.points[2 * i + 1], this.points[2 * i]]);
      out.push(ring);
    }
    return out;
  }
}
