// HTTP load test with wrk (Debian package `wrk`; `apt-get install wrk`): starts the real server
// on the snapshot the other benchmarks use, then drives each endpoint for a few seconds from a
// second process on loopback. Results go to bench/http-results.json; bench/RESULTS.md cites them.
// Usage: node bench/http-load.js [--demo] [--seconds 10] [--connections 64] [--date YYYY-MM-DD] [--paths a,b]
import { spawnSync, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { Engine } from '@transit/engine';
import { startServer, ApiKeys, toKeyRecords, parseApiKeysEnv } from '@transit/server';
import { ensureSnapshot, readArrayBuffer, realInputs, haveRealData } from './snapshots.js';

const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const seconds = opt('seconds', 10);
const connections = opt('connections', 64);
if (spawnSync('wrk', ['--version']).error) {
  console.error('wrk is not installed: apt-get install wrk');
  process.exit(2);
}

const useDemo = process.argv.includes('--demo') || !haveRealData();
const target = useDemo ? await ensureSnapshot('demo', { demo: true }) : await ensureSnapshot('south-yorkshire', realInputs());
const engine = Engine.open(readArrayBuffer(target.file));
const server = await startServer({ engine, port: 0, host: '127.0.0.1', keys: new ApiKeys(toKeyRecords(parseApiKeysEnv('bench-key:unlimited'))) });
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
await server.close();
writeFileSync(new URL(`./http-results-${target.name}.json`, import.meta.url), JSON.stringify({ snapshot: target.name, seconds, connections, node: process.version, results }, null, 2));

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
