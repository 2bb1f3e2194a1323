import { redactText } from '@transit/feeds';
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  acquireCacheLock,
  applyOverrides,
  BUILDER_VERSION,
  CacheLockedError,
  catalogueText,
  downloadSource,
  DownloadProgress,
  findRegion,
  formatBytes,
  KINDS,
  parseCoverage,
  parseOverride,
  readManifest,
  regionSources,
  REGIONS,
  selectOnly,
  type CacheLock,
  type DownloadOutcome,
  type Manifest,
  type Overrides,
  type Region,
  type SourceSpec,
} from '@transit/builder';
import { runBuildCli } from './build-command.js';
import { processIo, UsageError, type CliIo } from './cli-io.js';

export const FETCH_USAGE = `Usage: transit fetch REGION [options]     download a region's official public sources
       transit fetch --list [REGION]          the regions, their sources, URLs and licences

Regions: ${REGIONS.map((r) => r.name).join(', ')}

Options:
  --cache DIR          download folder (default .cache/fetch); a region's files go in DIR/REGION/
  --source NAME=URL    take source NAME from URL (repeatable); NAME=off skips it; a new name
                       starting with a kind adds a source (gtfs_rail=URL); rail_timetable=URL
                       adds the CIF rail timetable
  --only NAME,...      fetch only these sources (names, or kinds such as postcodes)
  --osm-mirror URL     OpenStreetMap extracts mirror (default https://download.geofabrik.de)
  --api-key KEY        Bus Open Data Service API key (default: env BODS_API_KEY); sent only to
                       data.bus-data.dft.gov.uk, never printed
  --timeout S          give up on a source after S seconds without data (default 60)
  --retries N          resume an interrupted download up to N more times (default 2)
  --build              then build the snapshot from the cached files
  --out FILE           snapshot written by --build (default DIR/REGION.snap)
  --coverage AREA      journey-planner coverage of --build instead of the region's:
                       minLat,minLon,maxLat,maxLon or a GeoJSON file; streets are cut to it (and
                       5 km around); for gb it also fetches the Great Britain OSM extract
  --quiet              no progress display
  -h, --help           this help

Unchanged sources are not downloaded again (ETag / Last-Modified); an interrupted download
resumes where it stopped. Exit status: 0 all fetched (and built), 1 a source or the build
failed (the other sources are still fetched), 2 usage error.
`;

/** Where `transit fetch` writes and what it reads (no signals: it runs to its end); tests pass their own. */
export type FetchIo = Pick<CliIo, 'out' | 'err' | 'env' | 'stderrIsTTY'>;

/** Test knobs: shorter waits. */
export interface FetchTuning {
  retryDelayMs?: number;
  progressEveryMs?: number;
}

/** `transit fetch ...`: returns the exit status; never throws for bad input or failed sources. */
export async function runFetchCli(argv: string[], rawIo: FetchIo = processIo(), tuning: FetchTuning = {}): Promise<number> {
  let apiKey: string | undefined;
  // Every line goes through redactText(): the key never reaches the terminal or a log.
  const io: FetchIo = { env: rawIo.env, stderrIsTTY: rawIo.stderrIsTTY, out: (t) => rawIo.out(redactText(t, apiKey)), err: (t) => rawIo.err(redactText(t, apiKey)) };
  let plan;
  try {
    plan = parseCommand(argv, rawIo.env);
  } catch (err) {
    io.err(`transit fetch: ${(err as Error).message}\n\n${FETCH_USAGE}`);
    return 2;
  }
  if (plan === 'help') {
    io.out(FETCH_USAGE);
    return 0;
  }
  apiKey = plan.apiKey;
  if (plan.coverage !== undefined) {
    try {
      await parseCoverage(plan.coverage);
    } catch (err) {
      io.err(`transit fetch: ${(err as Error).message}\n\n${FETCH_USAGE}`);
      return 2;
    }
  }
  if (plan.list) {
    io.out(catalogueText(plan.region, plan.sources, plan.coverage));
    return 0;
  }
  const dir = path.resolve(plan.cache, plan.region?.name ?? 'custom');
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    io.err(`transit fetch: cannot create the cache folder ${dir}: ${(err as Error).message}\n`);
    return 1;
  }
  let lock: CacheLock;
  try {
    lock = await acquireCacheLock(dir);
  } catch (err) {
    io.err(`transit fetch: ${err instanceof CacheLockedError ? err.message : `cannot lock the cache folder ${dir}: ${(err as Error).message}`}\n`);
    return 1;
  }
  if (lock.tookOverFrom !== null) io.err(`transit fetch: took over the lock of ${dir} left by a run that no longer runs${lock.tookOverFrom > 0 ? ` (pid ${lock.tookOverFrom})` : ''}.\n`);
  try {
    return await fetchInto(dir, plan, io, rawIo, tuning);
  } finally {
    await lock.release();
  }
}

/** Downloads the plan's sources into `dir` (locked by this run), then builds when asked. */
async function fetchInto(dir: string, plan: Plan, io: FetchIo, rawIo: FetchIo, tuning: FetchTuning): Promise<number> {
  const manifest = await readManifest(dir);
  const progress = new DownloadProgress(plan.quiet ? null : { write: io.err, isTTY: !!rawIo.stderrIsTTY }, tuning.progressEveryMs);
  io.out(`Fetching ${plan.fetch.length} source${plan.fetch.length === 1 ? '' : 's'}${plan.region ? ` of ${plan.region.name}` : ''} into ${dir}\n`);
  const outcomes = new Map<string, DownloadOutcome>();
  for (const spec of plan.fetch) {
    if (!plan.quiet) io.err(`  ${spec.name}: GET ${spec.url}\n`);
    const outcome = await downloadSource(spec, dir, manifest, {
      apiKey: plan.apiKey,
      timeoutMs: plan.timeoutS * 1000,
      retries: plan.retries,
      retryDelayMs: tuning.retryDelayMs,
      progress,
      userAgent: `transit-fetch/${BUILDER_VERSION}`,
    });
    outcomes.set(spec.name, outcome);
    report(spec, outcome, io);
  }
  const failed = [...outcomes.values()].filter((o) => o.status === 'failed').length;
  io.out(summary(outcomes, dir));
  if (!plan.build) return failed ? 1 : 0;
  const buildCode = await build(plan.sources, manifest, dir, plan.out ?? `${dir}.snap`, plan.coverage ?? plan.region?.coverage, io);
  return failed || buildCode ? 1 : 0;
}

interface Plan {
  region: Region | undefined;
  /** Every enabled source (what --build uses); `fetch` is what --only keeps of them. */
  sources: SourceSpec[];
  fetch: SourceSpec[];
  cache: string;
  apiKey: string | undefined;
  timeoutS: number;
  retries: number;
  build: boolean;
  out: string | undefined;
  /** `--coverage`: the build's coverage instead of the region's. */
  coverage: string | undefined;
  quiet: boolean;
  list: boolean;
}

function parseCommand(argv: string[], env: Record<string, string | undefined>): Plan | 'help' {
  const { values: a, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      cache: { type: 'string' },
      source: { type: 'string', multiple: true },
      only: { type: 'string' },
      'osm-mirror': { type: 'string' },
      'api-key': { type: 'string' },
      timeout: { type: 'string' },
      retries: { type: 'string' },
      build: { type: 'boolean' },
      out: { type: 'string' },
      coverage: { type: 'string' },
      quiet: { type: 'boolean' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (a.help) return 'help';
  if (positionals.length > 1) throw new UsageError(`one region at a time, got ${positionals.join(' ')}.`);
  const region = positionals[0] === undefined ? undefined : findRegion(positionals[0]);
  if (positionals[0] !== undefined && !region) throw new UsageError(`unknown region '${positionals[0]}' (regions: ${REGIONS.map((r) => r.name).join(', ')}).`);
  const overrides: Overrides = new Map();
  for (const s of a.source ?? []) parseOverride(s, overrides);
  if (a['osm-mirror'] !== undefined && !/^https?:\/\//i.test(a['osm-mirror'])) throw new UsageError('--osm-mirror must be an http:// or https:// URL.');
  const sources = applyOverrides(region ? regionSources(region, a['osm-mirror'], a.coverage !== undefined) : [], overrides);
  if (!region && !a.list && !sources.length) throw new UsageError('give a region (or sources with --source NAME=URL).');
  const fetch = a.only ? selectOnly(sources, a.only.split(',')) : sources;
  const timeoutS = a.timeout === undefined ? 60 : Number(a.timeout);
  if (!(timeoutS > 0)) throw new UsageError(`--timeout must be a positive number of seconds, got ${JSON.stringify(a.timeout)}.`);
  const retries = a.retries === undefined ? 2 : Number(a.retries);
  if (!Number.isInteger(retries) || retries < 0) throw new UsageError(`--retries must be a whole number, got ${JSON.stringify(a.retries)}.`);
  if (a.out && !a.build) throw new UsageError('--out is the snapshot of --build: give --build too.');
  return {
    region,
    sources,
    fetch,
    cache: a.cache ?? path.join('.cache', 'fetch'),
    apiKey: a['api-key'] || env.BODS_API_KEY || undefined,
    timeoutS,
    retries,
    build: !!a.build,
    out: a.out,
    coverage: a.coverage,
    quiet: !!a.quiet,
    list: !!a.list,
  };
}

function report(spec: SourceSpec, o: DownloadOutcome, io: FetchIo): void {
  const name = spec.name.padEnd(22);
  if (o.status === 'fetched') {
    const how = o.resumedFrom ? `resumed    ${formatBytes(o.entry.bytes)} (from ${formatBytes(o.resumedFrom)})` : `fetched    ${formatBytes(o.entry.bytes)}`;
    io.out(`  ${name}${how} in ${o.seconds.toFixed(1)} s, sha256 ${o.entry.sha256.slice(0, 12)}\n`);
  } else if (o.status === 'unchanged') {
    io.out(`  ${name}unchanged  ${formatBytes(o.entry.bytes)} (not modified since ${o.entry.fetchedAt.slice(0, 16).replace('T', ' ')} UTC)\n`);
  } else {
    const kept = o.cached ? `; keeping the copy fetched ${o.cached.fetchedAt.slice(0, 16).replace('T', ' ')} UTC` : '';
    io.err(`transit fetch: ${spec.name} failed: ${o.error} (${spec.url})${kept}\n`);
  }
}

function summary(outcomes: Map<string, DownloadOutcome>, dir: string): string {
  const list = [...outcomes.values()];
  const fetched = list.filter((o) => o.status === 'fetched');
  const bytes = fetched.reduce((n, o) => n + (o.status === 'fetched' ? o.entry.bytes - o.resumedFrom : 0), 0);
  const unchanged = list.filter((o) => o.status === 'unchanged').length;
  const failed = list.filter((o) => o.status === 'failed').length;
  return `${fetched.length} fetched (${formatBytes(bytes)} downloaded), ${unchanged} unchanged, ${failed} failed; files in ${dir}\n`;
}

/** Runs `transit build` on the cached files of every enabled source (fresh or kept from before). */
async function build(sources: SourceSpec[], manifest: Manifest, dir: string, out: string, coverage: string | undefined, io: FetchIo): Promise<number> {
  const args: string[] = [];
  const missing: string[] = [];
  for (const s of sources) {
    const entry = manifest.sources[s.name];
    const file = path.join(dir, s.file);
    if (entry && entry.url === s.url && existsSync(file)) args.push(KINDS[s.kind].flag, file);
    else if (s.required) missing.push(s.name);
  }
  if (missing.length) {
    io.err(`transit fetch: not building: no cached ${missing.join(', ')} (required; turn one off with --source NAME=off).\n`);
    return 1;
  }
  if (!args.length) {
    io.err('transit fetch: not building: nothing in the cache.\n');
    return 1;
  }
  if (coverage) args.push('--coverage', coverage);
  args.push('--out', out);
  io.out(`Building: transit build ${args.map((x) => (/[\s,]/.test(x) ? JSON.stringify(x) : x)).join(' ')}\n`);
  return runBuildCli(args);
}
