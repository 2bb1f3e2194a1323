// HTTP load test of GET /v1/journey.json with wrk (Debian `wrk`) against the real `transit serve`
// process: on the demo snapshot (--demo) or, by default, on real Newport (BODS GTFS + OSM extract
// of 2023-06-13, so walks follow the streets). Origins and destinations are random points up to
// ~300 m from seeded-random served stops (mulberry32), departures 06:00-20:00, the default
// alternatives (walk, bicycle). include_live=false makes answers cacheable: the server reuses an
// identical answer within one second (its second cache), so runs are: one URL (reused), a mix of
// --mix N URLs in turn, and a new URL every request (never reused); include_live=true is never
// reused, shown for one URL. Each run also prints the server's CPU per request (its process's user +
// system time over the run / requests answered, from /proc), steadier than req/s on shared cores.
// Results go to bench/http-journey-<snapshot>-w<N>.json.
// Usage: node bench/http-journey.js [--demo] [--workers 1] [--seconds 8] [--connections 16] [--mix 1000]
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, haveRealData } from './snapshots.js';
import { mixScript, opt, requireWrk, rssMiB, runWrk, startCli, withKey } from './http-common.js';
import { NEWPORT_STREETS_COVERED, journeyUrls } from './journey-urls.js';

const seconds = opt('seconds', 8);
const connections = opt('connections', 16);
const workers = opt('workers', 1);
const mixSize = opt('mix', 1000);
requireWrk();

const useDemo = process.argv.includes('--demo') || !haveRealData();
const target = useDemo
  ? await ensureSnapshot('demo', { demo: true })
  : await ensureSnapshot(...NEWPORT_STREETS_COVERED);
const day = useDemo ? '2026-03-03' : '2023-06-13'; // Tuesdays the snapshots run
const engine = Engine.open(readArrayBuffer(target.file));
const urls = (count, live) => journeyUrls(engine, count, day, live).map(withKey);

const server = await startCli(target.file, workers);
const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-journey-'));
const results = [];
/** User + system CPU of a process (every thread), ms (Linux /proc; clock ticks of 10 ms). */
const cpuMs = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13).reduce((a, t) => a + Number(t) * 10, 0);
const record = (label, r, cpu) => {
  const cpuPerRequest = Number((cpu / r.requests).toFixed(2));
  results.push({ request: label, requestsPerSecond: r.requestsPerSecond, requests: r.requests, p50: r.p50, p99: r.p99, non2xx: r.non2xx, socketErrors: r.socketErrors, serverCpuMsPerRequest: cpuPerRequest });
  console.log(`${target.name} w${workers} ${label}: ${r.requestsPerSecond.toLocaleString('en-GB')} req/s, p50 ${r.p50}, p99 ${r.p99}, non-2xx ${r.non2xx}, socket errors ${r.socketErrors}, server CPU ${cpuPerRequest} ms per request`);
};
const [one] = urls(1, false);
for (const u of [one, urls(1, true)[0]]) {
  const res = await fetch(server.url + u);
  if (res.status !== 200) throw new Error(`${u} answered ${res.status}: ${await res.text()}`);
}
const runs = [
  ['one URL, include_live=false (reused within the second)', null, one],
  ['one URL, include_live=true (never reused)', null, urls(1, true)[0]],
  [`mix of ${mixSize} URLs in turn`, urls(mixSize, false)],
  ['a new URL every request', urls(Math.max(20_000, seconds * 2000), false)],
];
for (const [label, list, single] of runs) {
  const script = list ? mixScript(dir, label.replace(/\W+/g, '-'), list) : undefined;
  const cpu0 = cpuMs(server.proc.pid);
  const r = await runWrk({ url: single ? server.url + single : server.url, seconds, connections, script });
  record(label, r, cpuMs(server.proc.pid) - cpu0);
}
const rss = Math.round(rssMiB(server.proc.pid));
console.log(`server RSS after the runs: ${rss} MiB`);
server.proc.kill('SIGTERM');
writeFileSync(new URL(`./http-journey-${target.name}-w${workers}.json`, import.meta.url), JSON.stringify({ snapshot: target.name, workers, seconds, connections, rssMiB: rss, node: process.version, example: one, results }, null, 2));
