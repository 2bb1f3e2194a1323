import { API_VERSION, KeysConfigError, ListenError, UnknownTierError } from '@transit/server';
import { processIo, UsageError, type CliIo } from './cli-io.js';
import { SERVE_USAGE, serveCommand } from './serve-command.js';
import { REPLAY_USAGE, replayCommand } from './replay-command.js';
import { KEYS_USAGE, keysCommand } from './keys-command.js';

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
  try {
    switch (command) {
      case '-h':
      case '--help':
      case 'help':
        io.out(USAGE);
        return 0;
      case '-v':
      case '--version':
        io.out(`${API_VERSION}\n`);
        return 0;
      case 'serve':
        return await serveCommand(rest, io);
      case 'keys':
        return await keysCommand(rest, io);
      case 'replay':
        return await replayCommand(rest, io);
      // The builder loads only for the commands that build: `serve --snapshot` starts without it.
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
    return report(err, command === 'serve' ? SERVE_USAGE : command === 'replay' ? REPLAY_USAGE : command === 'keys' ? KEYS_USAGE : USAGE, io);
  }
}

function report(err: unknown, usage: string, io: CliIo): number {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as Error & { code?: unknown }).code;
  if (e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
    io.err(`transit: ${e.message}\n\n${usage}`);
    return 2;
  }
  const expected = e instanceof KeysConfigError || e instanceof UnknownTierError || e instanceof ListenError || e.name === 'SnapshotFormatError' || e.name === 'RedisConfigError' || (typeof code === 'string' && /^E[A-Z]+$/.test(code));
  io.err(`transit: ${expected ? e.message : (e.stack ?? e.message)}\n`);
  return 1;
}
