#!/usr/bin/env node
// The `transit` command: a shim over the compiled CLI (`npm run build` compiles it to dist/).
import { runCli } from '../dist/cli.js';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// After `serve` stops, uWebSockets.js would hold idle keep-alive connections open for a few more seconds.
if (process.argv[2] === 'serve' || process.argv[2] === 'replay') process.exit(code);
