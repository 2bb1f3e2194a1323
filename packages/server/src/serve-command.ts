import { parseArgs } from 'node:util';
import { KeysConfigError, loadApiKeys } from './auth-config.js';
import { startServer } from './server.js';
import { openDemoSnapshot, openSnapshotFile } from './snapshot-source.js';
import { UsageError, type CliIo } from './cli-io.js';
import { LIVE_CONFIG_HELP, loadLiveConfig, LiveConfigError } from './live/live-config.js';
import { startLiveServices } from './live/live-services.js';
import { TierTable, TierConfigError } from './limits/tiers.js';

/** Help of `transit serve`. */
export const SERVE_USAGE = `Usage: transit serve [--snapshot FILE | --demo] [--port N] [--host H] [--keys FILE] [--live-config FILE]

Options:
  --snapshot FILE   snapshot to serve (from \`transit build\`)
  --demo            serve the generated demo dataset (the default without --snapshot)
  --port N          TCP port, 0 for any free one (env PORT; default 8080)
  --host H          interface to listen on (env HOST; default 127.0.0.1)
  --keys FILE       API keys file: JSON array of { key | key_sha256, name, tier, enabled } (env API_KEYS_FILE)
  --live-config F   live feeds (JSON; see below; env LIVE_CONFIG)
  -h, --help        this help

Environment:
  API_KEYS          key:tier,key:tier (tier optional, default free). Without any key configured,
                    a random key (tier standard) is generated and printed.
  RATE_LIMIT_TIERS  name:perMinute,... replacing or adding tiers (0 = unlimited). Built in:
                    free:60, standard:600, premium:6000, unlimited:0.

${LIVE_CONFIG_HELP}
`;

/** Parsed `transit serve` options. */
export interface ServeOptions {
  snapshot: string | null;
  port: number;
  host: string;
  keysFile?: string;
  liveConfigFile?: string;
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.snapshot !== undefined && values.demo) throw new UsageError('give --snapshot FILE or --demo, not both');
  const portText = values.port ?? (env.PORT || '8080');
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`port must be an integer from 0 to 65535; got '${portText}'`);
  const host = values.host ?? (env.HOST || '127.0.0.1');
  return { snapshot: values.snapshot ?? null, port, host, keysFile: values.keys, liveConfigFile: values['live-config'] ?? (env.LIVE_CONFIG || undefined), help: values.help ?? false };
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
  const keys = loadApiKeys({ env: io.env, keysFile: options.keysFile });
  const tiers = tierTable(io.env.RATE_LIMIT_TIERS);
  for (const k of keys.keys.records) {
    if (k.enabled && !tiers.get(k.tier)) throw new KeysConfigError(`API key ${k.name}: unknown tier '${k.tier}' (tiers: ${tiers.names.join(', ')}; RATE_LIMIT_TIERS adds more).`);
  }
  let liveConfig;
  try {
    liveConfig = loadLiveConfig({ env: io.env, file: options.liveConfigFile, demo: !options.snapshot });
  } catch (err) {
    if (err instanceof LiveConfigError) throw new UsageError(err.message);
    throw err;
  }
  if (!options.snapshot) io.err('Building the demo snapshot in memory...\n');
  const snapshot = options.snapshot ? openSnapshotFile(options.snapshot) : await openDemoSnapshot();
  const live = await startLiveServices({ engine: snapshot.engine, config: liveConfig, log: (line) => io.err(line + '\n') });
  const server = await startServer({ engine: snapshot.engine, keys: keys.keys, port: options.port, host: options.host, live: live.state, tiers }).catch(async (err: unknown) => {
    await live.stop();
    throw err;
  });
  const counts = snapshot.engine.info.counts;
  const key = keys.generatedKey ?? '$API_KEY';
  io.out(`Serving UK transit API on ${server.url} (snapshot: ${snapshot.label}, ${counts.stops ?? 0} stops, ${counts.stations ?? 0} stations, ${counts.routes ?? 0} routes)\n`);
  io.out(keys.generatedKey ? `API key: ${keys.generatedKey} (generated; set API_KEYS or --keys to choose your own)\n` : `API keys: ${keys.source}\n`);
  io.out(`Try: curl -H "X-Api-Key: ${key}" "${server.url}/v1/places.json?query=sheffield"\n`);
  io.out(`     ${server.url}/openapi.json describes every endpoint.\n`);
  const feeds = [liveConfig.siriVm && 'SIRI-VM', liveConfig.gtfsRt && 'GTFS-RT', liveConfig.siriSx && 'SIRI-SX', liveConfig.lineStatus && 'line status'].filter(Boolean);
  io.out(liveConfig.simulate ? 'Live data: simulated demo feeds (vehicles and disruptions).\n' : feeds.length ? `Live feeds: ${feeds.join(', ')}.\n` : 'Live data: off (no feed configured; see transit serve --help).\n');
  await io.until;
  await server.close();
  await live.stop();
  return 0;
}

function tierTable(text: string | undefined): TierTable {
  try {
    return TierTable.fromEnv(text);
  } catch (err) {
    if (err instanceof TierConfigError) throw new UsageError(err.message);
    throw err;
  }
}
