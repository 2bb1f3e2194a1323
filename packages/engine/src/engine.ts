import { FOOTPATH_OPEN_ONLY_SECTIONS, SnapshotReader, TIMES_OPEN_ONLY_SECTIONS } from './snapshot/reader.js';
import { SnapshotFormatError } from './errors.js';
import { StringTable } from './snapshot/strings.js';
import { StopTable } from './stops/stop-table.js';
import { StationTable } from './stops/station-table.js';
import { SpatialIndex } from './spatial/spatial-index.js';
import { fillFromColumns, kdCoordsOf } from './spatial/kd-coords.js';
import type { StopStringColumns } from './stops/stop-strings.js';
import { kdView } from './spatial/kd-view.js';
import { PlaceIndex } from './places/place-index.js';
import { TimetableTables } from './timetable/timetable-tables.js';
import { formatDay } from './time.js';
import { QueryError } from './errors.js';
import { STOP_TYPE_CODES } from './stops/stop-table.js';
import type { BoardCall, BoardQuery, TripDetail, TripRef, TripSummary } from './api.js';
import type { DayNumber } from './time.js';
import { ServiceCalendar } from './trips/service-calendar.js';
import { TripDescriber } from './trips/trip-describer.js';
import { TripQueries } from './trips/trip-queries.js';
import { Boards } from './boards/boards.js';
import { checkEntryBounds, entryBoundColumns, type EntryBoundColumns } from './boards/entry-bounds.js';
import type { Page, Place, PlaceQuery, SnapshotInfo, SpatialQuery, Station, Stop, StopQuery } from './api.js';
import type { RouteDetail, RouteDetailQuery, RouteKind, RouteQuery, RouteSummary } from './api.js';
import { LineTable } from './routes/line-table.js';
import { RouteStops } from './routes/route-stops.js';
import { RouteIndex } from './routes/route-index.js';
import { VehicleMatcher } from './live/vehicle-matcher.js';
import { LiveOverlay, type MatchOptions } from './live/live-overlay.js';
import { liveBoard, type LiveBoardCall } from './live/live-board.js';
import { FareModel } from './fares/fare-model.js';
import { FareTables } from './fares/fare-tables.js';
import type { VehicleRecord } from './live/vehicle-record.js';
import { StreetGraph } from './streets/street-graph.js';
import { readStreetColumns } from './streets/street-columns.js';
import type { HierarchyColumns } from './streets/hierarchy.js';
import type { StopBucketColumns } from './streets/hierarchy-stops.js';
import { Planner } from './planner/planner.js';
import { JourneyPlanner, type PlanNotice } from './planner/journey-planner.js';
import { ItineraryBuilder } from './planner/itinerary-builder.js';
import { Coverage } from './planner/coverage.js';
import { StraightLineStreets, type StreetModel } from './planner/street-model.js';
import { OsmStreets } from './planner/osm-street-model.js';
import { TripPaths } from './shapes/trip-paths.js';
import type { PlanQuery, PlanResult } from './planner/planner-api.js';
import { RouteShapes } from './shapes/route-shapes.js';
import { ShapeCatalogue } from './shapes/shape-catalogue.js';
import { ShapeGeometries } from './shapes/shape-geometries.js';
import { readShapeGrid } from './shapes/shape-grid-sections.js';
import type { DerivedTripColumns } from './timetable/derived-columns.js';
import { footpathColumnsOf, Transfers, type FootpathColumns } from './planner/transfers.js';
import { TargetBounds } from './planner/target-bounds.js';
import { buildRelaxedGraph, checkRelaxedGraph, type RelaxedGraphColumns } from './planner/relaxed-graph.js';
import { buildLandmarkTables } from './planner/landmark-bounds.js';
import { checkLandmarkTables, LANDMARK_COUNT, type LandmarkTables } from './planner/landmark-tables.js';

/**
 * Tables an engine derives at open that engines over the same snapshot can view instead of
 * deriving their own (worker threads: `Engine.open(snapshot, { tables })`).
 */
export interface SharedTables {
  /**
   * The snapshot these were derived from (`snapshotKey`: schema and builder version, build time,
   * feed hashes): an engine given tables of another snapshot refuses them at open, whatever their
   * sizes (a rebuild of the same stop count would pass every size check); absent: not checked.
   */
  readonly snapshot?: string;
  readonly trips: DerivedTripColumns;
  /** The footpaths decoded from `transfers.packed`, with their walking seconds (8 bytes a footpath: 143 MB at 200 tiles), or null: each engine derives its own. */
  readonly footpaths: FootpathColumns | null;
  /** The street graph's walking and cycling contraction hierarchies (direct routes), or null without a street graph or one too large for them; absent: each engine builds its own. */
  readonly streetHierarchies?: { readonly walk: HierarchyColumns; readonly bicycle: HierarchyColumns } | null;
  /** The stops' buckets on the walking hierarchy (access and egress walks; 0.76 MiB on Newport), or null without that hierarchy; absent, or given without `streetHierarchies`: each engine builds its own. */
  readonly stopBuckets?: StopBucketColumns | null;
  /**
   * The planner's landmark tables (4 bytes a stop per landmark: 31 MiB at 200 tiles, seconds of CPU
   * to build), or null when the relaxed graph has none; absent or null: an engine given these builds its own.
   */
  readonly landmarks?: LandmarkTables | null;
  /**
   * The stop and place kd-trees' coordinates (16 bytes a point: 61 MiB at 200 tiles), derived
   * at open from the stops' and places' positions; each null when the snapshot stores it (before the
   * sixth session), the whole null when it stores both; absent: an engine given these derives its own.
   */
  readonly kdCoords?: { readonly stops: Float64Array | null; readonly places: Float64Array | null } | null;
  /**
   * The planner's relaxed graph (destination pruning: ride edges both ways, footpaths in when
   * copied, components; 37 MiB at 350 tiles, and 3 x 25 MiB of temporaries to build), or absent:
   * an engine given these builds its own.
   */
  readonly relaxedGraph?: RelaxedGraphColumns;
  /**
   * The boards' entry bounds (`boards/entry-bounds.ts`: 17 bytes a stop-pattern entry, 112 MiB of
   * address space at 350 tiles), zeroed, each stop filled by whichever thread boards it first; absent:
   * an engine given these makes its own on its first board.
   */
  readonly boardBounds?: EntryBoundColumns;
  /** Stop string columns expanded at open from the snapshot's dictionaries (4 bytes a stop each; stops/stop-strings.ts); absent or missing a column: an engine given these expands its own. */
  readonly stopStrings?: StopStringColumns;
}

/** Options of Engine.open. */
export interface OpenOptions {
  /** Derive the shared tables (`deriveSharedTables()`) into shared memory (SharedArrayBuffer), for other threads to view. Default false. */
  share?: boolean;
  /** The `deriveSharedTables()` of an engine opened with `share` over the same snapshot bytes: viewed, not derived again (checked for size only). The sections they are derived from (OPEN_ONLY_SECTIONS) are then never read, so the buffer may lack them. */
  tables?: SharedTables;
  /** When the snapshot buffer was read without OPEN_ONLY_SECTIONS (a server's shared copy): a buffer of the same size holding them at their offsets, read at open (and, without `share`, when the planner is first built). */
  openOnly?: ArrayBufferLike;
}

/**
 * A transit snapshot opened for queries. Construction is zero-copy: every column is a view over
 * the caller's buffer; queries are synchronous and allocate only their results.
 *
 * ```ts
 * const engine = Engine.open(buffer);
 * engine.stops({ near: { lat: 53.38, lon: -1.47, radius: 400 }, offset: 0, limit: 20 });
 * ```
 */
export class Engine {
  readonly strings: StringTable;
  readonly stopTable: StopTable;
  readonly stationTable: StationTable;
  readonly timetable: TimetableTables;
  readonly places: PlaceIndex;
  private readonly stopIndex: SpatialIndex;
  private readonly stopIndexKd: ReturnType<typeof kdView>;
  private readonly stationIndex: SpatialIndex;
  /** API routes (bus lines, train operators): views only; their query state is built on first use. */
  private readonly lineTable: LineTable;

  private constructor(readonly reader: SnapshotReader, options: OpenOptions) {
    const r = reader;
    if (options.tables?.snapshot !== undefined && options.tables.snapshot !== snapshotKey(r.header)) {
      throw new SnapshotFormatError(`The tables given to Engine.open were derived from another snapshot (${options.tables.snapshot}) than this one (${snapshotKey(r.header)}): pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    }
    this.share = options.share ?? false;
    this.givenHierarchies = options.tables?.streetHierarchies;
    this.givenStopBuckets = options.tables?.stopBuckets;
    this.strings = new StringTable(r.u8('strings.bytes'), r.u32('strings.offsets'));
    this.stopTable = new StopTable(r, this.strings, options.tables?.stopStrings, this.share);
    this.stationTable = new StationTable(r, this.strings);
    this.timetable = new TimetableTables(r, this.stopTable.count, options.tables?.trips, options.share ?? false);
    this.footpaths = options.tables ? options.tables.footpaths : options.share ? footpathColumnsOf(r, true) : null;
    const boardBounds = options.tables?.boardBounds;
    if (boardBounds) checkEntryBounds(boardBounds, this.timetable);
    this.boardBoundsCache = boardBounds;
    const graph = options.tables?.relaxedGraph;
    if (graph) checkRelaxedGraph(graph, this.stopTable.count);
    this.relaxedGraphCache = graph;
    const landmarks = options.tables?.landmarks;
    if (landmarks) checkLandmarkTables(landmarks, this.stopTable.count);
    this.landmarksCache = landmarks ?? undefined;
    const stopKdIds = r.u32('stops.kdIds');
    const stopKd = kdCoordsOf(r, 'stops', stopKdIds, this.stopTable.count, fillFromColumns(this.stopTable.lat, this.stopTable.lon), options.tables?.kdCoords?.stops ?? undefined, this.share);
    this.stopKdCoords = stopKd.coords;
    this.stopIndexKd = kdView(stopKdIds, stopKd.coords);
    this.stopIndex = new SpatialIndex(this.stopIndexKd, this.stopTable.lat, this.stopTable.lon);
    this.stationIndex = new SpatialIndex(kdView(r.u32('stations.kdIds'), r.f64('stations.kdCoords')), this.stationTable.lat, this.stationTable.lon);
    this.places = new PlaceIndex(r, this.strings, this.stopTable, this.stationTable, true, { stops: stopKd.coords, places: options.tables?.kdCoords?.places ?? undefined, shared: this.share });
    // Each tree's shared on its own: a snapshot may store one tree's coordinates and not the other's.
    const places = this.places.derivedKdCoords;
    this.kdCoords = stopKd.derived || places ? { stops: stopKd.derived ? stopKd.coords : null, places } : null;
    this.lineTable = new LineTable(r, this.strings);
  }

  /**
   * Opens a snapshot (ArrayBuffer or SharedArrayBuffer). Throws SnapshotFormatError with an exact
   * message when the bytes are not a readable snapshot, or `options.tables` do not fit them.
   */
  static open(buffer: ArrayBufferLike, options: OpenOptions = {}): Engine {
    const t = options.tables;
    // What the tables replace is refused: a buffer read without those sections is never read there by mistake.
    const refused = new Set(t ? [...(t.footpaths ? FOOTPATH_OPEN_ONLY_SECTIONS : []), ...(t.trips?.times ? TIMES_OPEN_ONLY_SECTIONS : [])] : []);
    return new Engine(new SnapshotReader(buffer, { openOnly: options.openOnly ?? null, refused }), options);
  }

  /**
   * The tables engines over the same snapshot in other threads view instead of deriving their own
   * (`Engine.open(snapshot, { tables })`): those derived at open, and those built here on the first
   * call when neither given at open nor built yet: the planner's landmark tables, the walking and
   * cycling street hierarchies and the stop buckets (seconds of CPU: 2.5-3.3 s on Newport's
   * streets, more at national size). Open with `share` so that they are in shared memory. A server
   * calls it once on its main engine, before its workers start, and they skip that work. Later calls
   * return the same object.
   */
  deriveSharedTables(): SharedTables {
    return (this.sharedTablesCache ??= {
      snapshot: snapshotKey(this.reader.header),
      trips: this.timetable.derived,
      footpaths: this.footpaths,
      ...this.sharedStreets(),
      relaxedGraph: this.relaxedGraph,
      landmarks: this.landmarkTables,
      // Made now (zeroed: no memory until filled), before this engine's first board, so that it boards on them too.
      boardBounds: (this.boardBoundsCache ??= entryBoundColumns(this.timetable, this.share)),
      kdCoords: this.kdCoords,
      stopStrings: this.stopTable.derivedStrings,
    });
  }
  private sharedTablesCache: SharedTables | undefined;


  /** The street hierarchies and stop buckets to share: built here on first call (2.5-3.3 s of CPU and 10.5 MiB on Newport: `node bench/journey-http-profile.js --hierarchy-only`; into shared memory when opened with `share`), or those given at open. */
  private sharedStreets(): Pick<SharedTables, 'streetHierarchies' | 'stopBuckets'> {
    const walk = this.streets?.hierarchy('walk');
    const bicycle = this.streets?.hierarchy('bicycle');
    const b = this.streets?.stopBuckets();
    // Plain columns, not the StopBuckets object (whose hierarchy a worker gets apart).
    const stopBuckets = b ? { limitM: b.limitM, offsets: b.offsets, stop: b.stop, metres: b.metres, arc: b.arc, next: b.next } : null;
    return { streetHierarchies: walk && bicycle ? { walk, bicycle } : null, stopBuckets };
  }
  private readonly share: boolean;
  /** The stop kd-tree's coordinates: the snapshot's section, or derived at open (or given) when it has none. */
  private readonly stopKdCoords: Float64Array;
  /** The kd coordinates derived at open or given (SharedTables.kdCoords); null when the snapshot stores them. */
  private readonly kdCoords: SharedTables['kdCoords'];

  /**
   * The planner's landmark tables, one copy per engine: given at open, else built once (by
   * `deriveSharedTables()`, a `share` engine's planner, or the first plan that needs them), into shared
   * memory with `share`; null when the relaxed graph is unusable. Built apart from the planner when
   * there is none yet (its relaxed graph is then dropped), so a server's main thread holds no planner.
   */
  private get landmarkTables(): LandmarkTables | null {
    if (this.landmarksCache === undefined) {
      const bounds = this.plannerCache?.bounds ?? new TargetBounds(this.timetable, this.transfers, this.relaxedGraph);
      this.landmarksCache = bounds.usable ? (bounds.landmarks ??= buildLandmarkTables(this.timetable, bounds, LANDMARK_COUNT, this.share)) : null;
    }
    return this.landmarksCache;
  }
  private landmarksCache: LandmarkTables | null | undefined;

  /**
   * The relaxed graph of the planner's target bounds, one per engine: given at open, else built
   * once (into shared memory with `share`) for the planner and the landmark tables alike.
   */
  private get relaxedGraph(): RelaxedGraphColumns {
    return (this.relaxedGraphCache ??= buildRelaxedGraph(this.timetable, this.transfers, this.share));
  }
  private relaxedGraphCache: RelaxedGraphColumns | undefined;
  /**
   * The engine's footpaths, one for the planner, its relaxed graph and the landmark tables: views
   * of the columns given or derived at open, else decoded here once, at first need.
   */
  private get transfers(): Transfers {
    return (this.transfersCache ??= new Transfers(this.reader, this.footpaths));
  }
  private transfersCache: Transfers | undefined;
  /** Footpath columns given at open or derived there into shared memory (`share`); null: decoded by `transfers` on first need. */
  private readonly footpaths: FootpathColumns | null;
  private readonly givenHierarchies: SharedTables['streetHierarchies'];
  private readonly givenStopBuckets: SharedTables['stopBuckets'];

  /** Provenance, coverage and entity counts of the snapshot. */
  get info(): SnapshotInfo {
    const h = this.reader.header;
    const tt = this.timetable;
    return {
      schemaVersion: h.schemaVersion,
      builderVersion: h.builderVersion,
      builtAt: h.builtAt,
      feeds: h.feeds,
      bbox: h.bbox,
      serviceDays: h.serviceDayCount > 0 ? { first: formatDay(h.firstServiceDay), last: formatDay(h.firstServiceDay + h.serviceDayCount - 1) } : null,
      counts: {
        stops: this.stopTable.count,
        stations: this.stationTable.count,
        settlements: this.places.settlementCount,
        postcodes: this.places.postcodeCount,
        agencies: h.agencies.length,
        routes: tt.routeCount,
        trips: tt.tripCount,
        patterns: tt.patternCount,
        services: tt.serviceCount,
        shapes: tt.shapeCount,
      },
    };
  }

  /** Bus, tram and rail stops near a point (nearest first, with distance) or inside a box. */
  stops(q: StopQuery): Page<Stop> {
    const wanted = q.types && q.types.length ? new Set(q.types.map((t) => STOP_TYPE_CODES.indexOf(t))) : null;
    const type = this.stopTable.type;
    const accept = wanted ? (idx: number) => wanted.has(type[idx]) : undefined;
    return this.page(this.stopIndex, q, (idx) => this.stopTable.get(idx), accept);
  }

  /** Rail stations near a point (nearest first, with distance) or inside a box. */
  stations(q: SpatialQuery): Page<Station> {
    return this.page(this.stationIndex, q, (idx) => this.stationTable.get(idx));
  }

  /** Free-text, nearby and in-box search over stops, stations, settlements and postcodes. */
  searchPlaces(q: PlaceQuery): Page<Place> {
    return this.places.search(q);
  }

  /** Dense index of a stop by ATCO code, or NOT_FOUND (-1). */
  findStop(atcocode: string): number {
    return this.stopTable.find(atcocode);
  }

  stop(stopIdx: number): Stop {
    return this.stopTable.get(stopIdx);
  }

  /** Dense index of a rail station by CRS code (any case), or NOT_FOUND (-1). */
  findStation(crsCode: string): number {
    return this.stationTable.find(crsCode);
  }

  station(stationIdx: number): Station {
    return this.stationTable.get(stationIdx);
  }

  /** Route (line) queries over the `lines.*` sections. */
  get routeIndex(): RouteIndex {
    return (this.routesCache ??= new RouteIndex(
      this.lineTable,
      this.timetable,
      this.strings,
      this.stationTable,
      new RouteStops(this.strings, this.stopTable, this.stationTable),
      { firstDay: this.reader.header.firstServiceDay, dayCount: this.reader.header.serviceDayCount },
    ));
  }
  private routesCache: RouteIndex | undefined;

  /** Bus routes (line number + operator) or rail routes (train operators) matching a search; see RouteQuery. */
  routes(q: RouteQuery): Page<RouteSummary> {
    return this.routeIndex.search(q);
  }

  /** Dense index of a bus route (`<operator code>-<line>`) or rail route (TOC code) by id, any case, or NOT_FOUND (-1). */
  findRoute(kind: RouteKind, routeId: string): number {
    return this.routeIndex.find(kind, routeId);
  }

  /** A route's directions, longest journey and one service day's journeys in departure order, paged. */
  route(routeIdx: number, q: RouteDetailQuery): RouteDetail {
    return this.routeIndex.detail(routeIdx, q);
  }

  /** Stop and station boards, opened on first use (scratch state lives here). */
  get boards(): Boards {
    return (this.boardsCache ??= new Boards(this.timetable, this.calendar, this.describer, this.stationTable, this.stopTable.count, this.boardBoundsCache));
  }
  private boardsCache: Boards | undefined;
  /** The boards' entry bound columns given at open or made for `deriveSharedTables` (shared memory with `share`); undefined: the boards make their own. */
  private boardBoundsCache: EntryBoundColumns | undefined;

  /** Service days of the snapshot: which services run on which date, and each date's reference instant. */
  get calendar(): ServiceCalendar {
    const h = this.reader.header;
    return (this.calendarCache ??= new ServiceCalendar(this.timetable.serviceDays, h.firstServiceDay, h.serviceDayCount, this.timetable.serviceDayRow));
  }
  private calendarCache: ServiceCalendar | undefined;

  private get describer(): TripDescriber {
    return (this.describerCache ??= new TripDescriber(this.timetable, this.strings, this.reader.header.agencies, this.stopTable, this.stationTable));
  }
  private describerCache: TripDescriber | undefined;

  private get tripQueries(): TripQueries {
    return (this.tripsCache ??= new TripQueries(this.timetable, this.strings, this.stopTable, this.stationTable, this.calendar, this.describer));
  }
  private tripsCache: TripQueries | undefined;

  /** Departures or arrivals at a stop in [q.from, q.to), earliest first (ties by trip_id), at most q.limit. */
  stopBoard(stopIdx: number, q: BoardQuery): BoardCall[] {
    return this.boards.stop(stopIdx, q);
  }

  /** Rail departures or arrivals at a station's platforms in [q.from, q.to), earliest first, at most q.limit. */
  stationBoard(stationIdx: number, q: BoardQuery): BoardCall[] {
    return this.boards.station(stationIdx, q);
  }

  /** Dense index of a trip by feed trip_id (exact), or NOT_FOUND (-1). */
  findTrip(tripId: string): number {
    return this.tripQueries.find(tripId);
  }

  /** A trip_id, else a dated reference `YYYY-MM-DD:trip_id` (a board's datedRef); null when neither names a trip. */
  resolveTrip(idOrRef: string): TripRef | null {
    return this.tripQueries.resolve(idOrRef);
  }

  /** A trip's calls on service day `day` (UK timestamps from that day's reference), or null when it does not run that day. */
  trip(tripIdx: number, day: DayNumber): TripDetail | null {
    return this.tripQueries.detail(tripIdx, day);
  }

  /** A trip's line, operator, destination and mode, whatever the date. */
  tripSummary(tripIdx: number): TripSummary {
    return this.describer.summary(tripIdx);
  }

  /** First service day at or after `day` on which the trip runs, or NaN when none. */
  nextTripDay(tripIdx: number, day: DayNumber): DayNumber {
    return this.tripQueries.nextRun(tripIdx, day);
  }

  /** Live vehicle matching state (index, path cache), built on first use. */
  get vehicleMatcher(): VehicleMatcher {
    return (this.matcherCache ??= new VehicleMatcher(this.timetable, this.strings, this.stopTable, this.calendar, (t) => this.describer.summary(t), (id) => this.findTrip(id), this.tripPaths));
  }
  private matcherCache: VehicleMatcher | undefined;

  /** Trip geometry (shape + stop placement, cached by pattern and shape), one per engine: shared by live matching, itineraries and route shapes. */
  private get tripPaths(): TripPaths {
    return (this.tripPathsCache ??= new TripPaths(this.timetable, this.strings, this.stopTable));
  }
  private tripPathsCache: TripPaths | undefined;

  /** Fare estimates for itineraries (`engine.fares.price(legs)`; docs/fares.md), built on first use. */
  get fares(): FareModel {
    return (this.faresCache ??= new FareModel(
      new FareTables(this.reader, this.stopTable.count, this.timetable.routeCount),
      this.timetable,
      this.reader.header.agencies,
      this.strings,
      this.stopTable,
    ));
  }
  private faresCache: FareModel | undefined;

  /** Matches live vehicle records onto journeys at `nowMs` (epoch ms): an immutable overlay to swap in whole. See docs/engine.md "Live vehicles". */
  matchVehicles(records: readonly VehicleRecord[], nowMs: number, options?: MatchOptions): LiveOverlay {
    return this.vehicleMatcher.match(records, nowMs, options);
  }

  /** A stop's departures or arrivals with live estimates from `overlay` (late journeys aimed before q.from included); see liveBoard. */
  liveStopBoard(stopIdx: number, q: BoardQuery, overlay: LiveOverlay): LiveBoardCall[] {
    return liveBoard((bq) => this.boards.stop(stopIdx, bq), q, overlay, stopIdx);
  }

  /** Transit search (RAPTOR, range RAPTOR) with its workspace, built on first use. */
  get planner(): Planner {
    // A `share` engine builds its landmark tables first (shared memory), for its planner to view as its workers do.
    return (this.plannerCache ??= new Planner(this.timetable, this.calendar, this.transfers, this.share ? this.landmarkTables : (this.landmarksCache ?? null), this.relaxedGraph));
  }
  private plannerCache: Planner | undefined;

  /** The routing coverage area, null for a snapshot built without one (plans anywhere). */
  get coverage(): Coverage | null {
    if (this.coverageCache === undefined) this.coverageCache = this.reader.has('coverage.points') ? new Coverage(this.reader, this.strings) : null;
    return this.coverageCache;
  }
  private coverageCache: Coverage | null | undefined;

  /** How street legs are modelled: the snapshot's street graph, else straight lines times DETOUR_FACTOR. */
  get streetModel(): StreetModel {
    if (!this.streetModelCache) {
      const straight = new StraightLineStreets(new SpatialIndex(this.stopIndexKd, this.stopTable.lat, this.stopTable.lon), this.stopTable);
      const graph = this.streets;
      this.streetModelCache = graph ? new OsmStreets(graph, this.stopTable, straight) : straight;
    }
    return this.streetModelCache;
  }
  private streetModelCache: StreetModel | undefined;

  private get journeyPlanner(): JourneyPlanner {
    const builder = () => new ItineraryBuilder(this.timetable, this.stopTable, this.strings, this.describer, this.tripPaths, this.planner.transfers, this.planner.days);
    return (this.journeyCache ??= new JourneyPlanner(this.planner, this.streetModel, builder(), this.coverage));
  }
  private journeyCache: JourneyPlanner | undefined;

  /**
   * Door-to-door journeys: transit itineraries (range RAPTOR, Pareto on start, end and
   * transfers) and direct street alternatives. Throws QueryError `outside_coverage` when an end
   * lies outside the snapshot's coverage area. See docs/engine.md "Planner".
   */
  planJourney(q: PlanQuery): PlanResult & { notices: PlanNotice[] } {
    return this.journeyPlanner.plan(q);
  }

  /**
   * Builds now what the first journey plan would otherwise build inside its request: the planner
   * and its workspace, the trip describer, the street model and the walking and cycling contraction
   * hierarchies of the direct routes (2.5-3.3 s of CPU and 9.7 MiB on Newport's streets, none
   * when given at open in `tables`). A server calls it
   * before it reports ready; plans answer the same with or without it.
   */
  prepareJourneys(): void {
    void this.journeyPlanner;
    this.planner.prepareBounds();
    if (!this.streets?.hierarchy('walk')) this.streets?.landmarks('walk');
    if (!this.streets?.hierarchy('bicycle')) this.streets?.landmarks('bicycle');
  }

  /**
   * The street graph for walking, cycling and driving (docs/engine.md "Streets"), or null when
   * the snapshot has no `streets.*` sections. Views only; its search workspace is allocated on
   * the first query.
   */
  get streets(): StreetGraph | null {
    if (this.streetsCache === undefined) {
      const cols = readStreetColumns(this.reader);
      const stops = { lat: this.stopTable.lat, lon: this.stopTable.lon, kdIds: this.reader.u32('stops.kdIds'), kdCoords: this.stopKdCoords };
      this.streetsCache = cols ? new StreetGraph(cols, stops, (i) => this.strings.get(i), this.share) : null;
      if (this.streetsCache && this.givenHierarchies) {
        this.streetsCache.useHierarchy('walk', this.givenHierarchies.walk);
        this.streetsCache.useHierarchy('bicycle', this.givenHierarchies.bicycle);
        // Bucket ranks are the given walking hierarchy's: viewed only beside it.
        if (this.givenStopBuckets) this.streetsCache.useStopBuckets(this.givenStopBuckets);
      }
    }
    return this.streetsCache;
  }
  private streetsCache: StreetGraph | null | undefined;

  /**
   * The distinct route geometries (each feed shape trips run along, else the line through their
   * stops) for drawing a map's route layer: `routeShapes.inBox(...)`. A query builds only the
   * geometries its box touches, through the grid of line pieces the snapshot stores (older snapshots: built by the first query; docs/engine.md "Route shapes").
   */
  get routeShapes(): RouteShapes {
    if (!this.routeShapesCache) {
      const paths = this.tripPaths;
      const describer = this.describer;
      const modeOf = (t: number) => describer.mode(t);
      const stored = readShapeGrid(this.reader, this.timetable.shapeCount);
      const geometries = new ShapeGeometries(this.timetable, this.strings, this.stopTable.lat, this.stopTable.lon, paths, modeOf, stored);
      this.routeShapesCache = new RouteShapes(this.timetable, paths, describer, geometries, () => ShapeCatalogue.build(this.timetable, paths, modeOf));
    }
    return this.routeShapesCache;
  }
  private routeShapesCache: RouteShapes | undefined;

  /** Runs a radius or box query and builds only the requested page of results. */
  private page<T extends { distance?: number }>(index: SpatialIndex, q: SpatialQuery, get: (idx: number) => T, accept?: (idx: number) => boolean): Page<T> {
    let total: number;
    if (q.near) total = index.within(q.near.lat, q.near.lon, q.near.radius, accept);
    else if (q.box) total = index.inBox(q.box, accept);
    else throw new QueryError('missing_parameter', 'Supply lat and lon, or a bounding box (min_lat, min_lon, max_lat, max_lon).');
    const items: T[] = [];
    const end = Math.min(total, q.offset + q.limit);
    for (let i = q.offset; i < end; i++) {
      const item = get(index.ids[i]);
      if (q.near) item.distance = Math.round(index.distances[i]);
      items.push(item);
    }
    return { total, items };
  }
}

/** What identifies a snapshot to the tables derived from it: schema and builder version, build time and the feeds' hashes. */
function snapshotKey(h: SnapshotReader['header']): string {
  return JSON.stringify([h.schemaVersion, h.builderVersion, h.builtAt, h.feeds.map((f) => f.sha256)]);
}
