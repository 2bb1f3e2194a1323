/** Disruptions: the normalised record both live feeds parse into, and the index that queries it. */
export * from './disruption.js';
export * from './disruption-query.js';
export { DisruptionIndex, type StopCoordinates } from './disruption-index.js';
export { decodePathPolyline, encodePolyline } from '../spatial/polyline.js';
export { pointSegmentMetres } from '../spatial/segment-distance.js';
