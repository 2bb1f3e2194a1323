// HTTP load test with wrk (Debian package `wrk`; `apt-get install wrk`): starts the real server
// on the snapshot the other benchmarks use, then drives each endpoint for a few seconds from a
// second process on loopback. Results go to bench/http-results.json; bench/RESULTS.md cites them.
// The server is the real `transit serve` process with --workers N (default 1); its resident memory
// (VmRSS) is read after the runs, to show it does not grow with the worker count.
// --mix N adds two runs over a realistic request mix written to a wrk Lua script: N distinct URLs
// (boards at busy stops and stations across the day, nearby stops, places, operators, stops in a
// box, disruptions) in turn, and the same kinds with a distinct URL per request (no reuse at all).
// Usage: node bench/http-load.js [--demo] [--workers 1] [--seconds 10] [--connections 64] [--date YYYY-MM-DD] [--paths a,b] [--mix 5000]
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, realInputs, haveRealData } from './snapshots.js';
import { mixUrls, mixScript, opt, requireWrk, rssMiB, runWrk, startCli, withKey } from './http-common.js';

const seconds = opt('seconds', 10);
const connections = opt('connections', 64);
const workers = opt('workers', 1);
requireWrk();

const useDemo = process.argv.includes('--demo') || !haveRealData();
const target = useDemo ? await ensureSnapshot('demo', { demo: true }) : await ensureSnapshot('south-yorkshire', realInputs());
const engine = Engine.open(readArrayBuffer(target.file));
const server = await startCli(target.file, workers);
const paths = process.argv.includes('--paths') ? process.argv[process.argv.indexOf('--paths') + 1].split(',') : defaultPaths(engine);

const results = [];
const record = (label, r) => {
  results.push({ path: label, requestsPerSecond: r.requestsPerSecond, p50: r.p50, p99: r.p99, non2xx: r.non2xx });
  console.log(`${label}: ${r.requestsPerSecond.toLocaleString('en-GB')} req/s, p50 ${r.p50}, p99 ${r.p99}, non-2xx ${r.non2xx}`);
};
for (const request of paths) {
  const url = server.url + withKey(request);
  const check = await fetch(url);
  if (check.status !== 200) throw new Error(`${request} answered ${check.status}: ${await check.text()}`);
  // wrk runs in its own process (two threads) while the server runs in its own.
  record(request, await runWrk({ url, seconds, connections }));
}
const mixSize = opt('mix', 0);
if (mixSize > 0) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-mix-'));
  const day = process.argv.includes('--date') ? process.argv[process.argv.indexOf('--date') + 1] : useDemo ? '2026-01-06' : '2019-09-10';
  const runs = [[`mix of ${mixSize} URLs`, mixSize, false, false], ['mix, a new URL every request', 400_000, true, false], ['stop boards only, a new URL every request', 400_000, true, true]];
  for (const [label, count, unique, boardsOnly] of runs) {
    const script = mixScript(dir, `mix-${count}-${unique}-${boardsOnly}`, mixUrls(engine, count, day, unique, boardsOnly).map(withKey));
    record(label, await runWrk({ url: server.url, seconds, connections, script }));
  }
}
const rss = Math.round(rssMiB(server.proc.pid));
console.log(`server RSS after the runs: ${rss} MiB (${workers} worker${workers > 1 ? 's' : ''}, snapshot ${(target.bytes / 1048576).toFixed(1)} MiB)`);
server.proc.kill('SIGTERM');
writeFileSync(new URL(`./http-results-${target.name}-w${workers}.json`, import.meta.url), JSON.stringify({ snapshot: target.name, workers, seconds, connections, rssMiB: rss, node: process.version, results }, null, 2));

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

