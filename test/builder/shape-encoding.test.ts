// FEATURE UNDER TEST: shapes encoded while parsing (gtfs/encode-shapes.ts) equal @mapbox/polyline's encoding, point order and length.
import { describe, it, expect } from 'vitest';
import polyline from '@mapbox/polyline';
import { distanceMetres } from '@transit/engine';
import { TimetableModel } from '../../packages/builder/src/gtfs/timetable-model.js';
import { encodeShapes } from '../../packages/builder/src/gtfs/encode-shapes.js';
import { mulberry32 } from '../support/board-compare.js';


describe('encodeShapes', () => {
  it('orders points by sequence and encodes them as @mapbox/polyline does, with length and count', () => {
    const rand = mulberry32(16);
    const tt = new TimetableModel();
    tt.shapeIds.push('before'); // a shape of an earlier feed: not re-encoded
    tt.shapes.polyline.push('x');
    tt.shapes.pointCount.push(1);
    tt.shapes.length.push(0);
    const shapes: [number, number, number][][] = [];
    for (let s = 0; s < 40; s++) {
      tt.shapeIds.push(`S${s}`);
      const n = s === 7 ? 0 : 1 + Math.floor(rand() * 60);
      // Wide jumps, negative longitudes and exact half units (rounding away from zero) included.
      shapes.push(Array.from({ length: n }, (_, i) => [i * 3 + Math.floor(rand() * 3), -90 + rand() * 180, s === 3 ? -0.000005 * (i + 1) : -180 + rand() * 360]));
    }
    const rows = shapes.flatMap((pts, s) => pts.map((p) => ({ s, p }))).sort(() => rand() - 0.5); // interleaved, out of order
    for (const { s, p } of rows) {
      tt.sp.shape.push(s + 1);
      tt.sp.seq.push(p[0]);
      tt.sp.lat.push(p[1]);
      tt.sp.lon.push(p[2]);
    }
    encodeShapes(tt, 1);
    expect(tt.sp.shape.length).toBe(0);
    expect(tt.shapes.polyline[0]).toBe('x');
    shapes.forEach((pts, s) => {
      const ordered = [...pts].sort((a, b) => a[0] - b[0]);
      let length = 0;
      for (let i = 1; i < ordered.length; i++) length += distanceMetres(ordered[i - 1][1], ordered[i - 1][2], ordered[i][1], ordered[i][2]);
      expect(tt.shapes.polyline[s + 1]).toBe(polyline.encode(ordered.map((p) => [p[1], p[2]]), 5));
      expect(tt.shapes.pointCount[s + 1]).toBe(pts.length);
      expect(tt.shapes.length[s + 1]).toBe(Math.round(length * 10) / 10);
    });
  });
});
