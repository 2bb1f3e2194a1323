// HTTP load test with wrk (Debian package `wrk`; `apt-get install wrk`): starts the real server
// on the snapshot the other benchmarks use, then drives each endpoint for a few seconds from a
// second process on loopback. Results go to bench/http-results.json; bench/RESULTS.md cites them.
// Usage: node bench/http-load.js [--seconds 10] [--connections 64]
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

const target = haveRealData() ? await ensureSnapshot('south-yorkshire', realInputs()) : await ensureSnapshot('demo', { demo: true });
const engine = Engine.open(readArrayBuffer(target.file));
const server = await startServer({ engine, port: 0, host: '127.0.0.1', keys: new ApiKeys(toKeyRecords(parseApiKeysEnv('bench-key:premium'))) });
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
writeFileSync(new URL('./http-results.json', import.meta.url), JSON.stringify({ snapshot: target.name, seconds, connections, node: process.version, results }, null, 2));

function defaultPaths(e) {
  const s = e.stop(0);
  return [
    '/health',
    `/v1/bus/stops.json?lat=${s.latitude}&lon=${s.longitude}`,
    '/v1/places.json?query=sheffield',
    '/v1/rail/stations.json?lat=53.38&lon=-1.46',
  ];
}
