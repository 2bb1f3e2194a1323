// Where the resident memory of a cluster goes, per thread, measured in one process
// (node --expose-gc): the snapshot read into shared memory, the main thread's engine opened with
// `share` and its deriveSharedTables(), then one worker's engine opened over them (Engine.open's
// `tables`) and its prepareJourneys(), as packages/server/src/cluster does. RSS after each step
// (after a gc), and every typed array or buffer of 4 MiB or more each engine allocates,
// own or shared, with where it was made: what the main thread holds, what each further worker adds, the
// candidates for sharing.
// --own: one engine of its own instead (Engine.open without `share`, then prepareJourneys), as a
// single-process server runs. The peak RSS (VmHWM) at the end counts the temporaries too.
// ENGINE=/path/to/engine/dist/index.js measures another build of the engine.
// --plans N: then N calls of each area of national-workers.js's traffic (boards, stops, places,
// shapes, routes, plans), RSS after each area.
// Usage: node --expose-gc bench/shared-tables-memory.js FILE.snap [--plans N] [--own]
import { readFileSync } from 'node:fs';
import { readSnapshotBytes } from '@transit/server';
import { mulberry32 } from './suites/stops.js';
import { servedStops } from './national-serve.js';

const file = process.argv[2];
const plansArg = process.argv.indexOf('--plans');
const plans = plansArg > 0 ? Number(process.argv[plansArg + 1]) : 0;
const own = process.argv.includes('--own');
const { Engine } = await import(process.env.ENGINE ?? '@transit/engine');
const rss = () => process.memoryUsage().rss / 1048576;
const step = (label, before) => {
  globalThis.gc();
  const now = rss();
  console.log(`${label.padEnd(46)} RSS ${now.toFixed(0).padStart(5)} MiB (${now >= before ? "+" : ""}${(now - before).toFixed(0)}); JS heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB`);
  return now;
};
let at = step('start', 0);
// Read straight into shared memory, as the server does.
const shared = readSnapshotBytes(file).buffer;
at = step(`snapshot in shared memory (${(shared.byteLength / 1048576).toFixed(0)} MiB)`, at);
const big = [];
const where = () => new Error().stack.split('\n').slice(3, 6).map((l) => l.trim().replace(/^at /, '').replace(/ \(.*dist\//, ' (')).join(' < ');
for (const T of [Uint8Array, Int8Array, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array]) {
  globalThis[T.name] = new Proxy(T, { construct(target, args) { const a = new target(...args); if (a.byteLength >= 4 << 20 && !(args[0] instanceof ArrayBuffer) && !(args[0] instanceof SharedArrayBuffer)) big.push([T.name, a.byteLength, where()]); return a; } });
}
for (const T of [ArrayBuffer, SharedArrayBuffer]) {
  globalThis[T.name] = new Proxy(T, { construct(target, args) { const a = new target(...args); if (a.byteLength >= 4 << 20) big.push([T.name, a.byteLength, where()]); return a; } });
}
const list = (label) => {
  const total = big.reduce((s, b) => s + b[1], 0);
  console.log(`  ${label}: ${big.length} arrays of >= 4 MiB, ${(total / 1048576).toFixed(0)} MiB (own or shared, temporaries included)`);
  for (const [name, n, stack] of big) console.log(`    ${(n / 1048576).toFixed(1).padStart(7)} MiB ${name.padEnd(17)} ${stack}`);
  big.length = 0;
};
let tables;
if (!own) {
  const main = Engine.open(shared, { share: true });
  at = step('main: Engine.open(share)', at);
  list('main open');
  tables = main.deriveSharedTables();
  at = step('main: deriveSharedTables()', at);
  list('main deriveSharedTables');
}

const worker = Engine.open(shared, { tables });
at = step(own ? 'own: Engine.open()' : 'worker: Engine.open(tables)', at);
list('open');
worker.prepareJourneys();
at = step('prepareJourneys()', at);
list('prepareJourneys');
if (plans > 0) {
  // national-workers.js's traffic, area by area, on the worker's engine: what each leaves resident.
  const served = servedStops(worker);
  const rand = mulberry32(7);
  const pick = () => served[Math.floor(rand() * served.length)];
  const from = Date.parse('2023-06-13T08:00:00+01:00');
  const areas = {
    boards: () => worker.stopBoard(pick(), { from, to: from + 3_600_000, limit: 10, type: 'departures' }),
    'stops by radius': () => { const s = worker.stop(pick()); worker.stops({ near: { lat: s.latitude, lon: s.longitude, radius: 400 }, offset: 0, limit: 20 }); },
    places: () => worker.searchPlaces({ text: ['high street', 'station', 'road', 'church'][Math.floor(rand() * 4)], offset: 0, limit: 20 }),
    shapes: () => { const s = worker.stop(pick()); worker.routeShapes.inBox(s.latitude - 0.015, s.longitude - 0.015, s.latitude + 0.015, s.longitude + 0.015, 20000); },
    routes: () => worker.routes({ kind: 'bus', stopIdx: pick(), offset: 0, limit: 20 }),
    plans: (i) => {
      const a = worker.stop(pick()), b = worker.stop(pick());
      try {
        worker.planJourney({ from: { lat: a.latitude, lon: a.longitude }, to: { lat: b.latitude, lon: b.longitude }, time: from, arriveBy: i % 2 === 1, modeMask: 31, limit: 3, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: [] });
      } catch {}
    },
  };
  for (const [name, call] of Object.entries(areas)) {
    for (let i = 0; i < plans; i++) call(i);
    at = step(`${plans} ${name}`, at);
    list(name);
  }
}
console.log(`peak RSS (VmHWM) ${(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024).toFixed(0)} MiB`);
