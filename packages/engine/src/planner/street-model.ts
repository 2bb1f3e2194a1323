import type { SpatialIndex } from '../spatial/spatial-index.js';
import type { StopTable } from '../stops/stop-table.js';
import { distanceMetres } from '../spatial/geo.js';
import { DETOUR_FACTOR, walkSeconds, type LatLon, type StopAccess, type StreetMode, type StreetStep } from './planner-api.js';

/** A way along the streets (or its straight-line stand-in). */
export interface StreetPath {
  distance: number;
  duration: number;
  /** Interleaved lat, lon degrees. */
  geometry: Float64Array;
  steps: StreetStep[] | null;
}

/** What the planner needs from the streets: walking access and egress, walks to and from stops, and direct routes. */
export interface StreetModel {
  readonly kind: 'osm' | 'straight_line';
  /** Stops with services within `maxM` walking metres of a point (`toPoint`: walking from the stops to the point). */
  stopsNear(point: LatLon, maxM: number, toPoint: boolean): StopAccess[];
  /** The walk between a point and a stop (from the point, or to it when `toPoint`). */
  walk(point: LatLon, stop: number, toPoint: boolean, steps: boolean): StreetPath;
  /** A direct route, null when there is none. */
  route(from: LatLon, to: LatLon, mode: StreetMode, steps: boolean): StreetPath | null;
}

/** Metres per second by mode without a street graph: walking, 15 km/h cycling, 30 km/h mean urban driving. */
export const STRAIGHT_SPEED_MPS: Record<StreetMode, number> = { walk: 4.8 / 3.6, bicycle: 15 / 3.6, car: 30 / 3.6 };

/**
 * The model when the snapshot has no street graph: great-circle distance times DETOUR_FACTOR,
 * drawn as a straight line. Documented in the response as `street_model: straight_line`.
 */
export class StraightLineStreets implements StreetModel {
  readonly kind = 'straight_line' as const;

  constructor(
    private readonly stopIndex: SpatialIndex,
    private readonly stops: StopTable,
  ) {}

  stopsNear(point: LatLon, maxM: number): StopAccess[] {
    const idx = this.stopIndex;
    const modes = this.stops.modes;
    const count = idx.within(point.lat, point.lon, maxM / DETOUR_FACTOR, (s) => modes[s] !== 0);
    const out: StopAccess[] = [];
    for (let i = 0; i < count; i++) {
      const metres = Math.round(idx.distances[i] * DETOUR_FACTOR);
      out.push({ stop: idx.ids[i], metres, seconds: walkSeconds(metres) });
    }
    return out;
  }

  walk(point: LatLon, stop: number, toPoint: boolean): StreetPath {
    const s = { lat: this.stops.lat[stop], lon: this.stops.lon[stop] };
    return this.line(toPoint ? s : point, toPoint ? point : s, 'walk');
  }

  route(from: LatLon, to: LatLon, mode: StreetMode): StreetPath {
    return this.line(from, to, mode);
  }

  private line(from: LatLon, to: LatLon, mode: StreetMode): StreetPath {
    const distance = Math.round(distanceMetres(from.lat, from.lon, to.lat, to.lon) * DETOUR_FACTOR);
    const duration = mode === 'walk' ? walkSeconds(distance) : Math.ceil(distance / STRAIGHT_SPEED_MPS[mode]);
    return { distance, duration, geometry: Float64Array.of(from.lat, from.lon, to.lat, to.lon), steps: null };
  }
}
