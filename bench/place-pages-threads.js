// The stored place pages of a snapshot computed on one thread (compilePlacePages) and on two
// (the builder's compilePlacePagesOnTwoThreads), interleaved: wall and CPU seconds (user + system,
// all threads) and whether the columns are the same. The snapshot's own pages are not read.
// Usage: node bench/place-pages-threads.js FILE [--runs N]   (needs npm run build)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { SnapshotReader } from '@transit/engine';
import { compilePlacePages } from '../packages/builder/dist/places/compile-place-pages.js';
import { compilePlacePagesOnTwoThreads } from '../packages/builder/dist/places/place-pages-threads.js';

const file = process.argv[2];
const i = process.argv.indexOf('--runs');
const runs = i > 0 ? Number(process.argv[i + 1]) : 2;
const bytes = readFileSync(file);
const snapshot = new SharedArrayBuffer(bytes.length);
new Uint8Array(snapshot).set(bytes);
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
const hash = (p) => Object.values(p).reduce((h, a) => a.reduce((x, v) => (Math.imul(x, 31) + v) >>> 0, h), 7);
for (let run = 0; run < runs; run++) {
  for (const threads of [1, 2]) {
    const c0 = cpu();
    const t0 = performance.now();
    const pages = threads === 1 ? compilePlacePages(new SnapshotReader(snapshot)) : await compilePlacePagesOnTwoThreads(snapshot, {});
    const wall = (performance.now() - t0) / 1000;
    console.log(`${threads} thread(s): ${pages.totals.length} texts, ${wall.toFixed(1)} s wall, ${(cpu() - c0).toFixed(1)} s CPU, columns hash ${hash(pages).toString(16)}, load ${loadavg()[0].toFixed(1)}`);
  }
}
