import type { ShapeGridColumns } from './shape-grid-columns.js';

/**
 * A uniform grid over the pieces of every line a route geometry can draw: each distinct shape
 * polyline (items 0..polylineCount-1) and each pattern's line through its stops (item
 * polylineCount + pattern). A cell lists the items with a piece whose widened box meets it
 * (PieceWriter); cells cover the stops' extent, and a line beyond it counts in the edge cells
 * (indices are clamped, which keeps every box query a superset). Its columns come from the
 * snapshot's `shapes.grid*` sections when the builder stored them, else from compileShapeGrid
 * (one pass over the polyline bytes and the pattern stops); both are the same grid.
 */
export class ShapeGrid {
  /** Item -> polyline string index, for items below polylineCount. */
  readonly polylines: Uint32Array;
  /** Shape -> its polyline's item. */
  readonly itemOfShape: Uint32Array;
  /** Polyline item -> [first, end) into itemPatterns. */
  readonly itemPatternOffsets: Uint32Array;
  /** Patterns (ascending) with a trip whose shape has the item's polyline. */
  readonly itemPatterns: Uint32Array;
  private readonly lat0: number;
  private readonly lon0: number;
  private readonly cellDeg: number;
  private readonly rows: number;
  private readonly cols: number;
  /** Cell -> [first, end) into cellItems. Length cellCount + 1. */
  private readonly cellOffsets: Uint32Array;
  /** Items per cell, each once. */
  private readonly cellItems: Uint32Array;
  /** Item -> query stamp when last found (each found once per query). */
  private readonly stamp: Uint32Array;
  private stampValue = 0;
  /** Items found by the last query, [0, count). */
  readonly found: Uint32Array;

  /** A grid over `columns` (views are kept, not copied) for snapshots with `patternCount` patterns. */
  constructor(columns: ShapeGridColumns, patternCount: number) {
    [this.lat0, this.lon0, this.cellDeg, this.rows, this.cols] = columns.frame;
    this.polylines = columns.polylines;
    this.itemOfShape = columns.itemOfShape;
    this.itemPatternOffsets = columns.itemPatternOffsets;
    this.itemPatterns = columns.itemPatterns;
    this.cellOffsets = columns.cellOffsets;
    this.cellItems = columns.cellItems;
    const itemCount = this.polylines.length + patternCount;
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
}
