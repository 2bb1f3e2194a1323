import type { TransitMode } from '../api.js';

/** Mode of a GTFS route_type, basic or extended (HVT) codes; the same classes as the builder's ModeBit. */
export function transitModeOf(routeType: number): TransitMode {
  if (routeType === 0 || routeType === 5 || routeType === 1 || (routeType >= 900 && routeType < 1000) || (routeType >= 400 && routeType < 500)) return 'tram';
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'rail';
  if (routeType === 3 || routeType === 11 || (routeType >= 700 && routeType < 900)) return 'bus';
  if (routeType >= 200 && routeType < 300) return 'coach';
  if (routeType === 4 || (routeType >= 1000 && routeType < 1100) || routeType === 1200) return 'ferry';
  return 'other';
}
