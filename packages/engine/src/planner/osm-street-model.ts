import type { StreetGraph } from '../streets/street-graph.js';
import type { StreetSearch } from '../streets/street-search.js';
import type { StopBuckets } from '../streets/hierarchy-stops.js';
import { UNREACHED_COST } from '../streets/street-search.js';
import type { StopTable } from '../stops/stop-table.js';
import { StraightLineStreets, type StreetModel, type StreetPath } from './street-model.js';
import { walkSeconds, type LatLon, type StopAccess, type StreetMode } from './planner-api.js';
import { WIDE_ACCESS_M } from './journey-planner.js';

/** Walking radius of a search for a walk whose point was not the last one searched, metres: the planner's widest access radius. */
const WIDE_WALK_M = WIDE_ACCESS_M;

/**
 * Street legs on the snapshot's street graph: access and egress are walk searches from the point
 * on the stop buckets of the walking hierarchy (a plain bounded Dijkstra without them), each on
 * its own workspace, kept so that the walks of the chosen itineraries are read from the same
 * search trees (no second search); direct alternatives are hierarchy routes (driving A*). A stop
 * the graph cannot reach (off the extract) falls back to the straight-line model for its walk.
 */
export class OsmStreets implements StreetModel {
  readonly kind = 'osm' as const;
  /** Workspaces of the last access (index 0) and egress (1) searches, and the points they searched from. */
  private readonly searches: [StreetSearch, StreetSearch];
  private readonly searched: [LatLon | null, LatLon | null] = [null, null];
  /** The graph's stop buckets (built here, so that Engine.prepareJourneys builds them), null without a walking hierarchy. */
  private readonly buckets: StopBuckets | null;

  constructor(
    private readonly graph: StreetGraph,
    private readonly stops: StopTable,
    private readonly fallback: StraightLineStreets,
  ) {
    this.searches = [graph.createSearch(), graph.createSearch()];
    this.buckets = graph.stopBuckets();
  }

  stopsNear(point: LatLon, maxM: number, toPoint: boolean): StopAccess[] {
    const side = toPoint ? 1 : 0;
    const s = this.searches[side];
    const n = toPoint ? s.walkTo(point.lat, point.lon, maxM, this.buckets) : s.walkFrom(point.lat, point.lon, maxM, this.buckets);
    this.searched[side] = { lat: point.lat, lon: point.lon };
    const out: StopAccess[] = [];
    for (let i = 0; i < n; i++) {
      const stop = s.stops[i];
      if (!this.stops.modes[stop]) continue;
      const metres = Math.round(s.stopMetres[i]);
      out.push({ stop, metres, seconds: walkSeconds(metres) });
    }
    return out;
  }

  walk(point: LatLon, stop: number, toPoint: boolean, steps: boolean): StreetPath {
    const side = toPoint ? 1 : 0;
    const s = this.searches[side];
    const at = this.searched[side];
    if (!at || at.lat !== point.lat || at.lon !== point.lon) {
      // Not the point of the last search on this side (not the planner's order): search again.
      if (toPoint) s.walkTo(point.lat, point.lon, WIDE_WALK_M, this.buckets);
      else s.walkFrom(point.lat, point.lon, WIDE_WALK_M, this.buckets);
      this.searched[side] = { lat: point.lat, lon: point.lon };
    }
    if (s.metresTo(stop) !== UNREACHED_COST) {
      const p = s.pathTo(stop);
      if (p) return { distance: p.distance, duration: p.duration, geometry: p.geometry, steps: steps ? p.steps : null };
    }
    return this.fallback.walk(point, stop, toPoint);
  }

  route(from: LatLon, to: LatLon, mode: StreetMode, steps: boolean): StreetPath | null {
    const p = this.graph.route(from, to, mode);
    if (!p) return null;
    return { distance: Math.round(p.distance), duration: Math.ceil(p.duration), geometry: p.geometry, steps: steps ? p.steps : null };
  }
}
