// Resident memory of `transit serve` on a cached national snapshot (bench/national-serve.js
// builds it), with every API area warmed on every worker: stop boards, stops by radius, places,
// shapes, journeys, routes at a stop. Issue 16 asks for a national snapshot served on 2 workers in at most
// 2 GB. RSS is read from /proc after the warm-up and again after a forced settle.
// Usage: node bench/national-workers.js [--tiles 32] [--workers 2] [--requests 400] [--naptan-tiles K] [--postcode-tiles K] [--snapshot FILE]
// (--snapshot: serve FILE instead of the cached national.snap, e.g. one built by another builder)
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { opt, rssMiB, startCli, withKey } from './http-common.js';
import { cacheDir, copiesArgs, readSnapshot, servedStops } from './national-serve.js';
import { journeyUrls } from './journey-urls.js';
import { mulberry32 } from './suites/stops.js';

const tiles = opt('tiles', 32);
const workers = opt('workers', 2);
const requests = opt('requests', 400);
const FEEDS = ['newport', 'vilnius', 'southampton', 'wales', 'newport2024'];
const copies = copiesArgs();
const snapshotArg = process.argv.indexOf('--snapshot');
const file = snapshotArg > 0 ? process.argv[snapshotArg + 1] : path.join(cacheDir({ tiles, feeds: FEEDS, ...copies }), 'national.snap');
if (!existsSync(file)) {
  console.error(`no cached snapshot at ${file}: run node bench/national-serve.js --tiles ${tiles} (with the same copy options) first`);
  process.exit(2);
}
const engine = Engine.open(readSnapshot(file));
const DAY = '2023-06-13'; // tile 0's busiest day (national-serve.js)

/** Seeded URLs over every API area, spread over the whole snapshot (every tile). */
function urls() {
  const rand = mulberry32(16);
  const served = servedStops(engine);
  const pick = () => engine.stop(served[Math.floor(rand() * served.length)]);
  const words = ['high street', 'station', 'road', 'church', 'park', 'newport', 'centre', 'hospital'];
  const out = [];
  for (let n = 0; n < requests; n++) {
    const s = pick();
    const hh = String(6 + (n % 14)).padStart(2, '0');
    const box = (d) => `min_lat=${(s.latitude - d).toFixed(4)}&min_lon=${(s.longitude - d).toFixed(4)}&max_lat=${(s.latitude + d).toFixed(4)}&max_lon=${(s.longitude + d).toFixed(4)}`;
    switch (n % 6) {
      case 0: out.push(`/v1/bus/stop_timetables/${encodeURIComponent(s.atcocode)}.json?datetime=${DAY}T${hh}:00:00`); break;
      case 1: out.push(`/v1/bus/stops.json?lat=${s.latitude.toFixed(5)}&lon=${s.longitude.toFixed(5)}&radius=400`); break;
      case 2: out.push(`/v1/places.json?query=${encodeURIComponent(words[n % words.length])}`); break;
      case 3: out.push(`/v1/shapes.json?${box(0.015)}`); break;
      case 4: out.push(`/v1/bus/routes.json?atcocode=${encodeURIComponent(s.atcocode)}`); break;
      default: out.push(`/v1/bus/stops.json?${box(0.01)}`);
    }
  }
  return [...out, ...journeyUrls(engine, Math.ceil(requests / 6), DAY, false)].map(withKey);
}

const list = urls();
const snapshotMiB = statSync(file).size / 1048576;
const started = performance.now();
const { proc, url } = await startCli(file, workers, { LIVE_SIMULATE: 'false' });
const startS = (performance.now() - started) / 1000;
const afterStart = rssMiB(proc.pid);
const statuses = new Map();
// 8 at a time, each on a new connection, so every worker thread gets its share.
for (let i = 0; i < list.length; i += 8) {
  await Promise.all(list.slice(i, i + 8).map(async (u) => {
    const r = await fetch(url + u, { headers: { connection: 'close' } });
    await r.arrayBuffer();
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }));
}
const afterTraffic = rssMiB(proc.pid);
await new Promise((r) => setTimeout(r, 3000));
const settled = rssMiB(proc.pid);
proc.kill('SIGTERM');
await new Promise((r) => proc.on('exit', r));
console.log(`${tiles} tiles (${snapshotMiB.toFixed(1)} MiB snapshot, ${engine.info.counts.stops} stops, ${engine.info.counts.trips} trips), ${workers} workers, ${list.length} requests (${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')})`);
console.log(`start (spawn to listening, snapshot read included) ${startS.toFixed(1)} s; RSS MiB: after start ${afterStart.toFixed(0)}, after traffic ${afterTraffic.toFixed(0)}, 3 s later ${settled.toFixed(0)}`);
