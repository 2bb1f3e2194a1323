import type { TimetableTables } from '../timetable/timetable-tables.js';
import { NONE } from '../snapshot/format.js';
import { PieceWriter, UNITS, addLine } from './shape-pieces.js';
import type { ShapeLines } from '../snapshot/shape-lines.js';
import { countsToOffsets } from '../csr.js';

/** The lines' bytes by key (`ShapeLines`, or the builder's sections): varint deltas when `binary`, else polyline text. */
export type ShapeLineBytes = Pick<ShapeLines, 'bytes' | 'offsets' | 'binary'>;

/** Smallest cell side, degrees: a 0.03-degree box reads about a dozen cells. */
const MIN_CELL_DEG = 0.02;
/** Most cells in the grid (cells grow past MIN_CELL_DEG over a wider area). */
const MAX_CELLS = 1 << 21;

/** What the grid is built from: the shape, pattern and trip columns (TimetableTables' or the builder's). */
export type ShapeGridSource = Pick<
  TimetableTables,
  'shapeCount' | 'shapePolyline' | 'patternCount' | 'patternStopOffsets' | 'patternStops' | 'patternTripOffsets' | 'tripShape'
>;

/**
 * The columns of a ShapeGrid (see its class comment): what the builder stores as the
 * `shapes.grid*` sections and what the engine builds on the first query when they are absent.
 */
export interface ShapeGridColumns {
  /** [lat0, lon0, cellDeg, rows, cols]: the grid's south-west corner and cell side (degrees), its size. */
  readonly frame: Float64Array;
  /** Item -> line key (`shapes.line`, or the polyline's string index in an older snapshot), for items below polylineCount (= its length). */
  readonly polylines: Uint32Array;
  /** Shape -> its polyline's item. */
  readonly itemOfShape: Uint32Array;
  /** Cell (row * cols + col) -> [first, end) into cellItems. Length rows * cols + 1. */
  readonly cellOffsets: Uint32Array;
  /** Items per cell, each once: polyline items, then polylineCount + pattern for a pattern's stop line. */
  readonly cellItems: Uint32Array;
  /** Polyline item -> [first, end) into itemPatterns. Length polylineCount + 1. */
  readonly itemPatternOffsets: Uint32Array;
  /** Patterns (ascending) with a trip whose shape has the item's polyline. */
  readonly itemPatterns: Uint32Array;
}

/**
 * Builds the grid's columns: one pass over the distinct polylines' bytes (decoded in place) and
 * the pattern stops, then one over the trips for itemPatterns. No shape is simplified and no stop
 * placed. Allocates (about 8 bytes per (cell, item) pair): called once per snapshot.
 */
export function compileShapeGrid(tt: ShapeGridSource, lines: ShapeLineBytes, stopLat: Float64Array, stopLon: Float64Array): ShapeGridColumns {
  const itemOfShape = new Uint32Array(tt.shapeCount);
  const itemOfPolyline = new Map<number, number>();
  for (let s = 0; s < tt.shapeCount; s++) {
    const text = tt.shapePolyline[s];
    let item = itemOfPolyline.get(text);
    if (item === undefined) itemOfPolyline.set(text, (item = itemOfPolyline.size));
    itemOfShape[s] = item;
  }
  const polylines = Uint32Array.from(itemOfPolyline.keys());
  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (let s = 0; s < stopLat.length; s++) {
    if (stopLat[s] < minLat) minLat = stopLat[s];
    if (stopLat[s] > maxLat) maxLat = stopLat[s];
    if (stopLon[s] < minLon) minLon = stopLon[s];
    if (stopLon[s] > maxLon) maxLon = stopLon[s];
  }
  if (!(minLat <= maxLat)) minLat = maxLat = minLon = maxLon = 0;
  const cellDeg = Math.max(MIN_CELL_DEG, Math.sqrt(((maxLat - minLat) * (maxLon - minLon)) / MAX_CELLS));
  const rows = Math.floor((maxLat - minLat) / cellDeg) + 1, cols = Math.floor((maxLon - minLon) / cellDeg) + 1;
  const pieces = new PieceWriter(minLat, minLon, cellDeg, rows, cols);
  for (let item = 0; item < polylines.length; item++) addLine(pieces, item, lines.binary, lines.bytes, lines.offsets[polylines[item]], lines.offsets[polylines[item] + 1]);
  for (let p = 0; p < tt.patternCount; p++) {
    const first = tt.patternStopOffsets[p], end = tt.patternStopOffsets[p + 1];
    if (end - first < 2) continue;
    pieces.begin(polylines.length + p, stopLat[tt.patternStops[first]] * UNITS);
    for (let i = first; i < end; i++) pieces.point(stopLat[tt.patternStops[i]] * UNITS, stopLon[tt.patternStops[i]] * UNITS);
    pieces.end();
  }
  const cells = csr(rows * cols, pieces.count, (i) => pieces.cell[i], (i) => pieces.item[i]);
  const patterns = itemPatterns(tt, polylines.length, itemOfShape);
  return {
    frame: Float64Array.of(minLat, minLon, cellDeg, rows, cols),
    polylines,
    itemOfShape,
    cellOffsets: cells.offsets,
    cellItems: cells.values,
    itemPatternOffsets: patterns.offsets,
    itemPatterns: patterns.values,
  };
}

/** Groups `count` (key, value) pairs by key, in pair order within a key. */
function csr(keys: number, count: number, key: (i: number) => number, value: (i: number) => number): { offsets: Uint32Array; values: Uint32Array } {
  const offsets = new Uint32Array(keys + 1);
  for (let i = 0; i < count; i++) offsets[key(i) + 1]++;
  const next = countsToOffsets(offsets);
  const values = new Uint32Array(count);
  for (let i = 0; i < count; i++) values[next[key(i)]++] = value(i);
  return { offsets, values };
}

/** Polyline item -> the patterns with a trip on it (CSR, ascending): two passes over the trips. */
function itemPatterns(tt: ShapeGridSource, items: number, itemOfShape: Uint32Array): { offsets: Uint32Array; values: Uint32Array } {
  const last = new Int32Array(items);
  const visit = (write: (item: number, p: number) => void) => {
    last.fill(-1);
    for (let p = 0; p < tt.patternCount; p++) {
      for (let k = tt.patternTripOffsets[p]; k < tt.patternTripOffsets[p + 1]; k++) {
        const s = tt.tripShape[k];
        if (s === NONE) continue;
        const item = itemOfShape[s];
        if (last[item] === p) continue;
        last[item] = p;
        write(item, p);
      }
    }
  };
  const offsets = new Uint32Array(items + 1);
  visit((item) => offsets[item + 1]++);
  const next = countsToOffsets(offsets);
  const values = new Uint32Array(offsets[items]);
  visit((item, p) => (values[next[item]++] = p));
  return { offsets, values };
}
