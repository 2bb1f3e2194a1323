import type { SnapshotWriter } from '../write/snapshot-writer.js';
import type { StringPool } from '../write/string-pool.js';
import type { CoverageArea } from './parse-coverage.js';

/** Sections `coverage.name` (one string), `coverage.ringOffsets` (ring -> [first, end) points), `coverage.points` (lat, lon). */
export function writeCoverage(w: SnapshotWriter, pool: StringPool, area: CoverageArea): void {
  const offsets = new Uint32Array(area.rings.length + 1);
  const points: number[] = [];
  area.rings.forEach((ring, i) => {
    offsets[i] = points.length / 2;
    for (const [lat, lon] of ring) points.push(lat, lon);
  });
  offsets[area.rings.length] = points.length / 2;
  w.add('coverage.name', Uint32Array.of(pool.intern(area.name))).add('coverage.ringOffsets', offsets).add('coverage.points', Float64Array.from(points));
}
