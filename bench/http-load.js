// HTTP load test with wrk (Debian package `wrk`; `apt-get install wrk`): starts the real server
// on the snapshot the other benchmarks use, then drives each endpoint for a few seconds from a
// second process on loopback. Results go to bench/http-results.json; bench/RESULTS.md cites them.
// The server is the real `transit serve` process with --workers N (default 1); its resident memory
// (VmRSS) is read after the runs, to show it does not grow with the worker count.
// --mix N adds two runs over a realistic request mix written to a wrk Lua script: N distinct URLs
// (boards at busy stops and stations across the day, nearby stops, places, operators, stops in a
// box, disruptions) in turn, and the same kinds with a distinct URL per request (no reuse at all).
// Usage: node bench/http-load.js [--demo] [--workers 1] [--seconds 10] [--connections 64] [--date YYYY-MM-DD] [--paths a,b] [--mix 5000]
import { spawn, spawnSync, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, realInputs, haveRealData } from './snapshots.js';
import { mixUrls } from './http-mix.js';

const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const seconds = opt('seconds', 10);
const connections = opt('connections', 64);
const workers = opt('workers', 1);
if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install wrk');
  process.exit(2);
}

const useDemo = process.argv.includes('--demo') || !haveRealData();
const target = useDemo ? await ensureSnapshot('demo', { demo: true }) : await ensureSnapshot('south-yorkshire', realInputs());
const engine = Engine.open(readArrayBuffer(target.file));
const server = await startCli(target.file, workers);
const paths = process.argv.includes('--paths') ? process.argv[process.argv.indexOf('--paths') + 1].split(',') : defaultPaths(engine);

const results = [];
for (const path of paths) {
  const url = `${server.url}${path}${path.includes('?') ? '&' : '?'}api_key=bench-key`;
  const check = await fetch(url);
  if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
  // wrk runs in its own process (two threads), so the server's core count is what is measured.
  // Asynchronous: the server answers from this process's event loop while wrk runs.
  const run = await promisify(execFile)('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
  const p50 = /50%\s+([\d.]+\w+)/.exec(run.stdout)?.[1];
  const p99 = /99%\s+([\d.]+\w+)/.exec(run.stdout)?.[1];
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? '0';
  results.push({ path, requestsPerSecond: Math.round(rps), p50, p99, non2xx: Number(errors) });
  console.log(`${path}: ${Math.round(rps).toLocaleString('en-GB')} req/s, p50 ${p50}, p99 ${p99}, non-2xx ${errors}`);
}
const mixSize = opt('mix', 0);
if (mixSize > 0) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-mix-'));
  const day = process.argv.includes('--date') ? process.argv[process.argv.indexOf('--date') + 1] : useDemo ? '2026-01-06' : '2019-09-10';
  const runs = [[`mix of ${mixSize} URLs`, mixSize, false, false], ['mix, a new URL every request', 400_000, true, false], ['stop boards only, a new URL every request', 400_000, true, true]];
  for (const [label, count, unique, boardsOnly] of runs) {
    const urls = mixUrls(engine, count, day, unique, boardsOnly);
    const script = path.join(dir, `mix-${count}-${unique}-${boardsOnly}.lua`);
    writeFileSync(script, `local paths = {\n${urls.map((u) => JSON.stringify(u + (u.includes('?') ? '&' : '?') + 'api_key=bench-key')).join(',\n')}\n}\nlocal i = 0\ninit = function(args) i = math.random(#paths) end\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`);
    const run = await promisify(execFile)('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, server.url], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(run.stdout)?.[1]);
    const p50 = /50%\s+([\d.]+\w+)/.exec(run.stdout)?.[1];
    const p99 = /99%\s+([\d.]+\w+)/.exec(run.stdout)?.[1];
    const errors = /Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? '0';
    results.push({ path: label, requestsPerSecond: Math.round(rps), p50, p99, non2xx: Number(errors) });
    console.log(`${label}: ${Math.round(rps).toLocaleString('en-GB')} req/s, p50 ${p50}, p99 ${p99}, non-2xx ${errors}`);
  }
}
const rssMiB = Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))[1]) / 1024);
console.log(`server RSS after the runs: ${rssMiB} MiB (${workers} worker${workers > 1 ? 's' : ''}, snapshot ${(target.bytes / 1048576).toFixed(1)} MiB)`);
server.proc.kill('SIGTERM');
writeFileSync(new URL(`./http-results-${target.name}-w${workers}.json`, import.meta.url), JSON.stringify({ snapshot: target.name, workers, seconds, connections, rssMiB, node: process.version, results }, null, 2));

/** Starts `transit serve` on the snapshot file and resolves with its URL once it listens. */
async function startCli(file, n) {
  const bin = new URL('../packages/server/bin/transit.js', import.meta.url).pathname;
  const proc = spawn(process.execPath, [bin, 'serve', '--snapshot', file, '--port', '0', '--workers', String(n)], { env: { ...process.env, API_KEYS: 'bench-key:unlimited' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  for (let t = 0; !/on (http:\S+) /.test(out); t++) {
    if (t > 600 || proc.exitCode !== null) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url: /on (http:\S+) /.exec(out)[1] };
}

function defaultPaths(e) {
  const s = e.stop(0);
  // A busy stop (most patterns) at a busy hour of a day the snapshot's calendar covers.
  let busiest = 0;
  const off = e.timetable.stopPatternOffsets;
  for (let i = 1; i < e.stopTable.count; i++) if (off[i + 1] - off[i] > off[busiest + 1] - off[busiest]) busiest = i;
  // The real snapshot's rail feed runs on 2019-09-10 only; the demo runs every day to 2030.
  const day = process.argv.includes('--date') ? process.argv[process.argv.indexOf('--date') + 1] : useDemo ? '2026-01-06' : '2019-09-10';
  return [
    '/health',
    `/v1/bus/stop_timetables/${encodeURIComponent(e.stop(busiest).atcocode)}.json?datetime=${day}T08:00:00`,
    `/v1/rail/station_timetables/SHF.json?datetime=${day}T08:00:00`,
    `/v1/bus/stops.json?lat=${s.latitude}&lon=${s.longitude}`,
    '/v1/places.json?query=sheffield',
    '/v1/rail/stations.json?lat=53.38&lon=-1.46',
  ];
}

