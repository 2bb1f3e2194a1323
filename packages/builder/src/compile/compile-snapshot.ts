import { StringPool } from '../write/string-pool.js';
import { SnapshotWriter, type HeaderInput } from '../write/snapshot-writer.js';
import { IssueLog } from '../issues.js';
import { TimetableModel } from '../gtfs/timetable-model.js';
import type { Dataset } from '../dataset.js';
import type { Progress } from '../progress.js';
import { selectStops, refineStopKinds, selectStations, writeStops, writeStations } from './compile-stops.js';
import { compilePatterns } from './compile-patterns.js';
import { compileTowards } from './compile-towards.js';
import { writeTimetable } from './write-timetable.js';
import { writeShapeGrid } from './write-shape-grid.js';
import { compileLines } from './compile-lines.js';
import { writeTransfers, streetTransferDistanceOf } from './compile-transfers.js';
import { compileStreets } from '../streets/compile-streets.js';
import type { OsmStreets } from '../osm/osm-streets.js';
import { writeCoverage } from '../coverage/write-coverage.js';
import { SOUTH_AND_WEST_YORKSHIRE } from '../coverage/default-coverage.js';
import type { CoverageArea } from '../coverage/parse-coverage.js';
import { modeBitOf } from './route-modes.js';
import { compilePlaces } from '../places/compile-places.js';
import { writePlacePages, writePlacePagesOnTwoThreads } from '../places/write-place-pages.js';
import { deriveSettlements } from '../places/derive-settlements.js';
import { GtfsFareModel } from '../fares/gtfs-fare-model.js';
import { GtfsFaresV2Model } from '../fares/gtfs-fares-v2-model.js';
import { writeFares } from '../fares/compile-fares.js';
import { PostcodeColumns } from '../places/postcode-columns.js';
import { StopTable } from '../stop-table.js';

/** Version of the snapshot's section schema (bump when sections change meaning). */
export const SCHEMA_VERSION = 1;
export const BUILDER_VERSION = '0.1.0';

/** An empty dataset for parsers to fill. */
export function newDataset(opts: { strict?: boolean } = {}): Dataset {
  return {
    pool: new StringPool(),
    issues: new IssueLog(opts.strict),
    stops: new StopTable(),
    stations: new Map(),
    settlements: new Map(),
    postcodes: new PostcodeColumns(),
    timetable: new TimetableModel(),
    fares: { file: null, gtfs: new GtfsFareModel(), v2: new GtfsFaresV2Model() },
  };
}

export interface CompileOptions {
  feeds?: { kind: string; name: string; sha256: string; bytes: number }[];
  /** Fixed build time (ISO), for reproducible snapshots; default now. */
  builtAt?: string;
  /** Routing coverage area of the journey planner; default South and West Yorkshire. */
  coverage?: CoverageArea;
  /** The street network read from OpenStreetMap (and the demo); none: no `streets.*` sections. */
  streets?: OsmStreets | null;
  /** Names each compile step on the progress line (long national builds). */
  progress?: Progress;
  /** One-word place queries with at least this many postings get a stored first page (write-place-pages.ts); Infinity: none. */
  placePageMinPostings?: number;
  /** The writer to add the sections to (a streaming one writes them to its file as they come); default a new one in memory. */
  writer?: SnapshotWriter;
  /** Prefixes of place names whose search visits at least this many weighted postings get a stored first page too; Infinity: none. */
  placePageMinWork?: number;
}

/** Compiles a parsed dataset into snapshot bytes, all on this thread. */
export function compileSnapshot(ds: Dataset, opts: CompileOptions = {}): Uint8Array {
  const { writer, header } = compileSectionsBeforePages(ds, opts);
  writePlacePages(writer, opts.placePageMinPostings, opts.placePageMinWork);
  opts.progress?.compiled();
  return writer.toBytes(header);
}

/**
 * Compiles a parsed dataset into its sections and header, for `SnapshotWriter.toBytes`, or into
 * `opts.writer`'s file as they come (`SnapshotWriter.streamingTo`, ended by `finish`). Nothing
 * else of the compile outlives it. The same sections as compileSnapshot; the place pages of a
 * large snapshot are computed on two threads, awaited (a worker that dies rejects, never hangs).
 */
export async function compileSections(ds: Dataset, opts: CompileOptions = {}): Promise<{ writer: SnapshotWriter; header: HeaderInput }> {
  const out = compileSectionsBeforePages(ds, opts);
  await writePlacePagesOnTwoThreads(out.writer, opts.placePageMinPostings, opts.placePageMinWork);
  opts.progress?.compiled();
  return out;
}

/** Every section but the stored place pages (the last ones written: they read the place sections and strings). */
function compileSectionsBeforePages(ds: Dataset, opts: CompileOptions): { writer: SnapshotWriter; header: HeaderInput } {
  const w = opts.writer ?? new SnapshotWriter();
  const step = (label: string) => opts.progress?.step(label);
  step('stops and patterns');
  const { stops, denseStop } = selectStops(ds);
  const patterns = compilePatterns(ds.timetable, denseStop, ds.issues);
  const modes = new Uint8Array(stops.size);
  for (let pat = 0; pat < patterns.patternRoute.length; pat++) {
    const bit = modeBitOf(ds.timetable.routes[patterns.patternRoute[pat]].type);
    for (let i = patterns.patternStopOffsets[pat]; i < patterns.patternStopOffsets[pat + 1]; i++) modes[patterns.patternStops[i]] |= bit;
  }
  refineStopKinds(stops, modes);
  const { towards, towardsNext } = compileTowards(patterns, ds.timetable.trips, stops, ds.pool);
  writeStops(ds, w, stops, modes, towards, towardsNext);
  step('streets and transfers');
  const stopLat = stops.lat.view().slice();
  const stopLon = stops.lon.view().slice();
  const streets = opts.streets ? compileStreets(opts.streets, w, ds.pool, Array.from(stopLat, (lat, i) => ({ lat, lon: stopLon[i] }))) : null;
  writeTransfers(w, stopLat, stopLon, modes, streets ? streetTransferDistanceOf(streets, stopLat, stopLon, (i) => ds.pool.get(i)) : undefined);
  const stations = selectStations(ds, stops);
  writeStations(ds, w, stations, stops);
  step('timetable');
  const calendar = writeTimetable(ds, w, patterns, stops.size);
  step('lines and fares');
  compileLines(ds, w, patterns);
  writeFares(ds, w, stops);
  ds.timetable.releaseTimetable(); // the dataset is spent: its stop times are gone already
  step('places');
  if (ds.settlements.size === 0) deriveSettlements(ds);
  compilePlaces(ds, w, stops, stations);
  writeCoverage(w, ds.pool, opts.coverage ?? SOUTH_AND_WEST_YORKSHIRE);
  step('strings and snapshot bytes');
  const strings = ds.pool.compile();
  w.add('strings.bytes', strings.bytes).add('strings.offsets', strings.offsets);
  writeShapeGrid(w);
  step('place pages');
  const header: HeaderInput = {
    schemaVersion: SCHEMA_VERSION,
    builderVersion: BUILDER_VERSION,
    builtAt: opts.builtAt ?? new Date().toISOString(),
    feeds: opts.feeds ?? [],
    bbox: bboxOf(stops, stations),
    firstServiceDay: calendar.firstDay,
    serviceDayCount: calendar.dayCount,
    timezone: 'Europe/London',
    agencies: ds.timetable.agencies,
  };
  return { writer: w, header };
}

function bboxOf(stops: StopTable, stations: { lat: number; lon: number }[]) {
  let minLat = 90, minLon = 180, maxLat = -90, maxLon = -180;
  const add = (lat: number, lon: number) => {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  };
  for (let i = 0; i < stops.size; i++) add(stops.lat.get(i), stops.lon.get(i));
  for (const p of stations) add(p.lat, p.lon);
  return minLat > maxLat ? { minLat: 0, minLon: 0, maxLat: 0, maxLon: 0 } : { minLat, minLon, maxLat, maxLon };
}
