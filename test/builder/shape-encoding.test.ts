// FEATURE UNDER TEST: shapes encoded while parsing (gtfs/encode-shapes.ts) as varint deltas and compiled into distinct lines (compile-shapes.ts) read back (engine ShapeLines) as @mapbox/polyline's encoding and decodePolyline's points, with point order and length.
import { describe, it, expect } from 'vitest';
import polyline from '@mapbox/polyline';
import { distanceMetres, decodePolyline, ShapeLines, SnapshotReader, type TypedArray } from '@transit/engine';
import { compileShapes } from '../../packages/builder/src/compile/compile-shapes.js';
import { StringPool } from '../../packages/builder/src/write/string-pool.js';
import { SnapshotWriter } from '../../packages/builder/src/write/snapshot-writer.js';
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
    tt.shapeIds.push('again'); // the same points as S5: one line for both
    for (const p of shapes[5]) [tt.sp.shape.push(41), tt.sp.seq.push(p[0]), tt.sp.lat.push(p[1]), tt.sp.lon.push(p[2])];
    encodeShapes(tt, 1);
    expect(tt.sp.shape.length).toBe(0);
    expect(tt.shapes.polyline[0]).toBe('x');
    const c = compileShapes(tt, new StringPool());
    const lines = openLines({ 'shapes.line': c.line, 'shapes.lineOffsets': c.lineOffsets, 'shapes.lineBytes': c.lineBytes });
    expect(c.line[41]).toBe(c.line[6]);
    expect(c.lineOffsets.length).toBe(42); // 'x', S0-S39; 'again' shares S5's
    shapes.forEach((pts, s) => {
      const ordered = [...pts].sort((a, b) => a[0] - b[0]);
      let length = 0;
      for (let i = 1; i < ordered.length; i++) length += distanceMetres(ordered[i - 1][1], ordered[i - 1][2], ordered[i][1], ordered[i][2]);
      const text = polyline.encode(ordered.map((p) => [p[1], p[2]]), 5);
      expect(lines.polyline(c.line[s + 1])).toBe(text);
      expect(lines.points(c.line[s + 1])).toEqual(decodePolyline(text));
      expect(tt.shapes.pointCount[s + 1]).toBe(pts.length);
      expect(tt.shapes.length[s + 1]).toBe(Math.round(length * 10) / 10);
    });
  });

  it('reads polyline text from an older snapshot the same way', () => {
    const pool = new StringPool();
    const texts = ['_p~iF~ps|U_ulLnnqC_mqNvxq`@', '', '_p~iF~ps|U_ulLnnqC_mqNvxq`@', 'ab\u00e9'];
    const keys = Uint32Array.from(texts, (t) => pool.intern(t));
    const { bytes, offsets } = pool.compile();
    const lines = openLines({ 'shapes.polyline': keys, 'strings.bytes': bytes, 'strings.offsets': offsets });
    expect(lines.ofShape[0]).toBe(lines.ofShape[2]);
    texts.forEach((t, s) => {
      expect(lines.polyline(lines.ofShape[s])).toBe(t);
      expect(lines.points(lines.ofShape[s])).toEqual(decodePolyline(t));
    });
  });
});

/** ShapeLines over a snapshot holding only `sections`. */
function openLines(sections: Record<string, TypedArray>): ShapeLines {
  const w = new SnapshotWriter();
  for (const [name, array] of Object.entries(sections)) w.add(name, array);
  const bytes = w.toBytes({ schemaVersion: 1, builderVersion: 't', builtAt: '', feeds: [], bbox: { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 }, firstServiceDay: 0, serviceDayCount: 0, timezone: '', agencies: [] });
  return ShapeLines.open(new SnapshotReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
}
