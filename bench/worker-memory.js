// Resident memory of `transit serve` by worker count, on a snapshot built from every real GTFS
// feed in ../shared/data (tens of MB; the demo without it): the snapshot lives once in a
// SharedArrayBuffer, so each added worker costs its own V8 heap, not another snapshot copy.
// The same run on the small demo snapshot is the control: equal growth per worker on both means
// no part of the snapshot is copied per worker. (1 worker serves from the main thread; 2 and more
// start worker threads, hence compare from 2 on.)
// Usage: node bench/worker-memory.js [--workers 2,3,4]
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSnapshot, haveRealData, DATA } from './snapshots.js';
import { rssMiB, startCli } from './http-common.js';

const arg = process.argv.indexOf('--workers');
const counts = (arg > 0 ? process.argv[arg + 1] : '2,3,4').split(',').map(Number);
const feeds = haveRealData()
  ? readdirSync(path.join(DATA, 'gtfs'), { recursive: true }).filter((f) => String(f).endsWith('.zip')).map((f) => path.join(DATA, 'gtfs', String(f)))
  : [];
const targets = [await ensureSnapshot('demo', { demo: true })];
if (feeds.length) targets.push(await ensureSnapshot('all-gtfs', { gtfs: feeds }));
const mib = (b) => (b / 1048576).toFixed(1);
const saved = [];
for (const target of targets) saved.push({ snapshot: target.name, snapshotMiB: mib(target.bytes), rows: await measure(target) });
writeFileSync(new URL('./worker-memory.json', import.meta.url), JSON.stringify(saved, null, 2));

async function measure(target) {
console.log(`snapshot ${target.name}: ${mib(target.bytes)} MiB`);
const rows = [];
for (const n of counts) {
  const { proc, url } = await startCli(target.file, n, { LIVE_SIMULATE: 'false' });
  // A little traffic on every thread (stops search on each worker), then let the heap settle.
  await Promise.all(Array.from({ length: 64 }, (_, i) => fetch(`${url}/v1/bus/stops.json?lat=${51 + i / 100}&lon=-3&api_key=bench-key`).then((r) => r.text())));
  await new Promise((r) => setTimeout(r, 1500));
  const rss = rssMiB(proc.pid) * 1048576;
  proc.kill('SIGTERM');
  await new Promise((r) => proc.on('exit', r));
  rows.push({ workers: n, rssMiB: mib(rss), perAddedWorkerMiB: rows.length ? mib((rss - rows[0].rss) / (n - rows[0].workers)) : '', rss });
}
console.table(rows.map(({ rss, ...r }) => r));
console.log(`(a private copy per worker would add ${mib(target.bytes)} MiB more per added worker)`);
return rows.map(({ rss, ...r }) => r);
}
