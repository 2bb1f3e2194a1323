// planJourney on exactly the journeys bench/http-journey.js asks `/v1/journey.json` for (Newport +
// OSM streets, points ~300 m from stops, the server's parameters: bus, coach, tram and rail, limit 5,
// walk and bicycle alternatives, no steps), in process: CPU per plan (mean, p50, p99), the same plans
// without the street alternatives, the direct walk and bicycle routes alone (StreetGraph.route), and a
// hash of every answer (itineraries with their legs and geometry, alternatives) so that two engine
// builds can be checked to agree. Interleave builds with ENGINE=/path/to/engine/dist/index.js; with ENGINE_B=... as
// well, instead of the four measures, planJourney on both builds in this process, alternating blocks of 25 queries.
// First prints the CPU of the first plan after Engine.open (after Engine.prepareJourneys when the engine has it).
// --hierarchy-only: instead, the walking and cycling contraction hierarchies' build CPU, shortcuts and
// size on this snapshot and on the demo's (engines that have them), then exits.
// --router: instead, the whole request in process: Router.handle of the server (SERVER=/path/to/server/dist/index.js
// for another build, over the ENGINE build) on `queries` new journey URLs (each asked once, so the second cache never
// answers): CPU per request; with ENGINE_B and SERVER_B, that pair too, alternating blocks of 25 requests (each
// pair first in turn, so both see the same load), B/A, and the answers (request_time aside) whose body or headers differ.
// --worker-start: instead, what a server's worker thread pays at start: a main engine opened with `share` over the snapshot
// in shared memory derives the shared tables (after prepareJourneys, the order that left an engine before deriveSharedTables
// an unshared walking hierarchy), then 5 times a worker engine given them opens and runs prepareJourneys: CPU of each.
// Usage: node [--cpu-prof] bench/journey-http-profile.js [queries] [rounds] [--hash-only | --hierarchy-only | --router | --worker-start]
// (self time by function of a profile: node bench/national-profile.js --top FILE.cpuprofile)
import { createHash } from 'node:crypto';
import { ensureSnapshot, readArrayBuffer } from './snapshots.js';
import { NEWPORT_STREETS_COVERED, journeyUrls } from './journey-urls.js';

const { Engine, ModeBit, ukLocalToEpoch, dayNumber, ContractionHierarchy } = await import(process.env.ENGINE ?? '@transit/engine');
if (process.argv.includes('--hierarchy-only')) {
  for (const [name, s] of [['newport-streets-covered', await ensureSnapshot(...NEWPORT_STREETS_COVERED)], ['demo', await ensureSnapshot('demo', { demo: true })]]) {
    const g = Engine.open(readArrayBuffer(s.file)).streets;
    for (const [mode, bit] of [['walk', 1], ['bicycle', 2]]) {
      const c0 = process.cpuUsage();
      const ch = ContractionHierarchy.build(g.columns, bit);
      const c = process.cpuUsage(c0);
      console.log(`${name} (${g.nodeCount} nodes, ${g.edgeCount} edges) ${mode}: built in ${((c.user + c.system) / 1000).toFixed(0)} ms CPU, ${ch.shortcutCount} shortcuts, ${ch.upHead.length} up + ${ch.downTail.length} down arcs, ${(ch.byteLength / 2 ** 20).toFixed(2)} MiB`);
    }
    if (!g.stopBuckets) continue;
    // The stop buckets (access and egress walks) and a walk search to 1,000 m from the journeys' ends with and without them.
    g.hierarchy('walk');
    const c0 = process.cpuUsage();
    const b = g.stopBuckets();
    const c = process.cpuUsage(c0);
    const e = Engine.open(readArrayBuffer(s.file));
    const ends = journeyUrls(e, 500, name === 'demo' ? '2026-03-03' : '2023-06-13', false).flatMap((u) => {
      const p = new URL(u, 'http://x').searchParams;
      return [[Number(p.get('from_lat')), Number(p.get('from_lon'))], [Number(p.get('to_lat')), Number(p.get('to_lon'))]];
    });
    const search = g.createSearch();
    const walkCpu = (buckets) => {
      for (const [lat, lon] of ends) search.walkFrom(lat, lon, 1000, buckets);
      const w0 = process.cpuUsage();
      for (let r = 0; r < 3; r++) for (const [lat, lon] of ends) search.walkFrom(lat, lon, 1000, buckets);
      const w = process.cpuUsage(w0);
      return ((w.user + w.system) / ends.length / 3).toFixed(1);
    };
    console.log(`${name} stop buckets: built in ${((c.user + c.system) / 1000).toFixed(0)} ms CPU, ${b.stop.length} entries, ${(b.byteLength / 2 ** 20).toFixed(2)} MiB; a walk search to 1,000 m: ${walkCpu(b)} us CPU on them, ${walkCpu(null)} us by Dijkstra`);
  }
  process.exit(0);
}
if (process.argv.includes('--worker-start')) {
  const { readSnapshotBytes } = await import('@transit/server');
  const shared = readSnapshotBytes((await ensureSnapshot(...NEWPORT_STREETS_COVERED)).file).buffer;
  const main = Engine.open(shared, { share: true });
  main.prepareJourneys();
  const tables = main.deriveSharedTables();
  const inShared = (a) => a.buffer instanceof SharedArrayBuffer;
  const walk = tables.streetHierarchies?.walk;
  console.log(`main engine's tables: walking hierarchy ${walk ? (inShared(walk.upHead) ? 'in shared memory' : 'NOT in shared memory') : 'none'}, stop buckets ${tables.stopBuckets ? (inShared(tables.stopBuckets.stop) ? 'in shared memory' : 'NOT in shared memory') : 'not shared (each worker builds its own)'}`);
  const cpu = [];
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    Engine.open(shared, { tables }).prepareJourneys();
    const c = process.cpuUsage(c0);
    cpu.push(((c.user + c.system) / 1000).toFixed(0));
  }
  console.log(`a worker engine given them, open + prepareJourneys: CPU ${cpu.join(', ')} ms`);
  process.exit(0);
}
if (process.argv.includes('--router')) {
  const count = Number(process.argv[2] ?? 1000);
  const s = await ensureSnapshot(...NEWPORT_STREETS_COVERED);
  const router = async (enginePath, serverPath) => {
    const E = await import(enginePath ?? '@transit/engine');
    const S = await import(serverPath ?? '@transit/server');
    const e = E.Engine.open(readArrayBuffer(s.file));
    e.prepareJourneys?.();
    return new S.Router(e, new S.ApiKeys(S.toKeyRecords([{ key: 'k', tier: 'unlimited' }])), { log: () => {} });
  };
  const routers = [await router(process.env.ENGINE, process.env.SERVER)];
  if (process.env.ENGINE_B || process.env.SERVER_B) routers.push(await router(process.env.ENGINE_B, process.env.SERVER_B));
  const urls = journeyUrls(Engine.open(readArrayBuffer(s.file)), count + 200, '2023-06-13', false);
  const request = (u, i) => ({ method: 'get', path: u.split('?')[0], query: u.split('?')[1], apiKey: 'k', requestId: `r${i}`, acceptEncoding: '', ifNoneMatch: '' });
  for (const [i, u] of urls.slice(count).entries()) for (const r of routers) r.handle(request(u, i)); // warm-up on other URLs
  const cpu = routers.map(() => 0);
  const withoutTime = (o) => `${o.status} ${JSON.stringify(o.headers)} ${String(o.body).replace(/"request_time":"[^"]*"/, '')}`;
  let differ = 0;
  for (let i = 0; i < count; i += 25) {
    const out = routers.map(() => []);
    const order = (i / 25) % 2 ? routers.map((_, k) => k).reverse() : routers.map((_, k) => k);
    for (const k of order) {
      const c0 = process.cpuUsage();
      for (let j = i; j < Math.min(i + 25, count); j++) out[k].push(routers[k].handle(request(urls[j], j)));
      const c = process.cpuUsage(c0);
      cpu[k] += c.user + c.system;
    }
    if (routers.length === 2) for (let j = 0; j < out[0].length; j++) if (withoutTime(out[0][j]) !== withoutTime(out[1][j])) differ++;
  }
  const ms = cpu.map((c) => (c / count / 1000).toFixed(3));
  console.log(`Router.handle, ${count} new /v1/journey.json URLs: CPU ${ms[0]} ms per request${routers.length === 2 ? `; B ${ms[1]} ms, B/A ${(cpu[1] / cpu[0]).toFixed(3)}; answers differing ${differ}` : ''}`);
  process.exit(0);
}
const queryCount = Number(process.argv[2] ?? 400);
const rounds = Number(process.argv[3] ?? 3);
const snap = await ensureSnapshot(...NEWPORT_STREETS_COVERED);
const engine = Engine.open(readArrayBuffer(snap.file));

// The server's mapping of the URL (packages/server/src/api/journeys/journey.ts) with its defaults.
const modeMask = ModeBit.Bus | ModeBit.Coach | ModeBit.Tram | ModeBit.Rail;
const queries = journeyUrls(engine, queryCount, '2023-06-13', false).map((u) => {
  const p = new URL(u, 'http://x').searchParams;
  const [, h, m] = /T(\d\d):(\d\d)/.exec(p.get('datetime'));
  return {
    from: { lat: Number(p.get('from_lat')), lon: Number(p.get('from_lon')) }, to: { lat: Number(p.get('to_lat')), lon: Number(p.get('to_lon')) },
    time: ukLocalToEpoch(dayNumber(2023, 6, 13), Number(h) * 3600 + Number(m) * 60), arriveBy: false, modeMask, limit: 5,
    maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk', 'bicycle'], page: null,
  };
});

/** CPU ms per call of `fn` over every query, `rounds` times (after one warm-up pass). */
function measure(fn) {
  for (const q of queries) fn(q);
  const cpu = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const c0 = process.cpuUsage();
      fn(q);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  cpu.sort((a, b) => a - b);
  const pct = (p) => cpu[Math.min(cpu.length - 1, Math.floor(p * cpu.length))].toFixed(2);
  return `CPU mean ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(2)} ms, p50 ${pct(0.5)}, p99 ${pct(0.99)}`;
}

/** CPU ms of one call. */
const cpuOf = (fn) => {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) / 1000).toFixed(1);
};
// What a server's first journey request costs after Engine.open: with prepareJourneys (as `transit serve` calls before it listens) the landmark tables are built before it.
const prepareMs = engine.prepareJourneys ? cpuOf(() => engine.prepareJourneys()) : null;
const firstMs = cpuOf(() => engine.planJourney(queries[0]));
console.log(`first plan after Engine.open: ${firstMs} ms CPU${prepareMs === null ? ' (this engine has no prepareJourneys)' : ` after prepareJourneys ${prepareMs} ms`}`);

const hash = createHash('sha256');
const geometry = (g) => Array.from(g, (x) => x.toFixed(6)).join(',');
const legText = (l) => `${l.kind}:${l.mode}:${l.tripIdx ?? ''}:${l.from.name}>${l.to.name}:${l.start}-${l.end}:${l.distance}:${geometry(l.geometry)}`;
const itText = (i) => `${i.start}-${i.end}-${i.transfers}-${i.walkDistance}[${i.legs.map(legText).join(';')}]`;
let itineraries = 0;
for (const q of queries) {
  const r = engine.planJourney(q);
  itineraries += r.itineraries.length;
  hash.update(`${r.itineraries.map(itText).join('|')}#${Object.entries(r.alternatives).map(([m, l]) => `${m}:${l.map(itText).join('|')}`).join('#')}#${r.searchWindowS}#${JSON.stringify([r.nextPage, r.previousPage, r.notices])}\n`);
}
console.log(`${queries.length} journeys (${itineraries} itineraries), ${rounds} rounds; answers hash ${hash.digest('hex').slice(0, 16)}`);
if (process.env.ENGINE_B && !process.argv.includes('--hash-only')) {
  // planJourney as the server asks on ENGINE and ENGINE_B in this process, alternating blocks of 25 queries (each first in turn).
  const other = (await import(process.env.ENGINE_B)).Engine.open(readArrayBuffer(snap.file));
  other.prepareJourneys?.();
  const engines = [engine, other];
  for (const e of engines) for (const q of queries) e.planJourney(q);
  const cpu = [0, 0];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < queries.length; i += 25) {
      for (const k of (i / 25) % 2 ? [1, 0] : [0, 1]) {
        const c0 = process.cpuUsage();
        for (const q of queries.slice(i, i + 25)) engines[k].planJourney(q);
        const c = process.cpuUsage(c0);
        cpu[k] += c.user + c.system;
      }
    }
  }
  const ms = cpu.map((c) => (c / queries.length / rounds / 1000).toFixed(3));
  console.log(`planJourney as the server asks, alternating with ENGINE_B: CPU mean ${ms[0]} ms, ENGINE_B ${ms[1]} ms, B/A ${(cpu[1] / cpu[0]).toFixed(3)}`);
} else if (!process.argv.includes('--hash-only')) {
  const graph = engine.streets;
  console.log(`planJourney as the server asks:           ${measure((q) => engine.planJourney(q))}`);
  console.log(`planJourney without street alternatives:  ${measure((q) => engine.planJourney({ ...q, alternatives: [] }))}`);
  console.log(`direct walk route alone (graph.route):    ${measure((q) => graph.route(q.from, q.to, 'walk'))}`);
  console.log(`direct bicycle route alone (graph.route): ${measure((q) => graph.route(q.from, q.to, 'bicycle'))}`);
}

