/** @transit/cli: the `transit` command (serve, build, fetch, keys, replay). */
export { runCli, USAGE } from './cli.js';
export { processIo, UsageError, type CliIo } from './cli-io.js';
export { parseServeArgs, serveCommand, READY_LINE, SERVE_USAGE, type ServeOptions } from './serve-command.js';
export { keysCommand, KEYS_USAGE } from './keys-command.js';
export { replayCommand, REPLAY_USAGE } from './replay-command.js';
export { runBuildCli } from './build-command.js';
export { runFetchCli, FETCH_USAGE, type FetchIo, type FetchTuning } from './fetch-command.js';
export { buildDemoBytes, openDemoSnapshot, demoFeeds } from './demo.js';
