// planJourney door to door on the real feeds, for profiling and before/after comparisons: the
// journey suite's seeded queries (stop to stop, 06:00-20:00 on the busiest day, limit 5, walk
// alternative); prints median / p90 / p99 wall time, CPU per plan (mean, p50, p99) and a hash of the answers (start, end,
// transfers, walk of every itinerary), so two engine builds can be checked to agree.
// Usage: node [--cpu-prof] bench/plan-profile.js [vilnius|newport|newport-streets|southampton] [rounds]
// ENGINE=/path/to/engine/dist/index.js runs another build of the engine on the same queries; ARRIVE_BY=1 plans arrive-by.
// SNAP=FILE opens that snapshot instead of the cached build; SNAP_B=FILE opens another for ENGINE_B (a build of another format).
// ENGINE_B=/path/to/other/dist/index.js then also compares that build with ENGINE in this process, alternating the two
// query by query (each in turn first), so both see the same machine load: CPU per plan of each, B/A, answers that differ.
// --tail N (after the other arguments) then lists the N dearest queries: CPU (least of 3 plans), search window, itineraries,
// and the CPU of range RAPTOR (RangeSearch.runAll), the extension's first journey, the window estimate and the target bounds,
// timed by wrapping those methods of the engine build's modules (for profiling only).
// --work, --runs I, --split, --phases, --bounds and --slowest N: see the end of this file.
import path from 'node:path';
import { ensureSnapshot, readArrayBuffer, DATA } from './snapshots.js';

const { Engine, NONE } = await import(process.env.ENGINE ?? '@transit/engine');

const which = process.argv[2] ?? 'vilnius';
const rounds = Number(process.argv[3] ?? 5);
const FEEDS = {
  vilnius: ['journey-vilnius', { gtfs: [path.join(DATA, 'gtfs/vilnius_2015-09-01/gtfs.zip')], coverage: '-89,-179,89,179' }],
  newport: ['journey-newport', { gtfs: [path.join(DATA, 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')], coverage: '-89,-179,89,179' }],
  'newport-streets': ['journey-newport-streets', { coverage: '-89,-179,89,179', gtfs: [path.join(DATA, 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')], osm: [path.join(DATA, 'osm/newport_wales_2023-06-13.osm.pbf')] }],
  southampton: ['journey-southampton', { gtfs: [path.join(DATA, 'gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip')], coverage: '-89,-179,89,179' }],
};
const [name, opts] = FEEDS[which];
const snap = process.env.SNAP ? { file: process.env.SNAP } : await ensureSnapshot(name, opts);
const engine = Engine.open(readArrayBuffer(snap.file));
const cal = engine.calendar, tt = engine.timetable;
let day = cal.firstDay, bestCount = -1;
for (let d = 0; d < Math.min(cal.dayCount, 60); d++) {
  let n = 0;
  for (let t = 0; t < tt.tripCount; t++) if (cal.runsOnIndex(tt.tripService[t], d)) n++;
  if (n > bestCount) [day, bestCount] = [cal.firstDay + d, n];
}
let seed = 42;
const rnd = () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t ^= t + Math.imul(t ^ (t >>> 7), 61 | t); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
// Served stops; with streets, only those with a street node (the OSM extract covers part of the feed's
// area, and a stop off it has no walk to or from it: such a plan is a no_stops_near_origin notice).
const served = [];
const stopNode = engine.streets?.columns.stopNode;
for (let s = 0; s < engine.stopTable.count; s++) if (engine.stopTable.modes[s] && !(stopNode && stopNode[s] === NONE)) served.push(s);
const qs = Array.from({ length: 100 }, () => ({ from: served[Math.floor(rnd() * served.length)], to: served[Math.floor(rnd() * served.length)], departS: 6 * 3600 + Math.floor(rnd() * 14 * 3600) }));
const lat = engine.stopTable.lat, lon = engine.stopTable.lon;
const planWith = (engine, q, extra = {}) => engine.planJourney({ from: { lat: lat[q.from], lon: lon[q.from] }, to: { lat: lat[q.to], lon: lon[q.to] }, time: cal.reference(day) + q.departS * 1000, arriveBy: Boolean(process.env.ARRIVE_BY), modeMask: 31, limit: 5, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk'], ...extra });
const plan = (q, extra) => planWith(engine, q, extra);
const answers = (r) => r.itineraries.map((i) => `${i.start}-${i.end}-${i.transfers}-${i.walkDistance}`).join(',');
const fingerprint = [];
for (const q of qs) fingerprint.push(answers(plan(q)));
const times = [];
const cpuTimes = [];
const cpu0 = process.cpuUsage();
for (let r = 0; r < rounds; r++) {
  for (const q of qs) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    plan(q);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1000);
  }
}
const cpu = process.cpuUsage(cpu0);
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const pct = (p, list = times) => (list.length ? list[Math.min(list.length - 1, Math.floor(p * list.length))].toFixed(2) : '-'); // rounds 0: only the options below
let h = 0; for (const c of fingerprint.join('|')) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
console.log(`${which}${process.env.ARRIVE_BY ? ' arrive-by' : ''}: planJourney median ${pct(0.5)} ms, p90 ${pct(0.9)}, p99 ${pct(0.99)}, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} (${times.length} runs); CPU ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(2)} ms per plan, per-plan CPU p50 ${pct(0.5, cpuTimes)} p99 ${pct(0.99, cpuTimes)} (steadier than wall time on shared cores); answers hash ${h >>> 0}`);

if (process.env.ENGINE_B) {
  const engineB = (await import(process.env.ENGINE_B)).Engine.open(readArrayBuffer(process.env.SNAP_B ?? snap.file));
  let differ = 0;
  for (const [i, q] of qs.entries()) if (answers(planWith(engineB, q)) !== fingerprint[i]) differ++;
  const cpuA = [], cpuB = [];
  // Per query, the least CPU of its `rounds` plans on each build: steadier than the pooled percentiles when other processes share the cores.
  const leastA = qs.map(() => Infinity), leastB = qs.map(() => Infinity);
  for (let r = 0; r < rounds; r++) {
    for (const [i, q] of qs.entries()) {
      for (const [e, out, least] of (i + r) % 2 ? [[engineB, cpuB, leastB], [engine, cpuA, leastA]] : [[engine, cpuA, leastA], [engineB, cpuB, leastB]]) {
        const c0 = process.cpuUsage();
        planWith(e, q);
        const c = process.cpuUsage(c0);
        out.push((c.user + c.system) / 1000);
        least[i] = Math.min(least[i], (c.user + c.system) / 1000);
      }
    }
  }
  const sum = (l) => l.reduce((a, b) => a + b, 0);
  const stats = (l) => `CPU ${(sum(l) / l.length).toFixed(2)} ms per plan, p50 ${pct(0.5, [...l].sort((a, b) => a - b))} p99 ${pct(0.99, [...l].sort((a, b) => a - b))}`;
  console.log(`A/B alternating: A ${stats(cpuA)}; B ${stats(cpuB)}; CPU B/A ${(sum(cpuB) / sum(cpuA)).toFixed(3)}; answers differing ${differ}/${qs.length}`);
  const least = (l) => `p50 ${pct(0.5, [...l].sort((a, b) => a - b))} p99 ${pct(0.99, [...l].sort((a, b) => a - b))} mean ${(sum(l) / l.length).toFixed(2)}`;
  const geomean = Math.exp(leastB.reduce((acc, b, i) => acc + Math.log(b / leastA[i]), 0) / qs.length);
  console.log(`least of ${rounds} per query, ms: A ${least(leastA)}; B ${least(leastB)}; geometric mean of B/A per query ${geomean.toFixed(3)}`);
}

/** The extension's method: `firstJourney` in builds before issue 17's fix, `nextDeparture` after. */
const extensionOf = (RangeSearch) => (RangeSearch.prototype.nextDeparture ? 'nextDeparture' : 'firstJourney');

const tailAt = process.argv.indexOf('--tail');
if (tailAt > 0) {
  const engineUrl = import.meta.resolve(process.env.ENGINE ?? '@transit/engine');
  const phases = { runAll: 0, firstJourney: 0, estimate: 0, compute: 0, runs: 0 };
  const wrap = (cls, name) => {
    const inner = cls.prototype[name];
    cls.prototype[name] = function (...args) {
      const c0 = process.cpuUsage();
      if (name === 'runAll') phases.runs += args[2]; // the departures in the window: one RAPTOR run each
      try { return inner.apply(this, args); } finally { const c = process.cpuUsage(c0); phases[name === 'nextDeparture' ? 'firstJourney' : name] += (c.user + c.system) / 1000; }
    };
  };
  const { RangeSearch } = await import(new URL('./planner/range-search.js', engineUrl));
  const { TargetBounds } = await import(new URL('./planner/target-bounds.js', engineUrl));
  for (const name of ['runAll', extensionOf(RangeSearch), 'estimate']) wrap(RangeSearch, name); // the extension's CPU is reported as the first journey's
  wrap(TargetBounds, 'compute');
  const rows = qs.map((q, i) => {
    let best = Infinity, r;
    for (const k in phases) phases[k] = 0;
    for (let k = 0; k < 3; k++) {
      const c0 = process.cpuUsage();
      r = plan(q);
      const c = process.cpuUsage(c0);
      best = Math.min(best, (c.user + c.system) / 1000);
    }
    return { i, cpu: best, windowS: r.searchWindowS, itineraries: r.itineraries.length, ...Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, v / 3])) };
  });
  rows.sort((a, b) => b.cpu - a.cpu);
  const total = rows.reduce((a, r) => a + r.cpu, 0);
  const n = Number(process.argv[tailAt + 1] ?? 10);
  console.log(`tail: median ${rows[rows.length >> 1].cpu.toFixed(2)} ms (least of 3 per query); the ${n} dearest hold ${(100 * rows.slice(0, n).reduce((a, r) => a + r.cpu, 0) / total).toFixed(0)}% of the CPU; windows of 2 h or more ${rows.filter((r) => r.windowS >= 7200).length}, extended (first journey run) ${rows.filter((r) => r.firstJourney > 0).length} of ${rows.length}`);
  for (const r of rows.slice(0, n)) console.log(`  query ${r.i}: ${r.cpu.toFixed(2)} ms, window ${r.windowS / 60} min, ${r.itineraries} itineraries, ${r.runs} range runs; mean per plan: range RAPTOR ${r.runAll.toFixed(2)}, first journey ${r.firstJourney.toFixed(2)}, estimate ${r.estimate.toFixed(2)}, target bounds ${r.compute.toFixed(2)} ms`);
}

// --work: RAPTOR runs and pattern scans per plan over the queries, and their per-query percentiles (counted by wrapping the engine build's
// RaptorSearch methods, and TargetReach's scans back from the target where the build has them, for profiling only). --runs I: one line per RAPTOR run of query I (its third plan): the
// search or extension it belongs to, the time at its first stop (query-day Seconds, search order: negated for arrive-by), the stops it starts
// from, its last round, the target per round (1..6) after it, and its CPU.
const workAt = process.argv.indexOf('--work');
const runsAt = process.argv.indexOf('--runs');
if (workAt > 0 || runsAt > 0) {
  const engineUrl = import.meta.resolve(process.env.ENGINE ?? '@transit/engine');
  const { RaptorSearch } = await import(new URL('./planner/raptor-search.js', engineUrl));
  const { RangeSearch } = await import(new URL('./planner/range-search.js', engineUrl));
  const count = { scans: 0, runs: 0 };
  const log = [];
  let tracing = false;
  for (const m of ['scanForward', 'scanReverse']) {
    const inner = RaptorSearch.prototype[m];
    RaptorSearch.prototype[m] = function (...args) { count.scans++; return inner.apply(this, args); };
  }
  const run = RaptorSearch.prototype.run;
  RaptorSearch.prototype.run = function (stops, times, n, ...rest) {
    count.runs++;
    const c0 = process.cpuUsage();
    const last = run.call(this, stops, times, n, ...rest);
    const c = process.cpuUsage(c0);
    if (tracing) log.push(`  run from ${times[0]} s, ${n} stops, last round ${last}, target ${Array.from(this.labels.target.subarray(1, 7), (t) => (t >= 2e9 ? '-' : t)).join(',')}, ${((c.user + c.system) / 1000).toFixed(2)} ms`);
    return last;
  };
  for (const m of ['search', extensionOf(RangeSearch)]) {
    const inner = RangeSearch.prototype[m];
    RangeSearch.prototype[m] = function (...args) { if (tracing) log.push(m === 'search' ? ` window ${args[0].from}..${args[0].to} s` : ` extension from ${args[1]} s`); return inner.apply(this, args); };
  }
  // Latest-departure pruning's searches back (TargetReach, in builds that have it): their pattern scans count as work too.
  const reachUrl = new URL('./planner/target-reach.js', engineUrl);
  const { TargetReach } = await import(reachUrl).catch(() => ({ TargetReach: null }));
  count.reach = 0;
  if (TargetReach) {
    for (const m of ['scanBackInTime', 'scanForwardInTime']) {
      const inner = TargetReach.prototype[m];
      TargetReach.prototype[m] = function (...args) { count.scans++; return inner.apply(this, args); };
    }
    const compute = TargetReach.prototype.compute;
    TargetReach.prototype.compute = function (...args) { count.reach++; return compute.apply(this, args); };
  }
  if (workAt > 0) {
    const perQuery = [];
    for (const q of qs) {
      const s0 = count.scans;
      plan(q);
      perQuery.push(count.scans - s0);
    }
    perQuery.sort((a, b) => a - b);
    const at = (p) => perQuery[Math.min(perQuery.length - 1, Math.floor(p * perQuery.length))];
    console.log(`work: ${(count.runs / qs.length).toFixed(1)} RAPTOR runs and ${(count.scans / qs.length).toFixed(0)} pattern scans per plan (per query p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}; searches back from the target ${count.reach})`);
  }
  if (runsAt > 0) {
    const q = qs[Number(process.argv[runsAt + 1])];
    plan(q);
    plan(q);
    tracing = true;
    const r = plan(q);
    console.log(`query ${process.argv[runsAt + 1]}: ${r.itineraries.length} itineraries, window ${r.searchWindowS / 60} min\n${log.join('\n')}`);
  }
}

// --split: where range RAPTOR's CPU goes, per plan over the queries: the first run of each window (from the window's
// latest departure, every access stop marked), its later runs (earlier departures, labels kept) and the extension's one
// run, CPU and pattern scans of each (wrapping the engine build's RaptorSearch and RangeSearch methods, for profiling only).
if (process.argv.includes('--split')) {
  const engineUrl = import.meta.resolve(process.env.ENGINE ?? '@transit/engine');
  const { RaptorSearch } = await import(new URL('./planner/raptor-search.js', engineUrl));
  const { RangeSearch } = await import(new URL('./planner/range-search.js', engineUrl));
  const parts = { first: { ms: 0, runs: 0, scans: 0 }, later: { ms: 0, runs: 0, scans: 0 }, extension: { ms: 0, runs: 0, scans: 0 } };
  let part = null, scans = 0;
  for (const m of ['scanForward', 'scanReverse']) {
    const inner = RaptorSearch.prototype[m];
    RaptorSearch.prototype[m] = function (...args) { scans++; return inner.apply(this, args); };
  }
  const run = RaptorSearch.prototype.run;
  RaptorSearch.prototype.run = function (...args) {
    const s0 = scans, c0 = process.cpuUsage();
    try { return run.apply(this, args); } finally {
      const c = process.cpuUsage(c0), to = parts[part ?? 'later'];
      to.ms += (c.user + c.system) / 1000;
      to.runs++;
      to.scans += scans - s0;
      if (part === 'first') part = 'later';
    }
  };
  for (const [m, first] of [['search', 'first'], [extensionOf(RangeSearch), 'extension']]) {
    const inner = RangeSearch.prototype[m];
    RangeSearch.prototype[m] = function (...args) { part = first; try { return inner.apply(this, args); } finally { part = null; } };
  }
  for (const q of qs) plan(q);
  const per = (v) => (v / qs.length).toFixed(2);
  console.log(`split, per plan: ${Object.entries(parts).map(([k, v]) => `${k} run${k === 'later' ? 's' : ''} ${per(v.ms)} ms CPU, ${per(v.runs)} runs, ${per(v.scans)} pattern scans`).join('; ')}`);
}

// --phases: where a plan's CPU goes, per plan over the queries, each phase's own time (its callees' taken out): access and
// egress stop searches, the window estimate, the target bounds' Dijkstra and their cache (boundsFor: key, install, landmark
// aim), the departures' collection, RAPTOR's label reset (begin), the window's first run and its later runs, the rest of the
// runs' loop (presets, traces, the pruning trigger), the searches back (TargetReach), the extension, scoring, the window's
// dedupe and Pareto filter, itinerary building, the direct alternatives and what is left of planJourney (wrapping the
// engine build's methods, for profiling only: the wrappers cost about a microsecond a call, most of it in `runs`).
if (process.argv.includes('--phases')) {
  const engineUrl = import.meta.resolve(process.env.ENGINE ?? '@transit/engine');
  const mod = async (p) => import(new URL(p, engineUrl));
  const { RaptorSearch } = await mod('./planner/raptor-search.js');
  const { RangeSearch } = await mod('./planner/range-search.js');
  const { TargetBounds } = await mod('./planner/target-bounds.js');
  const { JourneyPlanner } = await mod('./planner/journey-planner.js');
  const { ItineraryBuilder } = await mod('./planner/itinerary-builder.js');
  const { TargetReach } = await mod('./planner/target-reach.js').catch(() => ({ TargetReach: null }));
  const own = {};
  const stack = [];
  const now = () => { const c = process.cpuUsage(); return c.user + c.system; };
  let inSearch = null; // 'first' until a window's first run ends, then 'later'; 'extension' in the extension (extensionOf)
  const wrap = (cls, m, phase) => {
    if (!cls || !cls.prototype[m]) return;
    const inner = cls.prototype[m];
    cls.prototype[m] = function (...args) {
      const name = typeof phase === 'function' ? phase() : phase;
      const frame = { child: 0 };
      stack.push(frame);
      const t0 = now();
      try { return inner.apply(this, args); } finally {
        const dt = now() - t0;
        stack.pop();
        own[name] = (own[name] ?? 0) + dt - frame.child;
        if (stack.length) stack[stack.length - 1].child += dt;
        if (m === 'run' && inSearch === 'first') inSearch = 'later';
      }
    };
  };
  const enter = (cls, m, state) => {
    const inner = cls.prototype[m];
    cls.prototype[m] = function (...args) { const was = inSearch; inSearch = state; try { return inner.apply(this, args); } finally { inSearch = was; } };
  };
  const phaseOf = [
    [JourneyPlanner, 'stopsNear', 'access/egress stops'], [RangeSearch, 'estimate', 'window estimate'], [TargetBounds, 'compute', 'bounds Dijkstra'],
    [RangeSearch, 'boundsFor', 'bounds cache, install, aim'], [RangeSearch, 'collectDepartures', 'departures'], [RaptorSearch, 'begin', 'RAPTOR begin (label reset)'],
    [RaptorSearch, 'run', () => `RAPTOR ${inSearch ?? 'other'} run${inSearch === 'later' ? 's' : ''}`], [RangeSearch, 'runAll', 'runs loop (presets, traces, trigger)'],
    [TargetReach, 'compute', 'searches back (TargetReach)'], [RangeSearch, extensionOf(RangeSearch), 'extension (set-up, trace)'], [ItineraryBuilder, 'score', 'score'],
    [JourneyPlanner, 'searchWindow', 'window dedupe, Pareto'], [ItineraryBuilder, 'build', 'itinerary building'], [JourneyPlanner, 'direct', 'direct alternatives'],
    [JourneyPlanner, 'transit', 'transit rest (days, maps, pages)'], [Engine, 'planJourney', 'planJourney rest'],
  ];
  for (const [cls, m, phase] of phaseOf) wrap(cls, m, phase);
  enter(RangeSearch, 'search', 'first');
  enter(RangeSearch, extensionOf(RangeSearch), 'extension');
  for (const q of qs) plan(q); // warm the wrappers
  // Per query: each phase's CPU summed over the rounds; then the split over all queries and over the middle third (by CPU).
  const perQuery = qs.map(() => ({}));
  for (let r = 0; r < Math.max(1, rounds); r++) {
    for (const [i, q] of qs.entries()) {
      for (const k in own) own[k] = 0;
      plan(q);
      for (const k in own) perQuery[i][k] = (perQuery[i][k] ?? 0) + own[k];
    }
  }
  const sumOf = (o) => Object.values(o).reduce((a, b) => a + b, 0);
  const report = (label, list) => {
    const acc = {};
    for (const o of list) for (const k in o) acc[k] = (acc[k] ?? 0) + o[k];
    const n = list.length * Math.max(1, rounds), total = sumOf(acc);
    console.log(`phases, ${label}: CPU per plan ${(total / n / 1000).toFixed(3)} ms over ${n} plans`);
    for (const [k, v] of Object.entries(acc).sort((a, b) => b[1] - a[1])) console.log(`  ${k}: ${(v / n / 1000).toFixed(3)} ms (${((100 * v) / total).toFixed(1)}%)`);
  };
  report('all queries', perQuery);
  const byCpu = [...perQuery].sort((a, b) => sumOf(a) - sumOf(b));
  report('the middle third of the queries by CPU', byCpu.slice(Math.floor(byCpu.length / 3), Math.ceil((2 * byCpu.length) / 3)));
}

// --bounds: CPU of the target bounds' Dijkstra alone (TargetBounds.compute as the planner calls it: horizon 3 h 40, floor 2 h,
// a need stop), 200 seeded (two-stop target, need stop, direction) triples, 6 rounds (the first a warm-up), on ENGINE and, with
// ENGINE_B, on that build too, the builds alternating round by round; a checksum of the bounds (read min(bound, horizon)) and
// settled counts, which must agree.
if (process.argv.includes('--bounds')) {
  const builds = [['A', engine]];
  if (process.env.ENGINE_B) builds.push(['B', (await import(process.env.ENGINE_B)).Engine.open(readArrayBuffer(process.env.SNAP_B ?? snap.file))]);
  const S = engine.stopTable.count;
  let bseed = 7;
  const brnd = () => (bseed = (bseed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const triples = Array.from({ length: 200 }, () => ({ target: [{ stop: Math.floor(brnd() * S), seconds: 0 }, { stop: Math.floor(brnd() * S), seconds: 120 }], need: [Math.floor(brnd() * S)], reverse: brnd() < 0.5 }));
  const cpuMs = builds.map(() => 0), check = builds.map(() => 0);
  for (let r = 0; r < 6; r++) {
    for (let j = 0; j < builds.length; j++) {
      const m = (j + r) % builds.length;
      const b = builds[m][1].planner.bounds;
      const c0 = process.cpuUsage();
      for (const t of triples) {
        const lb = b.compute(t.target, t.reverse, 13_200, { need: t.need, floorS: 7200 });
        if (r === 5) { let h = 0; for (let s = 0; s < S; s++) h = (Math.imul(h, 31) + Math.min(lb[s], b.horizon)) | 0; check[m] = (Math.imul(check[m], 7) + h + b.settledCount) | 0; }
      }
      const c = process.cpuUsage(c0);
      if (r > 0) cpuMs[m] += (c.user + c.system) / 1000;
    }
  }
  console.log(`bounds Dijkstra: ${builds.map(([name], m) => `${name} ${((cpuMs[m] / 5 / triples.length) * 1000).toFixed(1)} us CPU per compute (check ${check[m] >>> 0})`).join('; ')}`);
}

// --slowest N: the N dearest queries (least CPU of 3 plans each), one line per query and one per window or extension of its
// last plan: the window (search order, s), its range runs, pattern scans, the CPU of its first run and of its later runs,
// searches back from the target (TargetReach) and what they scanned; the extension's run likewise. Each query is then
// classed: "extended" (its first window held nothing: an extension and a second window), "long window" (2 h or more), or
// "busy window" (many departures in a short one). Wraps the engine build's methods, for profiling only.
const slowestAt = process.argv.indexOf('--slowest');
if (slowestAt > 0) {
  const engineUrl = import.meta.resolve(process.env.ENGINE ?? '@transit/engine');
  const { RaptorSearch } = await import(new URL('./planner/raptor-search.js', engineUrl));
  const { RangeSearch } = await import(new URL('./planner/range-search.js', engineUrl));
  const { TargetReach } = await import(new URL('./planner/target-reach.js', engineUrl)).catch(() => ({ TargetReach: null }));
  const ms = (c) => (c.user + c.system) / 1000;
  let parts = [], part = null, scans = 0, reachScans = 0;
  for (const m of ['scanForward', 'scanReverse']) {
    const inner = RaptorSearch.prototype[m];
    RaptorSearch.prototype[m] = function (...args) { scans++; return inner.apply(this, args); };
  }
  if (TargetReach) {
    for (const m of ['scanBackInTime', 'scanForwardInTime']) {
      const inner = TargetReach.prototype[m];
      TargetReach.prototype[m] = function (...args) { reachScans++; return inner.apply(this, args); };
    }
    const compute = TargetReach.prototype.compute;
    TargetReach.prototype.compute = function (...args) {
      const c0 = process.cpuUsage();
      try { return compute.apply(this, args); } finally { if (part) { part.reach++; part.reachMs += ms(process.cpuUsage(c0)); } }
    };
  }
  const run = RaptorSearch.prototype.run;
  RaptorSearch.prototype.run = function (...args) {
    const s0 = scans, c0 = process.cpuUsage();
    try { return run.apply(this, args); } finally {
      if (part) {
        const c = ms(process.cpuUsage(c0));
        if (part.runs === 0) part.firstMs = c; else part.laterMs += c;
        part.runs++;
        part.scans += scans - s0;
      }
    }
  };
  for (const [m, kind] of [['search', 'window'], [extensionOf(RangeSearch), 'extension']]) {
    const inner = RangeSearch.prototype[m];
    RangeSearch.prototype[m] = function (...args) {
      const q = args[0];
      part = { kind, from: kind === 'window' ? (q.reverse ? -q.to : q.from) : args[1], to: kind === 'window' ? (q.reverse ? -q.from : q.to) : null, runs: 0, scans: 0, firstMs: 0, laterMs: 0, reach: 0, reachMs: 0, r0: reachScans };
      const c0 = process.cpuUsage();
      try { return inner.apply(this, args); } finally { part.ms = ms(process.cpuUsage(c0)); part.reachScans = reachScans - part.r0; parts.push(part); part = null; }
    };
  }
  const rows = qs.map((q, i) => {
    let best = Infinity, r, kept;
    for (let k = 0; k < 3; k++) {
      parts = [];
      const c0 = process.cpuUsage();
      r = plan(q);
      best = Math.min(best, ms(process.cpuUsage(c0)));
      kept = parts;
    }
    const windows = kept.filter((p) => p.kind === 'window');
    const cls = kept.some((p) => p.kind === 'extension') ? 'extended' : r.searchWindowS >= 7200 ? 'long window' : 'busy window';
    return { i, cpu: best, windowS: r.searchWindowS, itineraries: r.itineraries.length, parts: kept, cls, runs: windows.reduce((a, p) => a + p.runs, 0), scans: kept.reduce((a, p) => a + p.scans + p.reachScans, 0) };
  });
  rows.sort((a, b) => b.cpu - a.cpu);
  const n = Number(process.argv[slowestAt + 1] ?? 5);
  console.log(`slowest ${n} of ${rows.length} (least CPU of 3 plans; windows in search order, s${process.env.ARRIVE_BY ? ', negated arrivals' : ''}):`);
  for (const r of rows.slice(0, n)) {
    console.log(`  query ${r.i}: ${r.cpu.toFixed(2)} ms, ${r.cls}, window ${r.windowS / 60} min, ${r.itineraries} itineraries, ${r.runs} range runs, ${r.scans} pattern scans`);
    for (const p of r.parts) {
      const where = p.kind === 'window' ? `window ${p.from}..${p.to}` : `extension from ${p.from}`;
      const reach = p.reach ? `; ${p.reach} searches back, ${p.reachScans} scans, ${p.reachMs.toFixed(2)} ms` : '';
      console.log(`    ${where}: ${p.ms.toFixed(2)} ms, ${p.runs} runs, ${p.scans} scans, first run ${p.firstMs.toFixed(2)} ms, later runs ${p.laterMs.toFixed(2)} ms${reach}`);
    }
  }
}
