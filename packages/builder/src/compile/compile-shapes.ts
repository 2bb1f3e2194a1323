import type { TimetableModel } from '../gtfs/timetable-model.js';
import type { StringPool } from '../write/string-pool.js';

/** The shape sections from the shapes encoded while parsing (gtfs/encode-shapes.ts): id, polyline (precision 5), point count, length. */
export function compileShapes(tt: TimetableModel, pool: StringPool) {
  const n = tt.shapeIds.length;
  const out = { id: new Uint32Array(n), polyline: new Uint32Array(n), pointCount: new Uint32Array(n), length: new Float64Array(n) };
  for (let s = 0; s < n; s++) {
    out.id[s] = pool.intern(tt.shapeIds[s]);
    out.polyline[s] = pool.intern(tt.shapes.polyline[s]);
    out.pointCount[s] = tt.shapes.pointCount[s];
    out.length[s] = tt.shapes.length[s];
  }
  return out;
}
