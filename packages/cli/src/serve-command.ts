import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import {
  ENDPOINTS,
  LIVE_CONFIG_HELP,
  ListenError,
  LiveConfigError,
  LiveMetrics,
  loadApiKeys,
  loadLiveConfig,
  processGauges,
  readSnapshotBytes,
  readSnapshotApart,
  reloadApiKeys,
  RequestMetrics,
  routeLabels,
  serveInProcess,
  serveInWorkers,
  startMetricsServer,
  TierConfigError,
  TierTable,
  type ServeSetup,
  type Serving,
} from '@transit/server';
import { UsageError, type CliIo } from './cli-io.js';

/** Printed by `transit serve` when it accepts requests and signals (SIGHUP, SIGTERM, SIGINT). */
export const READY_LINE = 'Ready: SIGHUP reloads, SIGTERM stops.';

/** Help of `transit serve`. */
export const SERVE_USAGE = `Usage: transit serve [--snapshot FILE | --demo] [--port N] [--host H] [--keys FILE] [--live-config FILE] [--workers N]

Options:
  --snapshot FILE   snapshot to serve (from \`transit build\`)
  --demo            serve the generated demo dataset (the default without --snapshot)
  --port N          TCP port, 0 for any free one (env PORT; default 8080)
  --host H          interface to listen on (env HOST; default 127.0.0.1)
  --keys FILE       API keys file: JSON or YAML list of { key | key_sha256, name, tier, enabled, allow }
                    (env API_KEYS_FILE); \`transit keys\` writes it
  --live-config F   live feeds (JSON; see below; env LIVE_CONFIG)
  --workers N       serving threads sharing one snapshot in memory (env WORKERS; default auto =
                    one per core; 1 serves from the main thread)
  --metrics-port N  serve Prometheus metrics at http://HOST:N/metrics (env METRICS_PORT; default off)
  --access-log      a JSON line per request on standard output (env ACCESS_LOG=true)
  --redis URL       share rate-limit counts with other replicas through Redis (env REDIS_URL)
  -h, --help        this help

Environment:
  API_KEYS          key:tier,key:tier (tier optional, default free). Without any key configured,
                    a random key (tier standard) is generated and printed.
  RATE_LIMIT_TIERS  name:perMinute,... replacing or adding tiers (0 = unlimited). Built in:
                    free:60, standard:600, premium:6000, unlimited:0.

Signals: SIGHUP reloads the snapshot file without dropping a request, and the keys file (a file
that cannot be read or names an unknown tier is refused and the previous keys kept); SIGTERM or
SIGINT stop accepting, let the answers being written finish (at most 5 s), close the connections
and exit by that signal (as PID 1, where no signal can end the process, with status 0).

${LIVE_CONFIG_HELP}
`;

/** Parsed `transit serve` options. */
export interface ServeOptions {
  snapshot: string | null;
  port: number;
  host: string;
  keysFile?: string;
  liveConfigFile?: string;
  /** Serving threads: 1 serves from the main thread; more start worker threads. */
  workers: number;
  /** Port of the Prometheus /metrics listener; null: none. */
  metricsPort: number | null;
  /** A JSON access log line per request on standard output. */
  accessLog: boolean;
  /** Redis shared by the replicas for rate-limit counts; null: this process only. */
  redisUrl: string | null;
  help: boolean;
}

/** Parses `transit serve` arguments and PORT/HOST; throws UsageError for anything malformed. */
export function parseServeArgs(argv: string[], env: Record<string, string | undefined>): ServeOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      snapshot: { type: 'string' },
      demo: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      keys: { type: 'string' },
      'live-config': { type: 'string' },
      workers: { type: 'string' },
      'metrics-port': { type: 'string' },
      'access-log': { type: 'boolean' },
      redis: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.snapshot !== undefined && values.demo) throw new UsageError('give --snapshot FILE or --demo, not both');
  const portText = values.port ?? (env.PORT || '8080');
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`port must be an integer from 0 to 65535; got '${portText}'`);
  const host = values.host ?? (env.HOST || '127.0.0.1');
  const workersText = values.workers ?? (env.WORKERS || 'auto');
  const workers = workersText === 'auto' ? availableParallelism() : /^\d{1,3}$/.test(workersText) ? Number(workersText) : NaN;
  if (!(workers >= 1 && workers <= 256)) throw new UsageError(`workers must be 'auto' or an integer from 1 to 256; got '${workersText}'`);
  const metricsText = values['metrics-port'] ?? (env.METRICS_PORT || null);
  const metricsPort = metricsText === null ? null : /^\d{1,5}$/.test(metricsText) && Number(metricsText) <= 65535 ? Number(metricsText) : NaN;
  if (Number.isNaN(metricsPort)) throw new UsageError(`metrics port must be an integer from 0 to 65535; got '${metricsText}'`);
  const accessLogText = env.ACCESS_LOG ?? 'false';
  if (!/^(true|false|1|0)$/.test(accessLogText)) throw new UsageError(`ACCESS_LOG must be true or false; got '${accessLogText.slice(0, 20)}'`);
  const accessLog = values['access-log'] ?? /^(true|1)$/.test(accessLogText);
  const redisUrl = values.redis ?? (env.REDIS_URL || null);
  if (redisUrl !== null && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) throw new UsageError(`REDIS_URL must be redis://host:port[/db] or rediss://...; got '${redisUrl.slice(0, 60)}'`);
  return { snapshot: values.snapshot ?? null, port, host, keysFile: values.keys, liveConfigFile: values['live-config'] ?? (env.LIVE_CONFIG || undefined), workers, metricsPort, accessLog, redisUrl, help: values.help ?? false };
}

/**
 * `transit serve`: opens the snapshot, loads the keys, listens, prints the URL, a usable key and
 * an example request, then serves until `io.until` settles (default: SIGINT or SIGTERM).
 */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const options = parseServeArgs(argv, io.env);
  if (options.help) {
    io.out(SERVE_USAGE);
    return 0;
  }
  // Signal handlers go in before anything starts: a SIGTERM during start-up stops the server once
  // it is up, and a SIGHUP never meets the default action (which would end the process).
  const stopped = io.until;
  let reload = async (): Promise<void> => void io.err('Reload ignored: the server is still starting.\n');
  let reloading: Promise<void> = Promise.resolve();
  io.onReload?.(() => {
    reloading = reloading.then(() => reload());
  });
  const keys = loadApiKeys({ env: io.env, keysFile: options.keysFile });
  const tiers = tierTable(io.env.RATE_LIMIT_TIERS);
  tiers.checkKeys(keys.keys.records);
  let liveConfig;
  try {
    liveConfig = loadLiveConfig({ env: io.env, file: options.liveConfigFile, demo: !options.snapshot });
  } catch (err) {
    if (err instanceof LiveConfigError) throw new UsageError(err.message);
    throw err;
  }
  const demoBuildNote = () => io.err('Building the demo snapshot in memory...\n');
  // The demo (and with it the builder) loads only when the demo is served.
  const demo = options.snapshot ? null : await import('./demo.js');
  const setup: ServeSetup = {
    loadSnapshot: demo ? async () => (demoBuildNote(), await demo.buildDemoBytes()) : async () => readSnapshotBytes(options.snapshot!),
    loadSnapshotApart: demo ? null : async () => readSnapshotApart(options.snapshot!),
    keys: keys.keys,
    tiers,
    live: liveConfig,
    demoFeeds: demo?.demoFeeds ?? null,
    host: options.host,
    port: options.port,
    log: (line) => io.err(line + '\n'),
    metrics: options.metricsPort === null ? null : new RequestMetrics(RequestMetrics.allocate(routeLabels(ENDPOINTS).length), routeLabels(ENDPOINTS)),
    accessLog: options.accessLog,
    redisUrl: options.redisUrl,
    liveMetrics: options.metricsPort === null ? null : new LiveMetrics(LiveMetrics.allocate(options.workers)),
    // The map page at / gets the generated key only when serving the demo (never a real snapshot's).
    demoKey: options.snapshot ? null : (keys.generatedKey ?? null),
  };
  const serving = options.workers > 1 ? await serveInWorkers(setup, options.workers) : await serveInProcess(setup);
  const counts = serving.engine.info.counts;
  const key = keys.generatedKey ?? '$API_KEY';
  const threads = serving.threads > 1 ? `, ${serving.threads} worker threads` : '';
  io.out(`Serving UK transit API on ${serving.url} (snapshot: ${options.snapshot ?? 'demo'}, ${counts.stops ?? 0} stops, ${counts.stations ?? 0} stations, ${counts.routes ?? 0} routes${threads})\n`);
  io.out(keys.generatedKey ? `API key: ${keys.generatedKey} (generated; set API_KEYS or --keys to choose your own)\n` : `API keys: ${keys.source}\n`);
  io.out(`Try: curl -H "X-Api-Key: ${key}" "${serving.url}/v1/places.json?query=sheffield"\n`);
  io.out(`     ${serving.url}/openapi.json describes every endpoint; ${serving.url}/docs tries them; ${serving.url}/ is a map explorer.\n`);
  const startedAt = Date.now();
  const metricsServer =
    setup.metrics && options.metricsPort !== null
      ? await startMetricsServer({ host: options.host, port: options.metricsPort, render: () => setup.metrics!.render() + (setup.liveMetrics?.render() ?? '') + processGauges({ builtAt: serving.engine.info.builtAt, threads: serving.threads, replacements: serving.replacements, startedAt }) }).catch(async (err: unknown) => {
          await serving.close();
          throw new ListenError(`Could not serve metrics on ${options.host}:${options.metricsPort}: ${(err as Error).message}`);
        })
      : null;
  if (metricsServer) io.out(`Metrics (Prometheus): ${metricsServer.url}\n`);
  const feeds = [liveConfig.siriVm && 'SIRI-VM', liveConfig.gtfsRt && 'GTFS-RT', liveConfig.siriSx && 'SIRI-SX', liveConfig.lineStatus && 'line status'].filter(Boolean);
  io.out(liveConfig.simulate ? 'Live data: simulated demo feeds (vehicles and disruptions).\n' : feeds.length ? `Live feeds: ${feeds.join(', ')}.\n` : 'Live data: off (no feed configured; see transit serve --help).\n');
  // SIGHUP: load the snapshot again and swap it in, then the keys file; each failed reload keeps
  // the previous snapshot or keys.
  const keysFile = options.keysFile ?? (io.env.API_KEYS_FILE || undefined);
  reload = async () => {
    try {
      await serving.reload();
      io.out(`Reloaded snapshot ${options.snapshot ?? 'demo'} (${serving.engine.info.counts.stops ?? 0} stops).\n`);
    } catch (err) {
      io.err(`Reload failed, still serving the previous snapshot: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    if (keysFile) await reloadKeys(keysFile, serving, tiers, io);
  };
  // The last line of start-up, printed once every listener and signal handler is in place:
  // supervisors and tests wait for it.
  io.out(`${READY_LINE}\n`);
  // Until a signal, until the main thread fails (an Error from io.until), or until worker threads
  // fail in a loop (their threads already ended).
  const signal = await Promise.race([stopped, serving.failed]);
  await reloading;
  await serving.close();
  await metricsServer?.close();
  if (signal instanceof Error) {
    io.err(`Stopped: ${signal.message}; exiting with status 1 for the process supervisor to restart the server.\n`);
    return 1;
  }
  io.out('Stopped.\n');
  // Nothing of the server is left running: end by the signal, as its default action would have.
  if (typeof signal === 'string' && io.exitBySignal?.(signal) === false) io.out(`Exiting with status 0: as PID 1 (no init in this container) the process cannot end by ${signal}.\n`);
  return 0;
}

/**
 * Reads the keys file again, validates it once here (syntax, entries, tiers), then applies it in
 * every serving thread or in none (Serving.reloadKeys); a refusal is logged and the previous
 * keys stay in force everywhere.
 */
async function reloadKeys(keysFile: string, serving: Serving, tiers: TierTable, io: CliIo): Promise<void> {
  try {
    const next = reloadApiKeys({ env: io.env, keysFile });
    tiers.checkKeys(next.keys.records);
    await serving.reloadKeys(next.keys);
    const enabled = next.keys.records.filter((r) => r.enabled).length;
    io.out(`Reloaded API keys: ${next.source}, ${enabled} enabled.\n`);
  } catch (err) {
    io.err(`Keys reload refused, still using the previous keys: ${err instanceof Error ? err.message : String(err)}\n`);
  }
}

function tierTable(text: string | undefined): TierTable {
  try {
    return TierTable.fromEnv(text);
  } catch (err) {
    if (err instanceof TierConfigError) throw new UsageError(err.message);
    throw err;
  }
}
