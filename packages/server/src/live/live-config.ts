import { readFileSync } from 'node:fs';

/** One feed to poll: the URL with its API key already in it, and how often. */
export interface FeedConfig {
  url: string;
  intervalMs: number;
  timeoutMs: number;
  headers: Record<string, string>;
}

/** Which live feeds the server polls. */
export interface LiveConfig {
  /** SIRI-VM vehicle monitoring (Bus Open Data Service datafeed). */
  siriVm: FeedConfig | null;
  /** GTFS-realtime VehiclePositions. */
  gtfsRt: FeedConfig | null;
  /** SIRI-SX situations (Bus Open Data Service disruptions). */
  siriSx: FeedConfig | null;
  /** The capital's line status (`Line/Mode/{modes}/Status`). */
  lineStatus: FeedConfig | null;
  /** Vehicle positions older than this are dropped. */
  maxVehicleAgeS: number;
  /** Serve simulated demo feeds (demo dataset, no feed configured, not turned off). */
  simulate: boolean;
}

/** A live configuration that cannot be used; the message says what to fix. */
export class LiveConfigError extends Error {
  override readonly name = 'LiveConfigError';
}

/** Per feed: config-file key, environment prefix, the query parameter its key goes in, default interval. */
const FEEDS = {
  siriVm: { file: 'siri_vm', env: 'SIRI_VM', keyParam: 'api_key', intervalS: 10 },
  gtfsRt: { file: 'gtfs_rt', env: 'GTFS_RT', keyParam: 'api_key', intervalS: 10 },
  siriSx: { file: 'siri_sx', env: 'SIRI_SX', keyParam: 'api_key', intervalS: 60 },
  lineStatus: { file: 'line_status', env: 'LINE_STATUS', keyParam: 'app_key', intervalS: 60 },
} as const;
type FeedName = keyof typeof FEEDS;

/** Defaults: 10 s timeout per poll, vehicle fixes kept 5 minutes. */
export const DEFAULT_FEED_TIMEOUT_S = 10;
export const DEFAULT_MAX_VEHICLE_AGE_S = 300;

/** Help text for `transit serve`: every setting read here. */
export const LIVE_CONFIG_HELP = `Live feeds (all optional; with none, live data is off and says so; the demo simulates its own):
  SIRI_VM_URL, SIRI_VM_API_KEY, SIRI_VM_BBOX=minLon,minLat,maxLon,maxLat, SIRI_VM_INTERVAL_S (10)
  GTFS_RT_URL, GTFS_RT_API_KEY, GTFS_RT_INTERVAL_S (10)
  SIRI_SX_URL, SIRI_SX_API_KEY, SIRI_SX_INTERVAL_S (60)
  LINE_STATUS_URL, LINE_STATUS_APP_KEY, LINE_STATUS_INTERVAL_S (60)
  FEED_TIMEOUT_S (10), LIVE_MAX_AGE_S (300), LIVE_SIMULATE=false turns the demo's simulated feeds off
  --live-config FILE: JSON { "siri_vm": { "url", "api_key", "bbox", "interval_s", "timeout_s" },
  "gtfs_rt": {...}, "siri_sx": {...}, "line_status": { "url", "app_key", ... }, "max_vehicle_age_s",
  "simulate" }; environment variables override the file.`;

type FileFeed = { url?: unknown; api_key?: unknown; app_key?: unknown; bbox?: unknown; interval_s?: unknown; timeout_s?: unknown };

/**
 * Reads the live configuration from an optional JSON file and the environment (which wins).
 * `demo` says the demo dataset is served: then, with no feed configured, simulated feeds run.
 */
export function loadLiveConfig(options: { env: Record<string, string | undefined>; file?: string; demo: boolean }): LiveConfig {
  const { env } = options;
  const file = options.file ? readConfigFile(options.file) : {};
  const timeoutS = seconds(env.FEED_TIMEOUT_S, 'FEED_TIMEOUT_S') ?? DEFAULT_FEED_TIMEOUT_S;
  const feed = (name: FeedName): FeedConfig | null => {
    const spec = FEEDS[name];
    const f = (file[spec.file] ?? {}) as FileFeed;
    const url = env[`${spec.env}_URL`] || str(f.url, `${spec.file}.url`);
    if (!url) return null;
    const key = env[`${spec.env}_${spec.keyParam === 'app_key' ? 'APP_KEY' : 'API_KEY'}`] || str(f[spec.keyParam], `${spec.file}.${spec.keyParam}`);
    const bbox = name === 'siriVm' ? env.SIRI_VM_BBOX || str(f.bbox, 'siri_vm.bbox') : undefined;
    const interval = seconds(env[`${spec.env}_INTERVAL_S`], `${spec.env}_INTERVAL_S`) ?? seconds(f.interval_s, `${spec.file}.interval_s`) ?? spec.intervalS;
    const timeout = seconds(f.timeout_s, `${spec.file}.timeout_s`) ?? timeoutS;
    return { url: feedUrl(url, spec.keyParam, key, bbox, spec.env), intervalMs: interval * 1000, timeoutMs: timeout * 1000, headers: {} };
  };
  const config = {
    siriVm: feed('siriVm'),
    gtfsRt: feed('gtfsRt'),
    siriSx: feed('siriSx'),
    lineStatus: feed('lineStatus'),
    maxVehicleAgeS: seconds(env.LIVE_MAX_AGE_S, 'LIVE_MAX_AGE_S') ?? seconds(file.max_vehicle_age_s, 'max_vehicle_age_s') ?? DEFAULT_MAX_VEHICLE_AGE_S,
  };
  const anyFeed = config.siriVm || config.gtfsRt || config.siriSx || config.lineStatus;
  const simulateSetting = env.LIVE_SIMULATE ?? (file.simulate === undefined ? undefined : String(file.simulate));
  if (simulateSetting !== undefined && !/^(true|false|1|0)$/.test(simulateSetting)) throw new LiveConfigError(`LIVE_SIMULATE must be true or false; got '${simulateSetting.slice(0, 40)}'`);
  const simulate = options.demo && !anyFeed && !/^(false|0)$/.test(simulateSetting ?? 'true');
  return { ...config, simulate };
}

/** No live feeds at all (embedding, tests). */
export function noLiveConfig(): LiveConfig {
  return { siriVm: null, gtfsRt: null, siriSx: null, lineStatus: null, maxVehicleAgeS: DEFAULT_MAX_VEHICLE_AGE_S, simulate: false };
}

function feedUrl(url: string, keyParam: string, key: string | undefined, bbox: string | undefined, envName: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new LiveConfigError(`${envName}_URL is not a URL: '${url.slice(0, 100)}'`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new LiveConfigError(`${envName}_URL must be http or https; got ${u.protocol}`);
  if (key) u.searchParams.set(keyParam, key);
  if (bbox) {
    const parts = bbox.split(',').map(Number);
    const ok = parts.length === 4 && parts.every(Number.isFinite) && parts[0] < parts[2] && parts[1] < parts[3] && Math.abs(parts[0]) <= 180 && Math.abs(parts[1]) <= 90;
    if (!ok) throw new LiveConfigError(`SIRI_VM_BBOX must be minLon,minLat,maxLon,maxLat (e.g. -2.2,53.3,-0.9,54.0); got '${bbox.slice(0, 100)}'`);
    u.searchParams.set('boundingBox', parts.join(','));
  }
  return u.toString();
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new LiveConfigError(`cannot read live config ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
    return value as Record<string, unknown>;
  } catch (err) {
    throw new LiveConfigError(`live config ${path} is not valid: ${(err as Error).message}`);
  }
}

function str(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new LiveConfigError(`${name} must be a string`);
  return value;
}

/** A positive number of seconds (at most a day), or undefined when unset. */
function seconds(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!(n > 0 && n <= 86_400)) throw new LiveConfigError(`${name} must be a number of seconds from 0 to 86400 (exclusive of 0); got '${String(value).slice(0, 40)}'`);
  return n;
}
