import type { StreetGraph } from '../streets/street-graph.js';
import type { StreetSearch } from '../streets/street-search.js';
import { UNREACHED_COST } from '../streets/street-search.js';
import type { StopTable } from '../stops/stop-table.js';
import { StraightLineStreets, type StreetModel, type StreetPath } from './street-model.js';
import { walkSeconds, type LatLon, type StopAccess, type StreetMode } from './planner-api.js';

/**
 * Street legs on the snapshot's street graph: access and egress are bounded walk searches from
 * the point, the walks of the chosen itineraries are traced again from the point (bounded by the
 * stop's known distance), direct alternatives are A* routes. A stop the graph cannot reach (off
 * the extract) falls back to the straight-line model for its walk.
 */
export class OsmStreets implements StreetModel {
  readonly kind = 'osm' as const;
  private readonly search: StreetSearch;
  /** Walking metres of the last access (index 0) and egress (1) searches, by stop. */
  private readonly known: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];

  constructor(
    private readonly graph: StreetGraph,
    private readonly stops: StopTable,
    private readonly fallback: StraightLineStreets,
  ) {
    this.search = graph.createSearch();
  }

  stopsNear(point: LatLon, maxM: number, toPoint: boolean): StopAccess[] {
    const s = this.search;
    const n = toPoint ? s.walkTo(point.lat, point.lon, maxM) : s.walkFrom(point.lat, point.lon, maxM);
    const known = this.known[toPoint ? 1 : 0];
    known.clear();
    const out: StopAccess[] = [];
    for (let i = 0; i < n; i++) {
      const stop = s.stops[i];
      if (!this.stops.modes[stop]) continue;
      const metres = Math.round(s.stopMetres[i]);
      known.set(stop, metres);
      out.push({ stop, metres, seconds: walkSeconds(metres) });
    }
    return out;
  }

  walk(point: LatLon, stop: number, toPoint: boolean, steps: boolean): StreetPath {
    const metres = this.known[toPoint ? 1 : 0].get(stop);
    if (metres !== undefined) {
      const s = this.search;
      if (toPoint) s.walkTo(point.lat, point.lon, metres + 1);
      else s.walkFrom(point.lat, point.lon, metres + 1);
      if (s.metresTo(stop) !== UNREACHED_COST) {
        const p = s.pathTo(stop);
        if (p) return { distance: p.distance, duration: p.duration, geometry: p.geometry, steps: steps ? p.steps : null };
      }
    }
    return this.fallback.walk(point, stop, toPoint);
  }

  route(from: LatLon, to: LatLon, mode: StreetMode, steps: boolean): StreetPath | null {
    const p = this.graph.route(from, to, mode);
    if (!p) return null;
    return { distance: Math.round(p.distance), duration: Math.ceil(p.duration), geometry: p.geometry, steps: steps ? p.steps : null };
  }
}
