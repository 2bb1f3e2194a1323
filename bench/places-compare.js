// Place search, two engine builds side by side on one snapshot: every page of a seeded query mix
// must be identical (items, order, total), and the cost per query of each build is measured in
// interleaved rounds (the machine is shared: CPU time and per-call medians, and ranges).
// Keep a copy of the engine's dist before a change (cp -r packages/engine/dist packages/engine/dist-base;
// inside the checkout so its dependencies resolve), then:
//   node bench/places-compare.js --base packages/engine/dist-base --tiles 32     # bench/national-serve.js's cached snapshot
//   node bench/places-compare.js --base packages/engine/dist-base --tiles 200 --naptan-tiles 43 --postcode-tiles 36
//   node bench/places-compare.js --base packages/engine/dist-base --snap .cache/south-yorkshire.snap
// Options: --queries N (seeded queries, default 3000), --rounds N (timing rounds, default 4),
// --only-one-word / --only-words (time only queries of one word / of several words), --suite (time
// bench/suites/places.js's fixed mix instead, the regional place bench's queries; compared too),
// --serve-mix (time bench/national-serve.js's place queries instead; compared too), --classes
// (median and p99 wall µs per call by query class, each build), --each (each query timed alone,
// warm: the median and the slowest per build), --add-pages (the head build
// opens the snapshot with stored first pages added, `search.page*`, computed by its own
// compilePlacePages (or the builder's) as the builder does, words of --min-postings N postings or more and name
// prefixes of --min-work N weighted postings or more (Infinity: none); the base build opens it as
// it is; --repage: replace pages the snapshot already has), --save FILE (write the head's snapshot
// bytes to FILE).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileSync } from 'node:fs';
import { cacheDir, copiesArgs, hash, servePlaceQueries } from './national-serve.js';
import { readArrayBuffer } from './snapshots.js';
import { mulberry32 } from './suites/stops.js';
import { placeQueries } from './suites/places.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const FEEDS = ['newport', 'vilnius', 'southampton', 'wales', 'newport2024'];
const file = arg('--snap') ?? path.join(cacheDir({ tiles: Number(arg('--tiles', '1')), feeds: FEEDS, ...copiesArgs() }), 'national.snap');
const bytes = readArrayBuffer(file);
const engineOf = async (dist) => import(pathToFileURL(path.resolve(dist, 'index.js')).href);
const headModule = await engineOf(arg('--head', 'packages/engine/dist'));
const headBytes = process.argv.includes('--add-pages') ? await withPages(bytes, headModule) : bytes;
if (arg('--save')) writeFileSync(arg('--save'), new Uint8Array(headBytes));
const base = (await engineOf(arg('--base', 'packages/engine/dist-base'))).Engine.open(bytes);
const head = headModule.Engine.open(headBytes);
console.log(`head build: ${head.places.pages?.wordCount ?? 0} words with stored first pages`);

/** The snapshot with the `search.page*` sections added, computed by compilePlacePages (the head engine's, or the builder's for engines with PlacePageSearch) as the builder's writePlacePages does. */
async function withPages(buffer, engine) {
  const { SnapshotWriter } = await import('@transit/builder');
  const r = new engine.SnapshotReader(buffer);
  const repage = process.argv.includes('--repage');
  if (r.has(engine.PLACE_PAGE_SECTIONS.info) && !repage) return buffer;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const w = new SnapshotWriter();
  const pageSections = new Set(Object.values(engine.PLACE_PAGE_SECTIONS));
  let oldBytes = 0;
  for (const s of r.header.sections) {
    if (pageSections.has(s.name)) oldBytes += r.any(s.name).byteLength;
    else w.add(s.name, r.any(s.name));
  }
  const minPostings = Number(arg('--min-postings', String(engine.PLACE_PAGE_MIN_POSTINGS)));
  const minWork = Number(arg('--min-work', String(engine.PLACE_PAGE_MIN_WORK ?? Infinity)));
  // Engines before PlacePageSearch compile the pages themselves; later ones leave it to the builder (whose search is packages/engine/dist's).
  const compilePlacePages = engine.compilePlacePages ?? (await import('../packages/builder/dist/places/compile-place-pages.js')).compilePlacePages;
  const pages = compilePlacePages(r, engine.PLACE_PAGE_MIN_WORK === undefined ? minPostings : { minPostings, minWork });
  const cpu = process.cpuUsage(cpu0);
  for (const [key, name] of Object.entries(engine.PLACE_PAGE_SECTIONS)) w.add(name, pages[key]);
  const { sections, ...header } = r.header;
  const out = w.toBytes(header);
  const pageBytes = Object.keys(engine.PLACE_PAGE_SECTIONS).reduce((n, key) => n + pages[key].byteLength, 0);
  console.log(`stored pages: ${pages.totals.length} texts (words of ${minPostings}+ postings, name prefixes of ${minWork}+ weighted postings), ${(pageBytes / 1024).toFixed(0)} KiB (replaced: ${(oldBytes / 1024).toFixed(0)} KiB), computed in ${(performance.now() - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`);
  return out.buffer;
}

/** Query class of each seeded query, by how its text was made (or its point, kind or box). */
const KIND_CLASSES = ['whole name', 'typed prefix', 'first 1-4 letters', 'one word', 'typo', 'name + locality', 'first word', 'whole name'];
const classOf = [];

/** Seeded queries from the snapshot's own stop names: whole, prefixes, single words, typos, pages, points, kinds, boxes. */
function queries(engine, count) {
  const rand = mulberry32(16);
  const st = engine.stopTable;
  const qs = [];
  for (const text of ['st', 'sheffield', 'rotherham', 'station', 'road', 'high street', 'church', 's', 'new', 'S1 2HH', 'DN1', 'S10 2']) qs.push({ text, offset: 0, limit: 20 });
  classOf.push(...qs.map(() => 'fixed common'));
  while (qs.length < count) {
    const s = Math.floor(rand() * st.count);
    const stop = engine.stop(s);
    const words = stop.name.split(' ').filter(Boolean);
    if (words.length === 0) continue;
    const kind = Math.floor(rand() * 8);
    let text = stop.name;
    if (kind === 1) text = stop.name.slice(0, Math.max(1, Math.ceil(stop.name.length * rand())));
    if (kind === 2) text = words[0].slice(0, 1 + Math.floor(rand() * 4));
    if (kind === 3) text = words[Math.floor(rand() * words.length)];
    if (kind === 4) text = typo(words.reduce((a, b) => (b.length > a.length ? b : a), ''), rand);
    if (kind === 5) text = `${stop.name} ${stop.locality ?? ''}`.trim();
    if (kind === 6) text = words[0];
    const q = { text, offset: 0, limit: 20 };
    const page = rand();
    if (page < 0.15) q.offset = 20;
    else if (page < 0.25) q.limit = 100;
    else if (page < 0.3) q.offset = 1000;
    const extra = rand();
    if (extra < 0.15) q.near = { lat: st.lat[s] + (rand() - 0.5) * 0.2, lon: st.lon[s] + (rand() - 0.5) * 0.3 };
    else if (extra < 0.22) q.types = [rand() < 0.5 ? 'bus_stop' : 'settlement'];
    else if (extra < 0.27) q.box = { minLat: st.lat[s] - 0.1, minLon: st.lon[s] - 0.15, maxLat: st.lat[s] + 0.1, maxLon: st.lon[s] + 0.15 };
    qs.push(q);
    classOf.push(q.near ? 'with a point' : q.types ? 'one kind' : q.box ? 'in a box' : KIND_CLASSES[kind]);
  }
  return qs;
}

/** Swaps two adjacent letters of a word of 5+ letters (one Damerau edit); shorter words as they are. */
function typo(word, rand) {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rand() * (word.length - 3));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** bench/national-serve.js's place queries (tile 0 = ATCO codes starting N000), with their classes. */
function serveQueries(engine) {
  const tile0 = [];
  for (let s = 0; s < engine.stopTable.count; s++) {
    const code = engine.stop(s).atcocode;
    if (code.startsWith('N000')) tile0.push([code, s]);
  }
  tile0.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return servePlaceQueries(engine, tile0);
}

const suite = process.argv.includes('--suite') ? placeQueries(head) : [];
const serve = process.argv.includes('--serve-mix') ? serveQueries(head) : [];
const seeded = queries(head, Number(arg('--queries', '3000')));
const qs = [...suite, ...serve.map((s) => s.q), ...seeded];
const classes = [...suite.map(() => 'suite'), ...serve.map((s) => s.cls), ...classOf];
let differ = 0;
let all = '';
for (const q of qs) {
  const a = JSON.stringify(base.searchPlaces(q));
  const b = JSON.stringify(head.searchPlaces(q));
  all += b;
  if (a !== b && differ++ < 5) console.log(`differs: ${JSON.stringify(q)}\n  base ${a.slice(0, 300)}\n  head ${b.slice(0, 300)}`);
}
console.log(`${path.basename(path.dirname(file))}/${path.basename(file)}: ${qs.length} queries, ${differ} pages differ; answers hash ${hash(all)}`);

const oneWord = (q) => !q.text.trim().includes(' ');
const pick = suite.length || serve.length ? (i) => i < suite.length + serve.length : process.argv.includes('--only-one-word') ? (i) => oneWord(qs[i]) : process.argv.includes('--only-words') ? (i) => !oneWord(qs[i]) : () => true;
const timedAt = qs.map((_, i) => i).filter(pick);
const timed = timedAt.map((i) => qs[i]);
/** Mean CPU µs per query of one build over the timed queries, passes repeated for at least 300 ms of CPU. */
function cpuPerQuery(engine) {
  let sink = 0;
  let calls = 0;
  let used = 0;
  const cpu0 = process.cpuUsage();
  while (used < 300_000) {
    for (const q of timed) sink += engine.searchPlaces(q).total;
    calls += timed.length;
    const cpu = process.cpuUsage(cpu0);
    used = cpu.user + cpu.system;
  }
  if (sink < 0) console.log(sink);
  return used / calls;
}
cpuPerQuery(base);
cpuPerQuery(head);
const times = { base: [], head: [] };
for (let r = 0; r < Number(arg('--rounds', '4')); r++) {
  times.base.push(cpuPerQuery(base));
  times.head.push(cpuPerQuery(head));
}
const range = (t) => `${Math.min(...t).toFixed(1)}-${Math.max(...t).toFixed(1)}`;
console.log(`mean CPU µs per query over ${timed.length} queries, interleaved rounds: base ${range(times.base)}, head ${range(times.head)}`);
if (process.argv.includes('--classes')) printClasses();
if (process.argv.includes('--each')) printEach();

/**
 * Each timed query alone, warm, per build: the best of 5 runs of 3 calls (wall µs per call), so
 * no query's cost leaks into another's through the caches; the median over the queries and the
 * slowest five.
 */
function printEach() {
  for (const [name, engine] of [['base', base], ['head', head]]) {
    const rows = timed.map((q) => {
      let best = Infinity;
      for (let r = 0; r < 5; r++) {
        const t0 = process.hrtime.bigint();
        for (let k = 0; k < 3; k++) engine.searchPlaces(q);
        best = Math.min(best, Number(process.hrtime.bigint() - t0) / 3000);
      }
      return { text: q.text, us: best };
    });
    rows.sort((a, b) => a.us - b.us);
    const slowest = rows.slice(-5).reverse().map((r) => `${JSON.stringify(r.text)} ${r.us.toFixed(0)}`).join(', ');
    console.log(`${name}, each query alone (best of 5 x 3 calls), wall µs: median ${rows[rows.length >> 1].us.toFixed(1)}, p90 ${rows[Math.floor(rows.length * 0.9)].us.toFixed(1)}; slowest ${slowest}`);
  }
}

/**
 * Wall µs of each call, by query class, both builds, over interleaved passes through the timed
 * queries (each call timed alone, as a server sees it; the other queries run between, as in
 * bench/national-serve.js); the median and p99 per class and over all.
 */
function printClasses() {
  const samples = { base: new Map(), head: new Map() };
  const add = (m, cls, us) => (m.get(cls) ?? m.set(cls, []).get(cls)).push(us);
  let sink = 0;
  for (let r = 0; r < Number(arg('--rounds', '4')); r++) {
    for (const [name, engine] of [['base', base], ['head', head]]) {
      for (let k = 0; k < timed.length; k++) {
        const t0 = process.hrtime.bigint();
        sink += engine.searchPlaces(timed[k]).total;
        const us = Number(process.hrtime.bigint() - t0) / 1000;
        add(samples[name], classes[timedAt[k]], us);
        add(samples[name], 'all', us);
      }
    }
  }
  if (sink < 0) console.log(sink);
  const pct = (a, p) => a[Math.min(a.length - 1, Math.floor(a.length * p))];
  const rows = {};
  for (const cls of samples.head.keys()) {
    const b = samples.base.get(cls).sort((x, y) => x - y);
    const h = samples.head.get(cls).sort((x, y) => x - y);
    rows[cls] = { calls: h.length, 'base median': +pct(b, 0.5).toFixed(1), 'base p99': +pct(b, 0.99).toFixed(1), 'head median': +pct(h, 0.5).toFixed(1), 'head p99': +pct(h, 0.99).toFixed(1) };
  }
  console.log('wall µs per call by query class (medians and p99 over every call of the rounds):');
  console.table(rows);
}
process.exit(differ === 0 ? 0 : 1);
