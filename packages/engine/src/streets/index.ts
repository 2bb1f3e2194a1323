/** Street graph: snapping, walk searches to stops, point-to-point routes, transfers (docs/engine.md "Streets"). */
export { StreetGraph, ROUTE_SNAP_M, MAX_HIERARCHY_NODES, type StopPoints, type RouteMethod } from './street-graph.js';
export { StreetSearch, NO_EDGE, UNREACHED_COST } from './street-search.js';
export { streetTransfers, streetTransferDistance, type StreetTransfers } from './street-transfers.js';
export { readStreetColumns, modeBit as streetModeBit, STREET_SECTIONS, MAX_SEGMENT_M, STOP_SNAP_M, BICYCLE_SPEED_MPS, FOOT as STREET_FOOT, BICYCLE as STREET_BICYCLE, CAR as STREET_CAR, type StreetColumns } from './street-columns.js';
export type { StreetSnap } from './street-snap.js';
export { Landmarks, MAX_LANDMARKS, ACTIVE_LANDMARKS, LANDMARK_BUDGET_BYTES } from './landmarks.js';
export { ContractionHierarchy } from './hierarchy.js';
export { ORIGINAL_ARC } from './hierarchy-build.js';
export type { StreetLines } from './street-lines.js';
export type { StreetPath } from './path-buffer.js';
export { relativeDirection, absoluteDirection } from './directions.js';
