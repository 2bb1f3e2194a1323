// Live heap of the builder's parsed model per GTFS file: parseGtfs with a progress object that
// runs two full collections and prints heapUsed at the start of shapes.txt and stop_times.txt,
// and again after the last file (run it on a copy of the folder without shapes.txt to split the
// shapes from the trips).
// Usage: node --expose-gc bench/build-heap-by-file.js GTFS_DIR [--builder DIR]
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const builderArg = process.argv.indexOf('--builder');
const dist = path.resolve(builderArg > 0 ? process.argv[builderArg + 1] : 'packages/builder/dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { newDataset } = await load('compile/compile-snapshot.js');
const { parseGtfs } = await load('gtfs/parse-gtfs.js');
const { openSource } = await load('source/feed-source.js');
if (typeof gc !== 'function') throw new Error('run with node --expose-gc');

const MiB = (n) => (n / 1048576).toFixed(1);
const mark = (label) => {
  gc();
  gc();
  const m = process.memoryUsage();
  console.log(`${label}: heapUsed ${MiB(m.heapUsed)} arrayBuffers ${MiB(m.arrayBuffers)} rss ${MiB(m.rss)} MiB`);
};
const progress = { start: mark, tick() {}, done() {}, step() {}, compiled() {} };
const ds = newDataset();
mark('empty dataset');
await parseGtfs({ ds, tt: ds.timetable, source: await openSource(process.argv[2]), feed: '0', progress });
mark('after the last file');
const tt = ds.timetable;
console.log(`trips ${tt.trips.length}, stops ${ds.stops.size}, services ${tt.services.length}, shapes ${tt.shapeIds.length}, stop times ${tt.st.length}`);
