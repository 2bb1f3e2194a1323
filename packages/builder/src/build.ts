import { openSync, closeSync, renameSync, rmSync } from 'node:fs';
import { openSource, memorySource, type FeedSource } from './source/feed-source.js';
import { parseNaptan } from './naptan/parse-naptan.js';
import { parseRailStations } from './rail/parse-rail-stations.js';
import { parsePostcodes } from './places/parse-postcodes.js';
import { parseNptgLocalities } from './places/parse-nptg.js';
import { parseGtfs } from './gtfs/parse-gtfs.js';
import { parseGtfsFeedFares } from './fares/parse-gtfs-feed-fares.js';
import { parseCif } from './rail/cif/parse-cif.js';
import { newDataset, compileSections } from './compile/compile-snapshot.js';
import { SnapshotWriter, type HeaderInput } from './write/snapshot-writer.js';
import { generateDemo } from './demo/index.js';
import { coverageBox, parseCoverage, type CoverageArea } from './coverage/parse-coverage.js';
import { StopTimeStore } from './gtfs/stop-time-store.js';
import { readFareFiles, DEFAULT_FARE_FILE } from './fares/read-fare-files.js';
import { readStreets } from './osm/read-streets.js';
import { Progress, logMemory } from './progress.js';
import { BuildError, type IssueLog } from './issues.js';
import type { Dataset } from './dataset.js';

export interface BuildOptions {
  /** GTFS zips or folders (bus, coach, tram, rail), merged. */
  gtfs?: string[];
  /** NaPTAN Stops.csv files (area or national). */
  naptan?: string[];
  /** NPTG Localities.csv files; without them settlements come from NaPTAN localities. */
  nptg?: string[];
  /** Postcode centroid CSVs. */
  postcodes?: string[];
  /** Rail station CSVs (CRS, name, position). */
  railStations?: string[];
  /** RDG/ATOC CIF rail timetables: zips (e.g. RJTTF001.ZIP) or folders holding an .MCA and .MSN. */
  cif?: string[];
  /** Fare files (JSON, docs/fares.md), merged in order; default the bundled South and West Yorkshire file. [] builds without fares. */
  fares?: string[];
  /** OpenStreetMap PBF extracts (.osm.pbf), merged: the street network for walking, cycling and driving. */
  osm?: string[];
  /** Include the generated demo dataset (true, or with a seed). */
  demo?: boolean | { seed?: number };
  /** Any feed issue aborts the build. */
  strict?: boolean;
  /** No progress display. */
  quiet?: boolean;
  /** Fixed build time (ISO) for reproducible output. */
  builtAt?: string;
  /** Journey-planner coverage: `minLat,minLon,maxLat,maxLon` or a GeoJSON polygon file; default South and West Yorkshire. */
  coverage?: string;
  /** Folder for the stop times' temp file (sorted runs, removed when the build ends); default os.tmpdir(). */
  tmpDir?: string;
  /** Stop times held in memory before a sorted run is spilled, at most; default DEFAULT_RUN_ROWS (runs start smaller: stop-time-store.ts; tests force the spill with a small one). */
  stopTimeRunRows?: number;
}

export interface BuildResult {
  bytes: Uint8Array;
  issues: IssueLog;
}

type Parser = (ds: Dataset, source: FeedSource, progress?: Progress) => Promise<void>;

/** How far beyond the coverage's bounding box OSM streets are kept, metres. */
export const STREET_MARGIN_M = 5_000;

/**
 * Parses every input and compiles one snapshot. Order matters: NaPTAN first (GTFS stops are
 * enriched from it), then stations, localities, postcodes, CIF rail timetables (their TIPLOCs
 * map to CRS through the stations), then GTFS feeds.
 */
export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  const { writer, header, issues } = await compileInputs(options);
  return { bytes: writer.toBytes(header), issues };
}

/** What `buildSnapshotFile` wrote. */
export interface BuildFileResult {
  /** The snapshot file's length. */
  byteLength: number;
  issues: IssueLog;
}

/**
 * `buildSnapshot` straight into `file`, section by section: the snapshot is never joined into
 * one buffer, so the build peaks lower by about the snapshot's size (national builds). Written
 * to `file.tmp-<pid>` and renamed, so a failed build leaves no half-written snapshot.
 */
export async function buildSnapshotFile(options: BuildOptions, file: string): Promise<BuildFileResult> {
  const tmp = `${file}.tmp-${process.pid}`;
  const fd = writing(file, () => openSync(tmp, 'w+')); // before the long parses: an unwritable place fails fast
  let open = true;
  try {
    // Each section goes to the file as it is compiled: the writer never holds them all.
    const writer = SnapshotWriter.streamingTo(fd);
    const { header, issues } = await compileInputs(options, writer);
    const byteLength = writing(file, () => writer.finish(header));
    closeSync(fd);
    open = false;
    writing(file, () => renameSync(tmp, file));
    return { byteLength, issues };
  } catch (err) {
    if (open) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** `write()`, its error said as which file cannot be written. */
function writing<T>(file: string, write: () => T): T {
  try {
    return write();
  } catch (err) {
    throw new BuildError(`cannot write ${file}: ${(err as Error).message}`);
  }
}

/** Parses every input into a dataset and compiles its sections into `writer` (the dataset is garbage afterwards). */
async function compileInputs(options: BuildOptions, writer = new SnapshotWriter()): Promise<{ writer: SnapshotWriter; header: HeaderInput; issues: IssueLog }> {
  const coverage = options.coverage ? await parseCoverage(options.coverage) : undefined; // fail fast, before the long parses
  const ds = newDataset({ strict: options.strict });
  ds.timetable.st = new StopTimeStore({ runRows: options.stopTimeRunRows, tmpDir: options.tmpDir });
  try {
    return await compileDataset(ds, options, coverage, writer);
  } finally {
    ds.timetable.releaseStopTimes(); // a failed build leaves no temp file (a finished one has none left)
  }
}

/** compileInputs once the dataset exists. */
async function compileDataset(ds: Dataset, options: BuildOptions, coverage: CoverageArea | undefined, writer: SnapshotWriter): Promise<{ writer: SnapshotWriter; header: HeaderInput; issues: IssueLog }> {
  const progress = Progress.forStderr(options.quiet ?? false);
  const feeds: { kind: string; name: string; sha256: string; bytes: number }[] = [];
  const demo = options.demo ? generateDemo(typeof options.demo === 'object' ? options.demo : {}) : null;
  const fares = await readFareFiles(options.fares ?? [DEFAULT_FARE_FILE]); // before any feed: a bad fare file fails fast
  ds.fares.file = fares.fares;
  feeds.push(...fares.feeds);

  const use = async (kind: string, source: FeedSource, parse: Parser) => {
    // The source is hashed on a worker thread while this one parses it; a failed parse stops the
    // hashing and waits for its worker to end (no file left open).
    const hashing = new AbortController();
    const fingerprint = source.fingerprint(hashing.signal);
    fingerprint.catch(() => undefined); // awaited below: a failure while the parse runs is not unhandled
    try {
      logMemory(`open ${source.name}`);
      await parse(ds, source, progress);
      feeds.push({ kind, name: source.name, ...(await fingerprint) });
      logMemory(`fingerprinted ${source.name}`);
    } catch (err) {
      hashing.abort();
      await fingerprint.catch(() => undefined);
      throw err;
    } finally {
      source.close();
    }
  };
  const each = async (kind: string, paths: string[] | undefined, parse: Parser) => {
    for (const p of paths ?? []) await use(kind, await openSource(p), parse);
  };

  if (demo) await use('demo', memorySource('demo-naptan', new Map([['Stops.csv', demo.naptan]])), parseNaptan);
  await each('naptan', options.naptan, parseNaptan);
  if (demo) await use('demo', memorySource('demo-rail-stations', new Map([['stations.csv', demo.railStations]])), parseRailStations);
  await each('rail-stations', options.railStations, parseRailStations);
  await each('nptg', options.nptg, parseNptgLocalities);
  if (demo) await use('demo', memorySource('demo-postcodes', new Map([['postcodes.csv', demo.postcodes]])), parsePostcodes);
  await each('postcodes', options.postcodes, parsePostcodes);
  await each('cif', options.cif, parseCif); // after stations (TIPLOC -> CRS, positions), before GTFS

  let feedNo = 0;
  const gtfs: Parser = async (d, source, p) => {
    const ctx = { ds: d, tt: d.timetable, source, feed: String(feedNo++), progress: p };
    await parseGtfs(ctx);
    await parseGtfsFeedFares(ctx);
  };
  if (demo) await use('demo', memorySource('demo-gtfs', demo.gtfs), gtfs);
  await each('gtfs', options.gtfs, gtfs);
  // With a coverage, streets are cut to it (and a margin for walks that leave it a little):
  // a national OSM extract for a city's coverage never makes a national street graph.
  const within = coverage ? coverageBox(coverage, STREET_MARGIN_M) : undefined;
  const streets = await readStreets(options.osm ?? [], demo ? [{ name: 'demo-streets.osm.pbf', bytes: demo.osm }] : [], progress, within);
  if (within && streets.streets && streets.streets.wayAccess.length === 0) {
    // An extract of another area: no streets rather than an empty graph that no walk could use.
    const message = `no OpenStreetMap way reaches the coverage (or ${STREET_MARGIN_M / 1000} km around it): built without streets, walks are straight lines`;
    ds.issues.add({ code: 'osm_outside_coverage', severity: 'warning', file: streets.feeds.map((f) => f.name).join(', '), line: 0, entityId: '', field: 'coverage', value: options.coverage ?? '', message });
    streets.streets = null;
  }
  feeds.push(...streets.feeds);

  const { header } = await compileSections(ds, { feeds, builtAt: options.builtAt, coverage, streets: streets.streets, progress, writer });
  return { writer, header, issues: ds.issues };
}
