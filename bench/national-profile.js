// Profiles one workload of bench/national-serve.js on a cached tiled snapshot, for --cpu-prof:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/national-profile.js --tiles 32 plan
//   node bench/national-profile.js --top /tmp/prof/<file>.cpuprofile   # self time by function
// Workloads: raptor, plan, bounds (target bounds per horizon), places, shapes-first, shapes, board-first, fleet. The snapshot must be
// built first (`node bench/national-serve.js --tiles N`). Queries are seeded, between tile-0
// stops, on tile 0's busiest day; the printed time per call is wall time, for orientation only.
// `plan` and `bounds` first call Engine.prepareJourneys (timed apart: what a server does before it
// reports ready). ENGINE=/path/to/engine/dist/index.js runs another build of the engine; --dir DIR reads DIR/national.snap
// instead of the cached snapshot of --tiles (a build of another format; DIR/tiles.json as the cache's).
import { readFileSync } from 'node:fs';
import { cacheDir, copiesArgs, readSnapshot, servedStops } from './national-serve.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** Prints the functions with the most self time in a .cpuprofile. */
function top(file, count = 16) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const dt = new Map();
  p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const self = new Map();
  let total = 0;
  for (const n of p.nodes) {
    const t = dt.get(n.id) ?? 0;
    total += t;
    const k = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + t);
  }
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${((100 * t) / total).toFixed(1).padStart(5)}% ${k}`);
}

if (process.argv.includes('--top')) top(arg('--top'));
else {
  const enginePath = process.env.ENGINE ?? '@transit/engine';
  const { Engine, ukLocalToEpoch } = await import(enginePath);
  const tiles = Number(arg('--tiles', '8'));
  const work = process.argv[process.argv.length - 1];
  const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024').split(',');
  const engine = Engine.open(readSnapshot(`${arg("--dir") ?? cacheDir({ tiles, feeds, ...copiesArgs() })}/national.snap`));
  const st = engine.stopTable, cal = engine.calendar;
  const tile0 = [];
  for (let s = 0; s < st.count; s++) if (engine.stop(s).atcocode.startsWith('N000')) tile0.push(s);
  const served = servedStops(engine, tile0);
  const day = Number(arg('--day', '19521')); // 2023-06-13, tile 0's busiest day (national-serve.js prints it)
  let seed = 3;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  const pairs = Array.from({ length: 60 }, () => ({ from: served[Math.floor(rand() * served.length)], to: served[Math.floor(rand() * served.length)], departS: 6 * 3600 + Math.floor(rand() * 14 * 3600) }));
  const names = Array.from({ length: 120 }, () => engine.stop(tile0[Math.floor(rand() * tile0.length)]).name);
  const box = (s) => [st.lat[s] - 0.015, st.lon[s] - 0.024, st.lat[s] + 0.015, st.lon[s] + 0.024];
  let n = 0;
  // --calls N: one untimed warm-up cycle of the 60 pairs, then exactly N calls, instead of a time budget (plan: 120 is two cycles, so runs compare like for like).
  const calls = Number(arg('--calls', '0'));
  const until = (ms, f) => {
    const end = performance.now() + ms;
    if (calls > 0) {
      for (let i = 0; i < 60; i++) f(i);
      [cpu0, t0] = [process.cpuUsage(), performance.now()];
      while (n < calls) f(n++);
    } else while (performance.now() < end) f(n++);
  };
  if (work === 'plan' || work === 'bounds') {
    const c0 = process.cpuUsage();
    engine.prepareJourneys();
    const c = process.cpuUsage(c0);
    console.log(`prepareJourneys: ${((c.user + c.system) / 1000).toFixed(0)} ms CPU, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  }
  let t0 = performance.now();
  let cpu0 = process.cpuUsage();
  if (work === 'raptor') until(8000, (i) => { const q = pairs[i % 60]; engine.planner.earliestArrival({ origins: [{ stop: q.from, seconds: 0, metres: 0 }], day, departS: q.departS }); });
  if (work === 'plan') until(8000, (i) => { const q = pairs[i % 60]; engine.planJourney({ from: { lat: st.lat[q.from], lon: st.lon[q.from] }, to: { lat: st.lat[q.to], lon: st.lon[q.to] }, time: cal.reference(day) + q.departS * 1000, arriveBy: false, modeMask: 31, limit: 5, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk'] }); });
  if (work === 'bounds') {
    // Stops the target bounds' Dijkstra settles per horizon, towards 60 seeded tile-0 destinations.
    const dist = process.env.ENGINE ? new URL('.', `file://${process.env.ENGINE}`).href : new URL('../packages/engine/dist/', import.meta.url).href;
    const { TargetBounds } = await import(`${dist}planner/target-bounds.js`);
    const bounds = new TargetBounds(engine.planner.tt, engine.planner.transfers);
    for (const hours of [1, 2, 3, 11 / 3, 6]) {
      let settled = 0;
      const c0 = process.cpuUsage();
      for (const q of pairs) {
        bounds.compute([{ stop: q.to, seconds: 0, metres: 0 }], false, Math.round(hours * 3600));
        settled += bounds.settledCount;
        n++;
      }
      const c = process.cpuUsage(c0);
      console.log(`horizon ${hours.toFixed(2)} h: ${Math.round(settled / pairs.length)} stops settled, ${((c.user + c.system) / 1000 / pairs.length).toFixed(2)} ms CPU per destination`);
    }
    // The landmark bounds (built once per snapshot): build CPU, and how near they come to the exact bound past a 3 h 40 horizon.
    const landmarkPath = `${dist}planner/landmark-bounds.js`;
    const { LandmarkBounds } = await import(landmarkPath).catch(() => ({}));
    if (LandmarkBounds) {
      const c0 = process.cpuUsage();
      const landmarks = new LandmarkBounds(engine.planner.tt, bounds);
      const c = process.cpuUsage(c0);
      let sum = 0, count = 0;
      for (const q of pairs.slice(0, 10)) {
        const target = [{ stop: q.to, seconds: 0, metres: 0 }];
        const exact = bounds.compute(target, false);
        landmarks.aim(target, false);
        for (let s = 0; s < exact.length; s++) if (exact[s] >= 13_200 && exact[s] < 2e9) (sum += Math.max(13_200, landmarks.bound(s)) / exact[s]), count++;
      }
      console.log(`landmarks: ${landmarks.count}, built in ${((c.user + c.system) / 1000).toFixed(0)} ms CPU; past 3 h 40, max(horizon, landmark bound) / exact bound: mean ${(sum / count).toFixed(3)} over ${count} stops of 10 destinations`);
    }
  }
  if (work === 'places') until(6000, (i) => engine.searchPlaces({ text: names[i % 120], offset: 0, limit: 20 }));
  if (work === 'shapes-first') engine.routeShapes.inBox(...box(tile0[0]), 20_000);
  if (work === 'shapes') { engine.routeShapes.inBox(...box(tile0[0]), 20_000); until(6000, (i) => engine.routeShapes.inBox(...box(tile0[i % tile0.length]), 20_000)); }
  if (work === 'board-first') { const from = ukLocalToEpoch(day, 8 * 3600); engine.stopBoard(served[0], { from, to: from + 3_600_000, limit: 20, type: 'departures' }); }
  if (work === 'fleet') {
    const { parseSiriVm } = await import('@transit/feeds');
    const { simulatedSiriVm } = await import('@transit/builder');
    const now = ukLocalToEpoch(day, 8.5 * 3600);
    const siri = new TextEncoder().encode(simulatedSiriVm(engine, now));
    until(6000, () => engine.matchVehicles(parseSiriVm(siri).records, now));
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(`${work}: ${n} calls, ${((performance.now() - t0) / Math.max(n, 1)).toFixed(3)} ms per call (wall), ${((cpu.user + cpu.system) / 1000 / Math.max(n, 1)).toFixed(3)} ms CPU`);
}
