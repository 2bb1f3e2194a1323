import { processIo, UsageError, type CliIo } from './cli-io.js';

/** Help of `transit`. */
export const USAGE = `Usage: transit <command> [options]

Commands:
  serve    serve the HTTP API (the generated demo dataset unless --snapshot FILE is given)
  build    compile feeds (GTFS, NaPTAN, NPTG, postcodes, rail stations) into a snapshot file
  fetch    download a region's official public sources (BODS, NaPTAN, NPTG, postcodes, rail
           stations, OpenStreetMap) into a cache; --build then builds the snapshot
  replay   serve recorded live feed files over HTTP (offline testing of live data)
  keys     create, list, revoke or enable API keys in a keys file

Run \`transit <command> --help\` for its options.
  -h, --help       this help
  -v, --version    print the version
`;

/**
 * The `transit` command line. Returns the exit status: 0 success, 1 failure (unreadable
 * snapshot or keys, port in use), 2 usage error. Usage errors and expected failures print a
 * one-line message, never a stack trace.
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  let usage = USAGE; // what a usage error prints: the command's own help once its module is loaded
  try {
    switch (command) {
      case '-h':
      case '--help':
      case 'help':
        io.out(USAGE);
        return 0;
      // Each command loads only what it runs: the server (27-34 MiB of RSS over the engine or
      // builder already loaded: `node --input-type=module -e "await import('@transit/builder'); const a
      // = process.memoryUsage().rss; await import('@transit/server'); console.log(process.memoryUsage().rss - a)"`)
      // only for serve, keys and replay, the builder only for build and fetch (`serve --snapshot` starts without it).
      case '-v':
      case '--version':
        io.out(`${(await import('@transit/server')).API_VERSION}\n`);
        return 0;
      case 'serve': {
        const { SERVE_USAGE, serveCommand } = await import('./serve-command.js');
        usage = SERVE_USAGE;
        return await serveCommand(rest, io);
      }
      case 'keys': {
        const { KEYS_USAGE, keysCommand } = await import('./keys-command.js');
        usage = KEYS_USAGE;
        return await keysCommand(rest, io);
      }
      case 'replay': {
        const { REPLAY_USAGE, replayCommand } = await import('./replay-command.js');
        usage = REPLAY_USAGE;
        return await replayCommand(rest, io);
      }
      case 'build':
        return await (await import('./build-command.js')).runBuildCli(rest);
      case 'fetch':
        return await (await import('./fetch-command.js')).runFetchCli(rest, { out: io.out, err: io.err, env: io.env, stderrIsTTY: io.stderrIsTTY ?? !!process.stderr.isTTY });
      case undefined:
        throw new UsageError('no command given');
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (err) {
    return report(err, usage, io);
  }
}

/** Errors of the server and engine said in one line (by name: the CLI does not load the server to recognise them). */
const EXPECTED_ERRORS = new Set(['KeysConfigError', 'UnknownTierError', 'ListenError', 'SnapshotFormatError', 'RedisConfigError']);

function report(err: unknown, usage: string, io: CliIo): number {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as Error & { code?: unknown }).code;
  if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
    io.err(`transit: ${e.message}\n\n${usage}`);
    return 2;
  }
  const expected = EXPECTED_ERRORS.has(e.name) || (typeof code === 'string' && /^E[A-Z]+$/.test(code));
  io.err(`transit: ${expected ? e.message : (e.stack ?? e.message)}\n`);
  return 1;
}
