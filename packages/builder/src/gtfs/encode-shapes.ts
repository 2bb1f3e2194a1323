import { distanceMetres } from '@transit/engine';
import type { TimetableModel } from './timetable-model.js';

/**
 * Orders the points of shapes [from, shapeIds.length) by sequence, encodes each (the deltas of
 * a precision-5 polyline, as @mapbox/polyline rounds them, as zigzag LEB128 varints: engine
 * snapshot/shape-lines.ts) with its point count and length, and releases the point
 * columns: a feed's points are held only while its shapes.txt is read.
 */
export function encodeShapes(tt: TimetableModel, from: number): void {
  const n = tt.shapeIds.length - from;
  const { shape, seq, lat, lon } = tt.sp;
  const counts = new Uint32Array(n + 1);
  for (let i = 0; i < shape.length; i++) counts[shape.get(i) - from + 1]++;
  for (let s = 0; s < n; s++) counts[s + 1] += counts[s];
  const cursor = counts.slice(0, n);
  const order = new Uint32Array(shape.length);
  for (let i = 0; i < shape.length; i++) order[cursor[shape.get(i) - from]++] = i;
  let scratch = Buffer.alloc(0);
  for (let s = 0; s < n; s++) {
    const rows = Array.from(order.subarray(counts[s], counts[s + 1])).sort((a, b) => seq.get(a) - seq.get(b));
    if (scratch.length < rows.length * 2 * MAX_BYTES) scratch = Buffer.alloc(rows.length * 2 * MAX_BYTES * 2);
    let at = 0;
    let length = 0;
    let prevLat = 0;
    let prevLon = 0;
    rows.forEach((r, i) => {
      const pLat = lat.get(r);
      const pLon = lon.get(r);
      if (i > 0) length += distanceMetres(prevLat, prevLon, pLat, pLon);
      at = encodeDelta(scratch, at, pLat, prevLat);
      at = encodeDelta(scratch, at, pLon, prevLon);
      prevLat = pLat;
      prevLon = pLon;
    });
    tt.shapes.polyline.push(scratch.toString('latin1', 0, at));
    tt.shapes.pointCount.push(rows.length);
    tt.shapes.length.push(Math.round(length * 10) / 10);
  }
  tt.releaseShapePoints();
}

/** Bytes of one encoded coordinate at most (zigzag delta < 2^35 units of 1e-5 degrees). */
const MAX_BYTES = 5;
const FACTOR = 1e5;

/** py2 rounding (half away from zero), as the polyline algorithm specifies. */
const round = (v: number) => Math.floor(Math.abs(v) + 0.5) * (v >= 0 ? 1 : -1);

/** Writes one coordinate's delta from `previous` at `at` as a zigzag varint; returns the end. The delta is @mapbox/polyline 1.2's. */
function encodeDelta(out: Buffer, at: number, current: number, previous: number): number {
  let v = (round(current * FACTOR) - round(previous * FACTOR)) * 2;
  if (v < 0) v = -v - 1;
  while (v >= 0x80) {
    out[at++] = 0x80 | v % 128;
    v = Math.floor(v / 128);
  }
  out[at++] = v;
  return at;
}
