import type KDBush from 'kdbush';
import { kdView } from '../spatial/kd-view.js';
import type { LatLon, StreetMode } from './street-api.js';
import { modeBit, type StreetColumns } from './street-columns.js';
import { newSnap, snapToStreet, type StreetSnap } from './street-snap.js';
import { StreetSearch } from './street-search.js';
import { routeBetween } from './street-route.js';
import type { StreetPath } from './path-buffer.js';
import { streetLinesInBox, type StreetLines } from './street-lines.js';
import type { StreetNetwork } from './street-network.js';
import { Landmarks } from './landmarks.js';
import { SnapshotFormatError } from '../errors.js';
import { ContractionHierarchy, type HierarchyColumns } from './hierarchy.js';
import { HierarchySearch } from './hierarchy-search.js';
import { routeByHierarchy } from './hierarchy-route.js';
import { StopBuckets, type StopBucketColumns } from './hierarchy-stops.js';

/**
 * How `StreetGraph.route` searches walking and cycling routes: 'hierarchy' (bidirectional on the
 * mode's contraction hierarchy, the default), 'landmarks' (A* with ALT bounds) or 'straight' (A*
 * with the straight line alone). All three give a shortest path of the same cost; driving is
 * always A* on the straight line.
 */
export type RouteMethod = 'hierarchy' | 'landmarks' | 'straight';

/** Largest graph a contraction hierarchy is built for (nodes): about 2 s of CPU per 50k nodes per mode; larger graphs route by A* (with landmarks when they fit). */
export const MAX_HIERARCHY_NODES = 1_000_000;

/** Stops as the street graph sees them: coordinates and their kd-tree (the `stops.*` sections). */
export interface StopPoints {
  /** Stop -> latitude / longitude, WGS84 degrees. */
  lat: Float64Array;
  lon: Float64Array;
  /** kdbush tree over stops (`stops.kdIds` / `stops.kdCoords`). */
  kdIds: Uint32Array;
  kdCoords: Float64Array;
}

/** Default limit (metres) for snapping a route's ends onto the graph. */
export const ROUTE_SNAP_M = 1000;

/**
 * The street network for walking, cycling and driving (docs/engine.md "Streets"): zero-copy
 * views over the `streets.*` sections, or over columns the builder has just compiled. Queries
 * run on a shared workspace (`search`); create more with `createSearch()` for interleaved use.
 */
export class StreetGraph implements StreetNetwork {
  readonly nodeCount: number;
  readonly edgeCount: number;
  /** kd-tree over nodes. */
  readonly kd: KDBush;
  /** kd-tree over stops. */
  readonly stopKd: KDBush;
  readonly stopLat: Float64Array;
  readonly stopLon: Float64Array;
  private shared: StreetSearch | undefined;
  private maxCarMps = 0;
  /** Landmark tables by mode bit (built on a route's first use; null when the graph is too large). */
  private readonly landmarkTables = new Map<number, Landmarks | null>();
  /** Contraction hierarchies and their query workspaces by mode bit (built on a route's first use). */
  private readonly hierarchies = new Map<number, HierarchySearch | null>();
  private buckets: StopBuckets | null | undefined;

  constructor(
    readonly columns: StreetColumns,
    stops: StopPoints,
    /** Street name of a string index ('' for 0). */
    readonly nameOf: (idx: number) => string = () => '',
    /** Build the hierarchies and stop buckets into shared memory (SharedArrayBuffer), for engines in other threads to view. Default false. */
    private readonly share = false,
  ) {
    this.nodeCount = columns.lat.length;
    this.edgeCount = columns.edgeTarget.length;
    this.kd = kdView(columns.kdIds, columns.kdCoords);
    this.stopKd = kdView(stops.kdIds, stops.kdCoords);
    this.stopLat = stops.lat;
    this.stopLon = stops.lon;
  }

  /** The shared search workspace (allocated on first use: five arrays of nodeCount). */
  get search(): StreetSearch {
    return (this.shared ??= new StreetSearch(this));
  }

  /** A new workspace, for callers that keep one search's results while running another. */
  createSearch(): StreetSearch {
    return new StreetSearch(this);
  }

  /** Where (lat, lon) meets the streets `mode` may use: the nearest point of a usable edge within `maxMetres` (default 1000), or null. */
  nearest(lat: number, lon: number, mode: StreetMode, maxMetres = ROUTE_SNAP_M): StreetSnap | null {
    const out = newSnap();
    return snapToStreet(this.columns, this.kd, lat, lon, modeBit(mode), maxMetres, out) ? out : null;
  }

  /**
   * Point-to-point route: walking by distance ignoring oneway, cycling by distance respecting
   * oneway (unless exempt), driving by time on edge speeds respecting oneway. Each end snaps to
   * the nearest usable edge within `maxSnapMetres`. Null when an end does not snap or the ends
   * are not connected. Runs on the shared workspace. Walking and cycling search the mode's
   * contraction hierarchy (`hierarchy`, built on the mode's first route) unless `method` says
   * 'landmarks' (A* with ALT bounds) or 'straight' (A* with the straight line alone): the same
   * cost every way; where shortest paths tie, the hierarchy may take another of them. Driving is A*.
   */
  route(from: LatLon, to: LatLon, mode: StreetMode, maxSnapMetres = ROUTE_SNAP_M, method: RouteMethod = 'hierarchy'): StreetPath | null {
    if (mode === 'car' || method === 'straight') return routeBetween(this.search, from, to, mode, maxSnapMetres, null);
    if (method === 'landmarks') return routeBetween(this.search, from, to, mode, maxSnapMetres, this.landmarks(mode));
    const hs = this.hierarchySearch(mode);
    return hs ? routeByHierarchy(this.search, hs, from, to, mode, maxSnapMetres) : routeBetween(this.search, from, to, mode, maxSnapMetres, this.landmarks(mode));
  }

  /**
   * The contraction hierarchy of walking or cycling: built on first use (0.8-2.3 s of CPU a mode on
   * Newport; into shared memory when the graph was made with `share`, for engines in other threads), or the one given to
   * `useHierarchy`; null for a graph of more than MAX_HIERARCHY_NODES. See docs/engine.md "Streets".
   */
  hierarchy(mode: 'walk' | 'bicycle'): ContractionHierarchy | null {
    return this.hierarchySearch(mode)?.ch ?? null;
  }

  /**
   * The stops' buckets on the walking hierarchy (StopBuckets: access and egress walks without a
   * Dijkstra over the whole radius), built on first use from `hierarchy('walk')` (40-80 ms of CPU and
   * 0.76 MiB on Newport; into shared memory with `share`), or those given to `useStopBuckets`; null
   * when there is no walking hierarchy.
   */
  stopBuckets(): StopBuckets | null {
    if (this.buckets === undefined) {
      const ch = this.hierarchy('walk');
      this.buckets = ch && StopBuckets.build(ch, this.columns.stopNode, undefined, this.share);
    }
    return this.buckets;
  }

  /** Answers walks on stop buckets built before over this graph's walking hierarchy (another engine's, in shared memory, given with that hierarchy to `useHierarchy`): viewed, not built again. */
  useStopBuckets(cols: StopBucketColumns): void {
    const ch = this.hierarchy('walk');
    const entries = cols.stop.length;
    const stopCount = this.columns.stopNode.length;
    // Stops in range too: a bucket's stop indexes the search's per-stop arrays (O(entries), once).
    const fits = cols.offsets.length === this.nodeCount + 1 && cols.offsets[this.nodeCount] === entries && [cols.metres, cols.arc, cols.next].every((c) => c.length === entries) && cols.stop.every((s) => s < stopCount);
    if (!ch || !fits) throw new SnapshotFormatError(`The stop buckets given to Engine.open (${cols.offsets.length - 1} nodes, ${entries} entries) do not fit this snapshot's ${this.nodeCount} street nodes and ${stopCount} stops${ch ? '' : ' and walking hierarchy'}: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    this.buckets = StopBuckets.view(ch, cols, stopCount);
  }

  /** Routes `mode` on a hierarchy built before over this graph (another engine's, in shared memory): viewed, not built again. */
  useHierarchy(mode: 'walk' | 'bicycle', cols: HierarchyColumns): void {
    if (cols.upOffsets.length !== this.nodeCount + 1) throw new SnapshotFormatError(`The ${mode} street hierarchy given to Engine.open covers ${cols.upOffsets.length - 1} nodes, not this snapshot's ${this.nodeCount}: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    this.hierarchies.set(modeBit(mode), new HierarchySearch(new ContractionHierarchy(cols), this.nodeCount));
  }

  private hierarchySearch(mode: 'walk' | 'bicycle'): HierarchySearch | null {
    const bit = modeBit(mode);
    if (!this.hierarchies.has(bit)) this.hierarchies.set(bit, this.nodeCount > MAX_HIERARCHY_NODES ? null : new HierarchySearch(ContractionHierarchy.build(this.columns, bit, this.share), this.nodeCount));
    return this.hierarchies.get(bit) ?? null;
  }

  /** The landmark tables of walking or cycling (built on first use, about 16 full Dijkstras; null when the graph is too large for them). */
  landmarks(mode: 'walk' | 'bicycle'): Landmarks | null {
    const bit = modeBit(mode);
    if (!this.landmarkTables.has(bit)) this.landmarkTables.set(bit, Landmarks.build(this.search, bit));
    return this.landmarkTables.get(bit) ?? null;
  }

  /**
   * The streets with a node inside the box as encoded polylines (a map's base layer; see
   * streetLinesInBox), at most about `maxPoints` points (`truncated` says when cut short).
   */
  linesInBox(minLat: number, minLon: number, maxLat: number, maxLon: number, maxPoints: number): StreetLines {
    return streetLinesInBox(this.columns, this.kd, minLat, minLon, maxLat, maxLon, maxPoints);
  }

  /** Fastest car speed on any edge, metres per second (the A* bound; found on first use). */
  get maxCarSpeedMps(): number {
    if (this.maxCarMps === 0) {
      let max = 1;
      const speeds = this.columns.edgeCarSpeed;
      for (let e = 0; e < speeds.length; e++) if (speeds[e] > max) max = speeds[e];
      this.maxCarMps = max / 3.6;
    }
    return this.maxCarMps;
  }
}
