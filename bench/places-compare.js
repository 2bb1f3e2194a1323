// Place search, two engine builds side by side on one snapshot: every page of a seeded query mix
// must be identical (items, order, total), and the mean CPU time per query of each build is
// measured in interleaved rounds (the machine is shared: CPU time, not wall time, and ranges).
// Keep a copy of the engine's dist before a change (cp -r packages/engine/dist packages/engine/dist-base;
// inside the checkout so its dependencies resolve), then:
//   node bench/places-compare.js --base packages/engine/dist-base --tiles 32     # bench/national-serve.js's cached snapshot
//   node bench/places-compare.js --base packages/engine/dist-base --snap .cache/south-yorkshire.snap
// Options: --queries N (seeded queries, default 3000), --rounds N (timing rounds, default 4),
// --only-one-word / --only-words (time only queries of one word / of several words), --suite (time
// bench/suites/places.js's fixed mix instead, the regional place bench's queries; compared too).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir, hash } from './national-serve.js';
import { readArrayBuffer } from './snapshots.js';
import { mulberry32 } from './suites/stops.js';
import { placeQueries } from './suites/places.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const FEEDS = ['newport', 'vilnius', 'southampton', 'wales', 'newport2024'];
const file = arg('--snap') ?? path.join(cacheDir({ tiles: Number(arg('--tiles', '1')), feeds: FEEDS }), 'national.snap');
const bytes = readArrayBuffer(file);
const load = async (dist) => (await import(pathToFileURL(path.resolve(dist, 'index.js')).href)).Engine.open(bytes);
const base = await load(arg('--base', 'packages/engine/dist-base'));
const head = await load(arg('--head', 'packages/engine/dist'));

/** Seeded queries from the snapshot's own stop names: whole, prefixes, single words, typos, pages, points, kinds, boxes. */
function queries(engine, count) {
  const rand = mulberry32(16);
  const st = engine.stopTable;
  const qs = [];
  for (const text of ['st', 'sheffield', 'rotherham', 'station', 'road', 'high street', 'church', 's', 'new', 'S1 2HH', 'DN1', 'S10 2']) qs.push({ text, offset: 0, limit: 20 });
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
  }
  return qs;
}

/** Swaps two adjacent letters of a word of 5+ letters (one Damerau edit); shorter words as they are. */
function typo(word, rand) {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rand() * (word.length - 3));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

const suite = process.argv.includes('--suite') ? placeQueries(head) : [];
const qs = [...suite, ...queries(head, Number(arg('--queries', '3000')))];
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
const timed = suite.length ? suite : process.argv.includes('--only-one-word') ? qs.filter(oneWord) : process.argv.includes('--only-words') ? qs.filter((q) => !oneWord(q)) : qs;
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
process.exit(differ === 0 ? 0 : 1);
