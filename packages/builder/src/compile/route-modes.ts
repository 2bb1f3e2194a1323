import { ModeBit } from '@transit/engine';

/** ModeBit for a GTFS route_type, basic or extended (HVT) codes. */
export function modeBitOf(routeType: number): number {
  if (routeType === 0 || routeType === 5 || (routeType >= 900 && routeType < 1000)) return ModeBit.Tram;
  if (routeType === 1 || (routeType >= 400 && routeType < 500)) return ModeBit.Tram; // metro/underground: tram-like stops
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return ModeBit.Rail;
  if (routeType === 3 || routeType === 11 || (routeType >= 700 && routeType < 900)) return ModeBit.Bus;
  if (routeType >= 200 && routeType < 300) return ModeBit.Coach;
  return ModeBit.Other;
}
