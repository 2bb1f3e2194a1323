import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StringTable } from '../snapshot/strings.js';
import { PieceWriter, UNITS, addPolyline } from './shape-pieces.js';

/** Smallest cell side, degrees: a 0.03-degree box reads about a dozen cells. */
const MIN_CELL_DEG = 0.02;
/** Most cells in the grid (cells grow past MIN_CELL_DEG over a wider area). */
const MAX_CELLS = 1 << 21;

/**
 * A uniform grid over the pieces of every line a route geometry can draw: each distinct shape
 * polyline (items 0..polylineCount-1) and each pattern's line through its stops (item
 * polylineCount + pattern). A cell lists the items with a piece whose widened box meets it
 * (PieceWriter); cells cover the stops' extent, and a line beyond it counts in the edge cells
 * (indices are clamped, which keeps every box query a superset). Built in one pass over the
 * polyline bytes (decoded in place, nothing kept) and the pattern stops: no shape is simplified
 * and no stop placed.
 */
export class ShapeGrid {
  /** Item -> polyline string index, for items below polylineCount. */
  readonly polylines: Uint32Array;
  /** Shape -> its polyline's item. */
  readonly itemOfShape: Uint32Array;
  /** Cell -> [first, end) into cellItems. Length cellCount + 1. */
  private readonly cellOffsets: Uint32Array;
  /** Items per cell, each once. */
  private readonly cellItems: Uint32Array;
  /** Item -> query stamp when last found (each found once per query). */
  private readonly stamp: Uint32Array;
  private stampValue = 0;
  /** Items found by the last query, [0, count). */
  readonly found: Uint32Array;

  private constructor(
    polylines: Uint32Array,
    itemOfShape: Uint32Array,
    private readonly lat0: number,
    private readonly lon0: number,
    private readonly cellDeg: number,
    private readonly rows: number,
    private readonly cols: number,
    pairs: { cell: Uint32Array; item: Uint32Array; count: number },
    itemCount: number,
  ) {
    this.polylines = polylines;
    this.itemOfShape = itemOfShape;
    this.cellOffsets = new Uint32Array(rows * cols + 1);
    for (let i = 0; i < pairs.count; i++) this.cellOffsets[pairs.cell[i] + 1]++;
    for (let c = 0; c < rows * cols; c++) this.cellOffsets[c + 1] += this.cellOffsets[c];
    const next = this.cellOffsets.slice(0, rows * cols);
    this.cellItems = new Uint32Array(pairs.count);
    for (let i = 0; i < pairs.count; i++) this.cellItems[next[pairs.cell[i]]++] = pairs.item[i];
    this.stamp = new Uint32Array(itemCount);
    this.found = new Uint32Array(itemCount);
  }

  get polylineCount(): number {
    return this.polylines.length;
  }

  /**
   * Finds the items with a piece in a cell the box meets, each once, into `found` (valid until the
   * next call) and returns how many: every line with a segment (or coarse segment) touching the
   * box, and others nearby. Allocates nothing.
   */
  query(minLat: number, minLon: number, maxLat: number, maxLon: number): number {
    if (++this.stampValue === 0xffffffff) {
      this.stamp.fill(0);
      this.stampValue = 1;
    }
    const r0 = this.row(minLat), r1 = this.row(maxLat), c0 = this.col(minLon), c1 = this.col(maxLon);
    let n = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        for (let i = this.cellOffsets[cell]; i < this.cellOffsets[cell + 1]; i++) {
          const item = this.cellItems[i];
          if (this.stamp[item] === this.stampValue) continue;
          this.stamp[item] = this.stampValue;
          this.found[n++] = item;
        }
      }
    }
    return n;
  }

  private row(lat: number): number {
    const r = Math.floor((lat - this.lat0) / this.cellDeg);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }

  private col(lon: number): number {
    const c = Math.floor((lon - this.lon0) / this.cellDeg);
    return c < 0 ? 0 : c >= this.cols ? this.cols - 1 : c;
  }

  /** Indexes every shape polyline and pattern stop line of the snapshot (see the class comment). */
  static build(tt: TimetableTables, strings: StringTable, stopLat: Float64Array, stopLon: Float64Array): ShapeGrid {
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
    for (let item = 0; item < polylines.length; item++) addPolyline(pieces, item, strings.bytes, strings.offsets[polylines[item]], strings.offsets[polylines[item] + 1]);
    for (let p = 0; p < tt.patternCount; p++) {
      const first = tt.patternStopOffsets[p], end = tt.patternStopOffsets[p + 1];
      if (end - first < 2) continue;
      pieces.begin(polylines.length + p, stopLat[tt.patternStops[first]] * UNITS);
      for (let i = first; i < end; i++) pieces.point(stopLat[tt.patternStops[i]] * UNITS, stopLon[tt.patternStops[i]] * UNITS);
      pieces.end();
    }
    return new ShapeGrid(polylines, itemOfShape, minLat, minLon, cellDeg, rows, cols, pieces, polylines.length + tt.patternCount);
  }
}
