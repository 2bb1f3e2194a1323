/** Route shapes for drawing: the distinct geometries trips run along, cut to a box and simplified (docs/engine.md "Route shapes"). */
export type { RouteShapes, RouteShapeLine, RouteShapeLines } from './route-shapes.js';
export type { ShapeCatalogue } from './shape-catalogue.js';
export { clipToBox } from './line-clip.js';
export { simplifyLine } from './simplify.js';
export { compileShapeGrid, type ShapeGridColumns, type ShapeGridSource } from './shape-grid-columns.js';
export { SHAPE_GRID_SECTIONS, readShapeGrid } from './shape-grid-sections.js';
