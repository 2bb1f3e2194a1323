// Place search queries that no stored first page answers ("below the cut"): for each of
// bench/national-serve.js's place queries, whether a stored page answers it, its words' postings,
// the way WordSearch takes, the candidates it scores, the matches, and the warm CPU µs of the
// match pass (collect) and of the ranking pass (rank) apart; then the sums by class and way.
//   node bench/places-below-cut.js --tiles 32
//   flock /work/tmp/big.lock node bench/places-below-cut.js --tiles 200 --naptan-tiles 43 --postcode-tiles 36
// Options: --snap FILE (another snapshot), --top N (slowest queries listed, default 25), --cycles N
// (default 40), --base DIST (another engine build, cycled in turn with this one), --no-phases.
// ENGINE=/path/to/engine/dist/index.js runs another build. Reads the engine's internals: a
// diagnostic, not an API.
import path from 'node:path';
import { cacheDir, copiesArgs, readSnapshot, servePlaceQueries } from './national-serve.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const { Engine, tokenize } = await import(process.env.ENGINE ?? '@transit/engine');
const FEEDS = ['newport', 'vilnius', 'southampton', 'wales', 'newport2024'];
const file = arg('--snap') ?? path.join(cacheDir({ tiles: Number(arg('--tiles', '1')), feeds: FEEDS, ...copiesArgs() }), 'national.snap');
const bytes = readSnapshot(file);
const engine = Engine.open(bytes);
const tile0 = [];
for (let s = 0; s < engine.stopTable.count; s++) {
  const code = engine.stop(s).atcocode;
  if (code.startsWith('N000')) tile0.push([code, s]);
}
tile0.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const index = engine.places;
const ws = index.wordSearch;
const qs = servePlaceQueries(engine, tile0);
console.log(`tokens ${ws.words.dict.count}, postings ${ws.postings.length}, typo hashes ${ws.words.dict.typoHashes.length}, indexed places ${ws.nameTokenCounts.length}`);

/** Mean CPU µs of f over enough calls (best of 3 rounds). */
function cpuUs(f) {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage();
    let calls = 0;
    do {
      for (let k = 0; k < 5; k++) f();
      calls += 5;
    } while (calls < 200 && process.cpuUsage(c0).user < 20_000);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / calls);
  }
  return best;
}

// Every query a few times first: the compiler's work (on background threads, which
// process.cpuUsage counts) is done before anything is timed.
for (let k = 0; k < 5; k++) for (const { q } of qs) engine.searchPlaces(q);
const rows = [];
for (const { cls, q } of qs) {
  const text = q.text.trim();
  const words = tokenize(text);
  const paged = index.pages && (index.pages.find(text) !== -1 || index.findPhrase(index.pages, text, words) !== -1);
  const w = ws.words;
  w.prepare(words);
  const counts = Array.from({ length: w.count }, (_, i) => w.candidateCount(i));
  const work = ws.work(words);
  let way = paged ? 'page' : words.length === 1 ? 'one word' : 'postings';
  if (!paged && words.length > 1) {
    const pivot = w.rarestWord();
    const others = counts.reduce((a, c, i) => (i === pivot ? a : a + c), 0);
    if (!(others <= counts[pivot] * (w.count - 1) * 4 && !ws.wordsShareTokens())) way = 'verify';
  }
  const total = engine.searchPlaces(q).total;
  const candidates = index.cands.count;
  const all = cpuUs(() => engine.searchPlaces(q));
  let collect = 0;
  let rank = 0;
  if (!paged) {
    collect = cpuUs(() => index.matchText(text, 31, q, words));
    rank = cpuUs(() => index.rank(q));
  }
  rows.push({ cls, text, paged, way, counts, work, candidates, total, all, collect, rank });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
const below = rows.filter((r) => !r.paged);
console.log(`${path.basename(path.dirname(file))}: ${rows.length} queries, ${rows.length - below.length} answered from stored pages (${index.pages?.wordCount ?? 0} texts)`);
console.log(`CPU µs per query, median: all ${median(rows.map((r) => r.all)).toFixed(1)}, below the cut ${median(below.map((r) => r.all)).toFixed(1)}; mean: all ${(rows.reduce((a, r) => a + r.all, 0) / rows.length).toFixed(1)}`);
const groups = new Map();
for (const r of rows) {
  const key = `${r.cls} / ${r.way}`;
  const g = groups.get(key) ?? { n: 0, all: 0, collect: 0, rank: 0, candidates: 0 };
  g.n++;
  g.all += r.all;
  g.collect += r.collect;
  g.rank += r.rank;
  g.candidates += r.candidates;
  groups.set(key, g);
}
console.log('class / way: queries, CPU µs summed (all = collect + rank + page), mean candidates');
for (const [key, g] of [...groups].sort((a, b) => b[1].all - a[1].all)) {
  console.log(`  ${key.padEnd(28)} ${String(g.n).padStart(3)}  all ${g.all.toFixed(0).padStart(6)}  collect ${g.collect.toFixed(0).padStart(6)}  rank ${g.rank.toFixed(0).padStart(6)}  candidates ${(g.candidates / g.n).toFixed(0)}`);
}
console.log(`slowest ${arg('--top', '25')} (CPU µs: all, collect, rank; postings per word; work; candidates; total):`);
for (const r of [...rows].sort((a, b) => b.all - a.all).slice(0, Number(arg('--top', '25')))) {
  console.log(`  ${JSON.stringify(r.text).padEnd(34)} ${r.cls.padEnd(10)} ${r.way.padEnd(8)} ${r.all.toFixed(1).padStart(7)} ${r.collect.toFixed(1).padStart(7)} ${r.rank.toFixed(1).padStart(6)}  [${r.counts.join(',')}] ${r.work} ${r.candidates} ${r.total}`);
}

// The queries cycled, as national-serve.js's tinybench row runs them: each call's wall µs, the
// median per query over the cycles (cold caches: the other queries run between). With --base
// DIST, that engine build opens the same bytes and the two builds' cycles alternate.
const cycles = Number(arg('--cycles', '40'));
const builds = [{ name: 'head', engine, walls: qs.map(() => []), all: [], cpu: 0, calls: 0 }];
if (arg('--base')) {
  const baseModule = await import(path.resolve(arg('--base'), 'index.js'));
  builds.push({ name: 'base', engine: baseModule.Engine.open(bytes), walls: qs.map(() => []), all: [], cpu: 0, calls: 0 });
}
for (let c = 0; c < cycles; c++) {
  for (const b of c % 2 ? [...builds].reverse() : builds) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < qs.length; i++) {
      const t0 = performance.now();
      b.engine.searchPlaces(qs[i].q);
      const us = (performance.now() - t0) * 1000;
      if (c > 1) {
        b.walls[i].push(us);
        b.all.push(us);
      }
    }
    const cpu = process.cpuUsage(c0);
    if (c > 1) {
      b.cpu += cpu.user + cpu.system;
      b.calls += qs.length;
    }
  }
}
for (const b of builds) {
  console.log(`${b.name}: cycled ${cycles - 2} times: median wall µs per call ${median(b.all).toFixed(1)}, p90 ${[...b.all].sort((x, y) => x - y)[Math.floor(b.all.length * 0.9)].toFixed(1)}, p99 ${[...b.all].sort((x, y) => x - y)[Math.floor(b.all.length * 0.99)].toFixed(1)}, mean CPU µs per call ${(b.cpu / b.calls).toFixed(1)}; per query medians by class and way:`);
  const byGroup = new Map();
  rows.forEach((r, i) => {
    const key = `${r.cls} / ${r.way}`;
    (byGroup.get(key) ?? byGroup.set(key, []).get(key)).push(median(b.walls[i]));
  });
  for (const [key, ms] of [...byGroup].sort()) console.log(`  ${key.padEnd(28)} ${String(ms.length).padStart(3)}  median ${median(ms).toFixed(1)}  min ${Math.min(...ms).toFixed(1)}  max ${Math.max(...ms).toFixed(1)}`);
  const below = rows.map((r, i) => [r, median(b.walls[i])]).filter(([r]) => !r.paged).map(([, us]) => us);
  console.log(`  below the cut: median of the per-query medians ${median(below).toFixed(1)}`);
}
const walls = builds[0].walls;
const order = rows.map((r, i) => [median(walls[i]), r]).sort((a, b) => a[0] - b[0]);
console.log(`queries around the median call, head (cold wall µs, warm CPU µs):`);
for (const [us, r] of order.slice(54, 74)) console.log(`  ${us.toFixed(1).padStart(7)} ${r.all.toFixed(1).padStart(7)} ${r.cls.padEnd(10)} ${r.way.padEnd(8)} ${JSON.stringify(r.text)} [${r.counts.join(',')}] ${r.candidates}`);

// The same cycle, each call split into its phases through the index's internals (wall µs summed
// over the cycles, per call): the stored-page look-ups, the match pass, the ranking, the page's
// Place records.
if (!process.argv.includes('--no-phases')) {
const phases = { lookup: [], prepare: [], match: [], rank: [], records: [] };
for (let c = 0; c < cycles; c++) {
  for (const { q } of qs) {
    const t0 = performance.now();
    const text = q.text.trim();
    const pages = index.pages;
    let word = pages.find(text);
    const words = tokenize(text);
    if (word === -1) word = index.findPhrase(pages, text, words);
    const t1 = performance.now();
    let t2 = t1;
    let t3 = t1;
    let t1b = t1;
    if (word !== -1) index.storedPage(word, q);
    else {
      ws.words.prepare(words);
      t1b = performance.now();
      const total = index.matchText(text, 31, q, words);
      t2 = performance.now();
      index.rank(q);
      t3 = performance.now();
      index.page(q, total);
    }
    const t4 = performance.now();
    if (c > 0) {
      phases.lookup.push((t1 - t0) * 1000);
      if (word === -1) phases.prepare.push((t1b - t1) * 1000);
      if (word === -1) phases.match.push((t2 - t1b) * 1000);
      if (word === -1) phases.rank.push((t3 - t2) * 1000);
      phases.records.push((t4 - t3) * 1000);
    }
  }
}
const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
console.log(`phases, cycled, wall µs per call, median (mean): ${Object.entries(phases).map(([k, v]) => `${k} ${median(v).toFixed(1)} (${mean(v).toFixed(1)})`).join(', ')}; prepare (QueryWords: dictionary and typo look-ups), match (again, warm) and rank below the cut only`);
}
