import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { startReplayServer } from '@transit/server';
import { UsageError, type CliIo } from './cli-io.js';

/** Help of `transit replay`. */
export const REPLAY_USAGE = `Usage: transit replay [--port N] [--host H] [--content-type T] [--no-loop] FILE...

Serves recorded feed documents (SIRI-VM, GTFS-RT, SIRI-SX or line-status files) over HTTP, one per
request in turn, with an ETag per document; point SIRI_VM_URL (or GTFS_RT_URL, SIRI_SX_URL,
LINE_STATUS_URL) of \`transit serve\` at the printed URL to test live data offline.

Options:
  --port N            TCP port (default 8090; 0 picks a free one)
  --host H            interface (default 127.0.0.1)
  --content-type T    Content-Type (default from the first file's extension)
  --no-loop           keep serving the last document instead of starting again
  -h, --help          this help
`;

/** `transit replay`: serves the files until `io.until` settles (SIGINT or SIGTERM). */
export async function replayCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'content-type': { type: 'string' },
      'no-loop': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(REPLAY_USAGE);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('give at least one recorded feed file');
  for (const f of positionals) if (!existsSync(f)) throw new UsageError(`no such file: ${f}`);
  const port = Number(values.port ?? '8090');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`port must be an integer from 0 to 65535; got '${values.port}'`);
  const stopped = io.until; // the signal handlers are in place before the URL is announced
  const server = await startReplayServer({ files: positionals, port, host: values.host ?? '127.0.0.1', contentType: values['content-type'], loop: !values['no-loop'] });
  io.out(`Replaying ${positionals.length} document(s) on ${server.url}/\n`);
  const why = await stopped;
  await server.close();
  if (why instanceof Error) {
    io.err(`Stopped: ${why.message}; exiting with status 1.\n`);
    return 1;
  }
  return 0;
}
