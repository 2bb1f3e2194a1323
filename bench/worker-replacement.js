// Replacing a serving worker that failed outside a handler: `transit serve --workers 2` over a
// snapshot, its worker 0 made to fail ROUNDS times (the worker protocol's test-only fault, sent on
// SIGUSR2 by the test preload test/support/fixtures/cluster/fault-preload.mjs), while a client
// sends requests one after another on new connections (spread over both workers). Per round: the
// time until the replacement listens, requests answered and failed meanwhile, and the process's
// resident memory once the failed thread has been terminated (flat when its memory is freed).
// Usage: node bench/worker-replacement.js --snapshot FILE [--rounds 4]
// (a round takes about 11 s, the failed worker's drain: more than 5 rounds within a minute exceed
// the respawn budget of two workers, and the server exits with status 1, as it should)
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { opt, rssMiB } from './http-common.js';

const file = process.argv[process.argv.indexOf('--snapshot') + 1];
if (!process.argv.includes('--snapshot')) throw new Error('usage: node bench/worker-replacement.js --snapshot FILE [--rounds 4]');
const rounds = opt('rounds', 4);
const bin = fileURLToPath(new URL('../packages/cli/bin/transit.js', import.meta.url));
const preload = fileURLToPath(new URL('../test/support/fixtures/cluster/fault-preload.mjs', import.meta.url));
const env = { ...process.env, API_KEYS: 'bench-key:unlimited', FAULT: 'one', NODE_OPTIONS: `--import=${preload}` };
const started = Date.now();
const proc = spawn(process.execPath, [bin, 'serve', '--snapshot', file, '--port', '0', '--workers', '2'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
const waiters = new Set();
const onData = (d) => {
  out += d;
  for (const w of waiters) w();
};
proc.stdout.on('data', onData);
proc.stderr.on('data', onData);
proc.on('exit', () => onData(''));
/** Resolves once `text` has been printed `count` times in all. */
const printed = (text, count = 1) =>
  new Promise((resolve, reject) => {
    const check = () => {
      if (out.split(text).length - 1 >= count) (waiters.delete(check), resolve());
      else if (proc.exitCode !== null) reject(new Error(`server exited:\n${out}`));
    };
    waiters.add(check);
    check();
  });
await printed('Ready:');
const url = /on (http:\S+) /.exec(out)[1];
console.log(`started in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${rssMiB(proc.pid).toFixed(0)} MiB`);

/** One request on a new connection: null when answered 200, else what went wrong (a status or an error code). */
const get = () =>
  new Promise((resolve) => {
    http.get(`${url}/health`, { agent: false, headers: { 'X-Api-Key': 'bench-key', Connection: 'close' } }, (res) => res.resume().on('end', () => resolve(res.statusCode === 200 ? null : String(res.statusCode)))).on('error', (err) => resolve(err.code ?? err.message));
  });
for (let round = 1; round <= rounds; round++) {
  let stop = false;
  let ok = 0;
  const failed = [];
  const client = (async () => {
    while (!stop) {
      const wrong = await get();
      if (wrong) failed.push(wrong);
      else ok++;
    }
  })();
  const t0 = Date.now();
  proc.kill('SIGUSR2');
  await printed('worker 0: replaced', round);
  const replacedMs = Date.now() - t0;
  stop = true;
  await client;
  await printed('the thread of worker 0 ended', round);
  console.log(`round ${round}: replaced in ${(replacedMs / 1000).toFixed(1)} s; ${ok} requests answered, ${failed.length} failed meanwhile${failed.length ? ` (${failed.join(', ')})` : ''}; RSS after the failed thread ended ${rssMiB(proc.pid).toFixed(0)} MiB`);
}
proc.kill('SIGTERM');
await new Promise((resolve) => proc.once('exit', resolve));
