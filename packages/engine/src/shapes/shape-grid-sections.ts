import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import type { ShapeGridColumns } from './shape-grid-columns.js';

/** Snapshot section of each stored ShapeGrid column (docs/engine.md "Snapshot sections"; optional as a set). */
export const SHAPE_GRID_SECTIONS: { readonly [K in keyof ShapeGridColumns]: string } = {
  frame: 'shapes.gridFrame',
  polylines: 'shapes.gridPolylines',
  itemOfShape: 'shapes.gridItemOfShape',
  cellOffsets: 'shapes.gridCellOffsets',
  cellItems: 'shapes.gridCellItems',
  itemPatternOffsets: 'shapes.gridItemPatternOffsets',
  itemPatterns: 'shapes.gridItemPatterns',
};

/**
 * The grid the builder stored, as views (nothing is copied or scanned), or null when the snapshot
 * predates the sections (the engine then builds it on the first shapes query). Throws
 * SnapshotFormatError when only some sections are there or their lengths disagree.
 */
export function readShapeGrid(r: SnapshotReader, shapeCount: number): ShapeGridColumns | null {
  const names = Object.values(SHAPE_GRID_SECTIONS);
  const present = names.filter((name) => r.has(name));
  if (present.length === 0) return null;
  if (present.length < names.length) throw new SnapshotFormatError(`Snapshot has ${present.join(', ')} but not ${names.filter((n) => !r.has(n)).join(', ')}: the shape grid sections come as a set. Rebuild it.`);
  const S = SHAPE_GRID_SECTIONS;
  const grid: ShapeGridColumns = {
    frame: r.f64(S.frame),
    polylines: r.u32(S.polylines),
    itemOfShape: r.u32(S.itemOfShape),
    cellOffsets: r.u32(S.cellOffsets),
    cellItems: r.u32(S.cellItems),
    itemPatternOffsets: r.u32(S.itemPatternOffsets),
    itemPatterns: r.u32(S.itemPatterns),
  };
  const [, , cellDeg, rows, cols] = grid.frame;
  const bad = (what: string) => new SnapshotFormatError(`Shape grid sections disagree: ${what}. Rebuild the snapshot.`);
  if (grid.frame.length !== 5 || !(cellDeg > 0) || !Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) throw bad(`${S.frame} is not [lat0, lon0, cellDeg > 0, rows >= 1, cols >= 1]`);
  if (grid.cellOffsets.length !== rows * cols + 1 || grid.cellOffsets[rows * cols] !== grid.cellItems.length) throw bad(`${S.cellOffsets} does not cover ${rows} x ${cols} cells of ${S.cellItems}`);
  if (grid.itemOfShape.length !== shapeCount) throw bad(`${S.itemOfShape} has ${grid.itemOfShape.length} shapes, the snapshot ${shapeCount}`);
  const items = grid.polylines.length;
  if (grid.itemPatternOffsets.length !== items + 1 || grid.itemPatternOffsets[items] !== grid.itemPatterns.length) throw bad(`${S.itemPatternOffsets} does not cover the ${items} polylines of ${S.itemPatterns}`);
  return grid;
}
