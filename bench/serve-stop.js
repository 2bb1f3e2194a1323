// How `transit serve` stops on SIGTERM: for 1 and 2 serving threads, run plainly and as PID 1 (the
// first process of a new PID namespace, `unshare -fp --mount-proc`, as in a container without an
// init; skipped where unshare is not permitted), the time from the signal to the process's exit,
// how it ended (status or signal) and its last line. A keep-alive connection is open at the stop.
// Usage: node bench/serve-stop.js --snapshot FILE [--rounds 3] [--bin path/to/transit.js]
// (--bin: another tree's build, e.g. the base of an A/B; default this tree's)
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { opt } from './http-common.js';

const arg = (name) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : null);
const file = arg('snapshot');
if (!file) throw new Error('usage: node bench/serve-stop.js --snapshot FILE [--rounds 3] [--bin path/to/transit.js]');
const bin = arg('bin') ?? fileURLToPath(new URL('../packages/cli/bin/transit.js', import.meta.url));
const rounds = opt('rounds', 3);
const pid1 = spawnSync('unshare', ['-fp', 'true']).status === 0;
if (!pid1) console.log('as PID 1: skipped (`unshare -fp true` failed here)');

/** The pid of a child of `ppid` (read from /proc), or null. */
function childOf(ppid) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) return Number(entry);
    } catch {}
  }
  return null;
}

/** One start and SIGTERM: { ms, ended, last }. */
async function stopOnce(workers, asPid1) {
  const args = [bin, 'serve', '--snapshot', file, '--port', '0', '--workers', String(workers)];
  const env = { ...process.env, API_KEYS: 'bench-key:unlimited' };
  const proc = asPid1 ? spawn('unshare', ['-fp', '--mount-proc', process.execPath, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => proc.once('close', (code, signal) => resolve(signal ?? `status ${code}`)));
  await new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d;
      if (out.includes('Ready:')) resolve();
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    exited.then(() => reject(new Error(`server exited before it was ready:\n${out}`)));
  });
  const url = /on (http:\S+) /.exec(out)[1];
  const agent = new http.Agent({ keepAlive: true });
  await new Promise((resolve, reject) => http.get(`${url}/health`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject));
  const target = asPid1 ? childOf(proc.pid) : proc.pid;
  const t0 = performance.now();
  process.kill(target, 'SIGTERM');
  const ended = await exited;
  const ms = performance.now() - t0;
  agent.destroy();
  return { ms, ended, last: out.trim().split('\n').at(-1) };
}

for (const asPid1 of pid1 ? [false, true] : [false]) {
  for (const workers of [1, 2]) {
    const runs = [];
    for (let r = 0; r < rounds; r++) runs.push(await stopOnce(workers, asPid1));
    const ends = [...new Set(runs.map((r) => r.ended))].join(', ');
    console.log(`${asPid1 ? 'as PID 1' : 'plainly '} --workers ${workers}: stopped in ${runs.map((r) => `${(r.ms / 1000).toFixed(2)}`).join(' / ')} s; ended by ${ends}; last line: ${runs.at(-1).last}`);
  }
}
