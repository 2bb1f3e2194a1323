import polyline from '@mapbox/polyline';
import { distanceMetres } from '@transit/engine';
import type { TimetableModel } from '../gtfs/timetable-model.js';
import type { StringPool } from '../write/string-pool.js';

/** Orders each shape's points by sequence and encodes it (polyline precision 5) with its point count and length. */
export function compileShapes(tt: TimetableModel, pool: StringPool) {
  const n = tt.shapeIds.length;
  const { shape, seq, lat, lon } = tt.sp;
  const counts = new Uint32Array(n + 1);
  for (let i = 0; i < shape.length; i++) counts[shape.get(i) + 1]++;
  for (let s = 0; s < n; s++) counts[s + 1] += counts[s];
  const cursor = counts.slice(0, n);
  const order = new Uint32Array(shape.length);
  for (let i = 0; i < shape.length; i++) order[cursor[shape.get(i)]++] = i;
  const out = { id: new Uint32Array(n), polyline: new Uint32Array(n), pointCount: new Uint32Array(n), length: new Float64Array(n) };
  for (let s = 0; s < n; s++) {
    const rows = Array.from(order.subarray(counts[s], counts[s + 1])).sort((a, b) => seq.get(a) - seq.get(b));
    const points: [number, number][] = rows.map((r) => [lat.get(r), lon.get(r)]);
    let length = 0;
    for (let i = 1; i < points.length; i++) length += distanceMetres(points[i - 1][0], points[i - 1][1], points[i][0], points[i][1]);
    out.id[s] = pool.intern(tt.shapeIds[s]);
    out.polyline[s] = pool.intern(polyline.encode(points, 5));
    out.pointCount[s] = points.length;
    out.length[s] = Math.round(length * 10) / 10;
  }
  return out;
}
