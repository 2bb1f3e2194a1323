#!/usr/bin/env node
// The `transit` command: a shim over the compiled CLI (`npm run build` compiles it to dist/).
import { runCli } from '../dist/cli.js';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// `serve` and `replay` end the process when they return, so that nothing a library leaves open
// can hold it (`serve` has closed its connections and ended its threads by then: it would end by itself).
if (process.argv[2] === 'serve' || process.argv[2] === 'replay') process.exit(code);
