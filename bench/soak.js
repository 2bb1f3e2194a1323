// Soak: the real `transit serve --workers 2` on the real snapshot under the wrk request mix at
// about 70% of its measured peak for 10 minutes, sampling resident memory every 10 s; reports
// errors and memory growth, writes bench/soak-results.json (cited in bench/RESULTS.md).
// Usage: node bench/soak.js [--minutes 10] [--workers 2] [--fraction 0.7]
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, realInputs, haveRealData } from './snapshots.js';
import { mixScript, mixUrls, opt, requireWrk, rssMiB, runWrk, startCli, withKey } from './http-common.js';

requireWrk();
const minutes = opt('minutes', 10);
const workers = opt('workers', 2);
const fraction = opt('fraction', 0.7);
const connections = 64;
const target = haveRealData() ? await ensureSnapshot('south-yorkshire', realInputs()) : await ensureSnapshot('demo', { demo: true });
const engine = Engine.open(readArrayBuffer(target.file));
const day = haveRealData() ? '2019-09-10' : '2026-01-06';

const { proc, url } = await startCli(target.file, workers);
const rss = () => rssMiB(proc.pid);
const dir = mkdtempSync(path.join(os.tmpdir(), 'soak-'));
const urls = mixUrls(engine, 5000, day, false).map(withKey);
const wrk = (seconds, delayMs, conns) => runWrk({ url, seconds, connections: conns, script: mixScript(dir, `mix-${delayMs}`, urls, delayMs) });

const peak = await wrk(15, 0, connections);
// wrk paces only by a whole-millisecond delay per connection before each request, so pace with
// many slow connections: each waits DELAY ms plus the response time (p50 at peak, about), and the
// connection count is chosen to make about fraction x peak.
const DELAY_MS = 10;
const responseMs = parseMs(peak.p50);
const soakConnections = Math.max(2, Math.round((peak.requestsPerSecond * fraction * (DELAY_MS + responseMs)) / 1000));
console.log(`peak ${Math.round(peak.requestsPerSecond)} req/s (p50 ${peak.p50}); soaking ${minutes} min aiming at ${Math.round(peak.requestsPerSecond * fraction)} req/s (${soakConnections} connections, each ${DELAY_MS} ms between requests), ${workers} workers`);
const samples = [{ s: 0, rssMiB: rss() }];
const sampler = setInterval(() => samples.push({ s: Math.round((performance.now() - t0) / 1000), rssMiB: rss() }), 10_000);
const t0 = performance.now();
const soak = await wrk(minutes * 60, DELAY_MS, soakConnections);
clearInterval(sampler);
samples.push({ s: Math.round((performance.now() - t0) / 1000), rssMiB: rss() });
proc.kill('SIGTERM');
const after2 = samples.find((x) => x.s >= 120) ?? samples[1];
const last = samples.at(-1);
const result = {
  snapshot: target.name, workers, minutes, fraction, peakRps: Math.round(peak.requestsPerSecond), targetRps: Math.round(peak.requestsPerSecond * fraction), soakRps: Math.round(soak.requestsPerSecond), requests: soak.requests, p99: soak.p99,
  non2xx: soak.non2xx, socketErrors: soak.socketErrors, rssStartMiB: Math.round(samples[0].rssMiB), rssAt2MinMiB: Math.round(after2.rssMiB), rssEndMiB: Math.round(last.rssMiB),
  rssMaxMiB: Math.round(Math.max(...samples.map((x) => x.rssMiB))), samples,
};
writeFileSync(new URL('./soak-results.json', import.meta.url), JSON.stringify(result, null, 2));
console.log(`soak: ${result.requests.toLocaleString('en-GB')} requests, ${result.soakRps} req/s, p99 ${result.p99}, non-2xx ${result.non2xx}, socket errors ${result.socketErrors}; RSS ${result.rssStartMiB} MiB at start, ${result.rssAt2MinMiB} at 2 min, ${result.rssEndMiB} at the end (max ${result.rssMaxMiB})`);
if (result.non2xx > 0 || result.socketErrors !== 'none') process.exitCode = 1;

/** wrk's latency text (e.g. 850.00us, 1.20ms, 2.1s) in milliseconds. */
function parseMs(text) {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!m) return 1;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}
