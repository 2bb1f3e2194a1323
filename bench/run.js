// Benchmarks: snapshot build time and size, load time, stops by radius and place search, each
// beside a naive baseline. `--ci` is the quick pass CI runs (fails only on crashes or wrong
// results, never on timing); the full run also rewrites bench/RESULTS.md.
import { writeFileSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import { Bench } from 'tinybench';
import { Engine } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, realInputs, haveRealData } from './snapshots.js';
import { stopsQueries, checkStops, naiveStops } from './suites/stops.js';
import { placeQueries, checkPlaces, naivePlaces } from './suites/places.js';
import { boardDay, boardQueries, checkBoards, boardTasks } from './suites/boards.js';
import { routeDay, routeQueries, largestRoute, checkRoutes, naiveRoute } from './suites/routes.js';
import { disruptionSuite, disruptionTasks } from './suites/disruptions.js';
import { liveSuite } from './suites/live.js';
import { streetsSuite } from './suites/streets.js';
import { journeySuite } from './suites/journey.js';
import { shapesSuite } from './suites/shapes.js';

const ci = process.argv.includes('--ci');
const time = ci ? 300 : 2000;
const results = { machine: machine(), mode: ci ? 'ci' : 'full', snapshots: [], benchmarks: [] };

const demo = await ensureSnapshot('demo', { demo: true }, { rebuild: true });
results.snapshots.push(demo);
const real = haveRealData() ? await ensureSnapshot('south-yorkshire', realInputs(), { rebuild: !ci }) : null;
if (real) results.snapshots.push(real);
const target = real ?? demo;
console.log(`snapshot ${target.name}: ${(target.bytes / 1048576).toFixed(1)} MiB${target.buildMs ? `, built in ${(target.buildMs / 1000).toFixed(1)} s` : ''}`);

const buffer = readArrayBuffer(target.file);
const engine = Engine.open(buffer);
const stopQs = stopsQueries(engine, 200);
const placeQs = placeQueries(engine);
checkStops(engine, stopQs); // throws on a wrong answer
checkPlaces(engine, placeQs);
const boardQs = boardQueries(engine, 200, boardDay(engine));
checkBoards(engine, boardQs);
const day = routeDay(engine);
const routeQs = routeQueries(engine, day);
const bigRoute = largestRoute(engine, day);
checkRoutes(engine, routeQs);

let sink = 0;
let i = 0;
// tinybench runs every task at least `iterations` times (64 by default) whatever `time` says: the
// CI pass caps the slow naive baselines (0.1-1 s a call) at a few calls, which took ~4 of its ~6 minutes.
const bench = new Bench({ time, warmupTime: ci ? 50 : 300, ...(ci ? { iterations: 3, warmupIterations: 1 } : {}) });
bench
  .add('load: read snapshot file + Engine.open', () => { sink += Engine.open(readArrayBuffer(target.file)).stopTable.count; })
  .add('load: Engine.open on bytes in memory (zero-copy)', () => { sink += Engine.open(buffer).stopTable.count; })
  .add('load: JSON.parse of the stop table (naive baseline)', () => { sink += JSON.parse(stopJson).length; })
  .add('stops by radius 400 m', () => { sink += engine.stops(stopQs[i++ % stopQs.length]).total; })
  .add('stops by radius 400 m: linear scan (naive baseline)', () => { sink += naiveStops(engine, stopQs[i++ % stopQs.length]).length; })
  .add('place search', () => { sink += engine.searchPlaces(placeQs[i++ % placeQs.length]).total; })
  .add('place search: substring scan (naive baseline)', () => { sink += naivePlaces(engine, placeQs[i++ % placeQs.length]).length; })
  .add('route detail, 50-journey page (every route, pages 1-3)', () => { const r = routeQs[i++ % routeQs.length]; sink += engine.route(r.routeIdx, r.q).timetable.total; })
  .add(`route detail, 50-journey page of the largest route (${bigRoute.journeys} journeys)`, () => { sink += engine.route(bigRoute.routeIdx, bigRoute.q).timetable.total; })
  .add('route detail: trip scan + sort (naive baseline)', () => { const r = routeQs[i++ % routeQs.length]; sink += naiveRoute(engine, r.routeIdx, r.q).total; });
for (const [name, fn] of boardTasks(engine, boardQs)) bench.add(name, () => { sink += fn(); });
const disruptions = disruptionSuite(); // seeded; throws when path matching differs from brute force
for (const [name, fn] of disruptionTasks(disruptions.index, disruptions.records, disruptions.paths)) bench.add(name, () => { sink += fn(); });
const live = await liveSuite(); // Newport timetable + real GTFS-RT / SIRI-VM; null without ../shared/data
if (live) for (const [name, fn] of live.tasks) bench.add(name, () => { sink += fn(); });
const streets = await streetsSuite(); // Newport OSM + GTFS; null without ../shared/data
if (streets) for (const [name, fn] of streets.tasks) bench.add(name, () => { sink += fn(); });
const shapes = await shapesSuite(); // Bluestar Southampton GTFS; null without ../shared/data
if (shapes) for (const [name, fn] of shapes.tasks) bench.add(name, () => { sink += fn(); });
for (const [name, fn] of await journeySuite({ queries: ci ? 30 : 100 })) bench.add(name, () => { sink += fn(); });
const stopJson = JSON.stringify(Array.from({ length: engine.stopTable.count }, (_, k) => engine.stop(k)));

await bench.run();
for (const task of bench.tasks) {
  const r = task.result;
  // ops/s from the mean latency: throughput.mean averages per-run rates, which a few instant runs inflate.
  const row = { name: task.name, medianUs: r.latency.p50 * 1000, meanUs: r.latency.mean * 1000, p99Us: r.latency.p99 * 1000, opsPerSec: 1000 / r.latency.mean, samples: r.latency.samples?.length ?? r.totalTime };
  results.benchmarks.push(row);
}
console.table(results.benchmarks.map((b) => ({ name: b.name, 'median µs': b.medianUs.toFixed(2), 'p99 µs': b.p99Us.toFixed(2), 'ops/s': Math.round(b.opsPerSec) })));
console.log(`heap used ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB, rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB (sink ${sink > 0})`);
writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2));
if (!ci) writeFileSync(new URL('./RESULTS.md', import.meta.url), markdown(results));

function machine() {
  return { node: process.version, cpu: os.cpus()[0]?.model, cores: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` };
}

/**
 * RESULTS.md with this run's sections (snapshots, queries, and the HTTP, memory and soak runs whose JSON
 * files are here) put in place of the same sections of the current file; sections written by hand
 * (planner profiles, journey HTTP runs) and sections whose JSON files are absent are kept as they are.
 */
function markdown(r) {
  const rows = r.benchmarks.map((b) => `| ${b.name} | ${b.medianUs.toFixed(2)} | ${b.p99Us.toFixed(2)} | ${Math.round(b.opsPerSec).toLocaleString('en-GB')} |`);
  const snaps = r.snapshots.map((s) => `| ${s.name} | ${(s.bytes / 1048576).toFixed(2)} MiB | ${s.buildMs ? (s.buildMs / 1000).toFixed(2) + ' s' : 'cached'} |`);
  const head = `# Benchmark results\n\nWritten by \`npm run bench\` (full run), which rewrites the sections it measures and keeps the others. Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memGiB} GiB, Node ${r.machine.node}, ${r.machine.platform}.\n`;
  const fresh = [
    `## Snapshots\n\n| snapshot | size | build time |\n|---|---|---|\n${snaps.join('\n')}\n`,
    `## Queries (on the ${r.snapshots.at(-1).name} snapshot)\n\n| benchmark | median µs | p99 µs | ops/s |\n|---|---|---|---|\n${rows.join('\n')}\n`,
    ...httpSections(),
  ];
  const file = new URL('./RESULTS.md', import.meta.url);
  const old = existsSync(file) ? readFileSync(file, 'utf8').split(/\n(?=## )/).slice(1) : [];
  const key = (section) => section.slice(0, section.search(/[(\n]/)).trim(); // "## Queries", "## HTTP", "## HTTP journeys"
  const merged = old.map((section) => fresh.find((f) => key(f) === key(section)) ?? section.trimEnd() + '\n');
  for (const f of fresh) if (!old.some((section) => key(section) === key(f))) merged.push(f);
  return [head, ...merged].join('\n');
}

/** The latest `node bench/http-load.js` and `node bench/worker-memory.js` runs (JSON files beside this script, not committed), as tables. */
function httpSections() {
  const here = (f) => new URL(f, import.meta.url);
  const files = readdirSync(here('.')).filter((f) => /^http-results-.*\.json$/.test(f)).sort();
  const out = [];
  if (files.length) {
    const runs = files.map((f) => JSON.parse(readFileSync(here(f), 'utf8')));
    const rows = runs.flatMap((r) => r.results.map((x) => `| ${r.snapshot} | ${r.workers ?? 1} | \`${x.path}\` | ${x.requestsPerSecond.toLocaleString('en-GB')} | ${x.p50} | ${x.p99} | ${x.non2xx} |`));
    const rss = runs.map((r) => `${r.snapshot}, ${r.workers ?? 1} worker(s): ${r.rssMiB ?? '?'} MiB`).join('; ');
    out.push(`## HTTP (wrk -t2 -c${runs[0].connections}, ${runs[0].seconds} s per run; server and wrk share the 2 cores)\n\nCommand: \`node bench/http-load.js --workers N --mix 5000\` (real snapshot; \`--demo\` for the demo); needs Debian's \`wrk\`. Single URLs are answered from the per-second reuse after the first request of each second; \"a new URL every request\" never reuses anything. Server RSS after the runs: ${rss}.\n\n| snapshot | workers | request | req/s | p50 | p99 | non-2xx |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}\n`);
  }
  if (existsSync(here('worker-memory.json'))) {
    const mem = JSON.parse(readFileSync(here('worker-memory.json'), 'utf8'));
    const rows = mem.flatMap((m) => m.rows.map((r) => `| ${m.snapshot} (${m.snapshotMiB} MiB) | ${r.workers} | ${r.rssMiB} | ${r.perAddedWorkerMiB} |`));
    out.push(`## Memory by worker count\n\nCommand: \`node bench/worker-memory.js\`. Resident memory of \`transit serve\` after a little traffic; the demo snapshot is the control. Equal growth per added worker on a 0.9 MiB and a 33 MiB snapshot: each worker costs its own V8 heap, the snapshot is held once in shared memory.\n\n| snapshot | workers | RSS MiB | per added worker MiB |\n|---|---|---|---|\n${rows.join('\n')}\n`);
  }
  if (existsSync(here('soak-results.json'))) {
    const k = JSON.parse(readFileSync(here('soak-results.json'), 'utf8'));
    out.push(`## Soak\n\nCommand: \`node bench/soak.js\` (${k.minutes} minutes, ${k.workers} workers, ${k.snapshot} snapshot, the 5,000-URL request mix). Peak ${k.peakRps.toLocaleString('en-GB')} req/s; soak aimed at ${(k.targetRps ?? 0).toLocaleString('en-GB')} req/s (${Math.round((k.fraction ?? 0) * 100)}% of peak) and ran at ${k.soakRps.toLocaleString('en-GB')} req/s: ${k.requests.toLocaleString('en-GB')} requests, p99 ${k.p99}, non-2xx ${k.non2xx}, socket errors ${k.socketErrors}. Resident memory ${k.rssStartMiB} MiB at the start, ${k.rssAt2MinMiB} MiB after 2 minutes, ${k.rssEndMiB} MiB at the end (at most ${k.rssMaxMiB} MiB).\n`);
  }
  return out;
}
