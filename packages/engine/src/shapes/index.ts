/** Route shapes for drawing: the distinct geometries trips run along, cut to a box and simplified (docs/engine.md "Route shapes"). */
export { RouteShapes, SIMPLIFY_SHARE, type RouteShapeLine, type RouteShapeLines, type TripLabels } from './route-shapes.js';
export { ShapeCatalogue, COARSE_TOLERANCE_DEG } from './shape-catalogue.js';
export { clipToBox } from './line-clip.js';
export { simplifyLine } from './simplify.js';
