// The planner's landmark tables built by two engine builds on one snapshot: CPU of each build
// (interleaved, rounds), and whether the two agree byte for byte (the landmarks chosen, the seconds
// from and to each). Checks that a faster build keeps every value (docs/engine.md "Planner").
//   B=packages/engine/dist-base/index.js N=packages/engine/dist/index.js
//   ENGINE=$B ENGINE_B=$N node bench/landmark-check.js vilnius|newport [rounds]
//   ENGINE=$B ENGINE_B=$N node bench/landmark-check.js --tiles 8 [--naptan-tiles K --postcode-tiles K] [rounds]
import path from 'node:path';
import { cacheDir, copiesArgs, readSnapshot } from './national-serve.js';
import { ensureSnapshot, readArrayBuffer, DATA } from './snapshots.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const FEEDS = {
  vilnius: ['journey-vilnius', { gtfs: [path.join(DATA, 'gtfs/vilnius_2015-09-01/gtfs.zip')], coverage: '-89,-179,89,179' }],
  newport: ['journey-newport', { gtfs: [path.join(DATA, 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')], coverage: '-89,-179,89,179' }],
};
const tiles = arg('--tiles', null);
const rounds = Number(process.argv[process.argv.length - 1]) || 1;
let buffer, label;
if (tiles) {
  const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024').split(',');
  const file = `${cacheDir({ tiles: Number(tiles), feeds, ...copiesArgs() })}/national.snap`;
  [buffer, label] = [readSnapshot(file), `${tiles} tiles`];
} else {
  const which = process.argv[2] ?? 'newport';
  const [name, opts] = FEEDS[which];
  [buffer, label] = [readArrayBuffer((await ensureSnapshot(name, opts)).file), which];
}

/** One engine build: its landmark tables built on a fresh relaxed graph (not timed), and the CPU of that build. */
async function builder(enginePath) {
  const dist = new URL('.', `file://${path.resolve(enginePath)}`).href;
  const { Engine } = await import(dist + 'index.js');
  const { LandmarkBounds } = await import(dist + 'planner/landmark-bounds.js');
  const { TargetBounds } = await import(dist + 'planner/target-bounds.js');
  const engine = Engine.open(buffer);
  const p = engine.planner;
  return () => {
    const bounds = new TargetBounds(p.tt, p.transfers);
    const c0 = process.cpuUsage();
    const l = new LandmarkBounds(p.tt, bounds);
    const c = process.cpuUsage(c0);
    // The tables are private fields of LandmarkBounds in both builds (read here only).
    return { ms: (c.user + c.system) / 1000, stops: l.stops, from: l.fromLandmark, to: l.toLandmark };
  };
}

const a = await builder(process.env.ENGINE ?? 'packages/engine/dist-base/index.js');
const b = await builder(process.env.ENGINE_B ?? 'packages/engine/dist/index.js');
const same = (x, y) => x.length === y.length && Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
const msA = [], msB = [];
let differ = 0;
for (let r = 0; r < rounds; r++) {
  // Each build first in turn.
  let x, y;
  if (r % 2 === 0) (x = a()), (y = b());
  else (y = b()), (x = a());
  msA.push(x.ms);
  msB.push(y.ms);
  if (!same(x.stops, y.stops) || !same(x.from, y.from) || !same(x.to, y.to)) differ++;
  if (r === 0) console.log(`${label}: ${x.stops.length} landmarks (${Array.from(x.stops).join(' ')}), ${x.from.length / Math.max(1, x.stops.length)} stops`);
}
const fmt = (ms) => ms.map((m) => m.toFixed(0)).join(', ');
console.log(`build CPU ms, A: ${fmt(msA)}; B: ${fmt(msB)}; tables differing in ${differ} of ${rounds} rounds`);
