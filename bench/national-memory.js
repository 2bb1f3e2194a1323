// Per-worker memory on a cached tiled snapshot (issue 16 item 4, "2 workers in ≤ 2 GB"): what one
// serving worker allocates beyond the shared snapshot, stage by stage (open, prepareJourneys, a
// little traffic over every API area) and by structure: every typed array reachable from the
// Engine whose buffer is not the snapshot's, summed by property path (array indices and map
// keys folded), with the bytes of their pages holding a non-zero byte (what is surely resident), plus process.memoryUsage() after each stage.
//   node bench/national-memory.js --tiles 32            (the snapshot of bench/national-serve.js)
//   node bench/national-memory.js --tiles 200 --naptan-tiles 43 --postcode-tiles 36   (under flock /work/tmp/big.lock)
// --top N: rows printed (default 30); --shared: open as the cluster does (the snapshot in a SharedArrayBuffer);
// --tables (with --shared): and given the tables a main engine opened with `share` derives (engine.deriveSharedTables(),
// landmark tables included where the build shares them), whose arrays are then not counted; ENGINE=path/to/dist/index.js: another engine build;
// --footpaths: only the CPU of the target bounds' footpath symmetry check against the reversed copy it replaces.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { cacheDir, copiesArgs, servedStops } from './national-serve.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const MiB = (b) => (b / 1048576).toFixed(1);

/** The file read whole into an ArrayBuffer, or a SharedArrayBuffer as the server reads it. */
function read(file, shared) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size));
    for (let at = 0; at < size; ) at += readSync(fd, bytes, at, Math.min(size - at, 1 << 30), at);
    return bytes.buffer;
  } finally {
    closeSync(fd);
  }
}

/** Bytes of the 4 KiB pages of `buffer` holding a non-zero byte: a lower bound of what is resident (untouched pages of a zeroed allocation are not). */
function touchedBytes(buffer) {
  const words = new Int32Array(buffer, 0, buffer.byteLength >> 2);
  let pages = 0;
  for (let at = 0; at < words.length; at += 1024) {
    const end = Math.min(words.length, at + 1024);
    for (let i = at; i < end; i++) if (words[i] !== 0) { pages++; break; }
  }
  return Math.min(pages * 4096, buffer.byteLength);
}

/**
 * Bytes of typed arrays reachable from `root` outside `snapshot`, by folded property path. Each
 * buffer counts once (at the first path that reaches it); plain number arrays count 8 bytes a slot.
 */
export function tableBytes(root, snapshot, shared = []) {
  const seen = new Set(shared);
  const byPath = new Map();
  const add = (p, b, touched = b) => {
    const row = byPath.get(p) ?? { bytes: 0, touched: 0 };
    row.bytes += b;
    row.touched += touched;
    byPath.set(p, row);
  };
  const visit = (v, p, depth) => {
    if (v === null || typeof v !== 'object' || depth > 12) return;
    if (ArrayBuffer.isView(v)) {
      if (v.buffer === snapshot || seen.has(v.buffer)) return;
      seen.add(v.buffer);
      add(p, v.buffer.byteLength, touchedBytes(v.buffer));
      return;
    }
    if (seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      if (v.length && typeof v[0] === 'number') add(p + '[]', v.length * 8);
      else for (const x of v) visit(x, p + '[]', depth + 1);
    } else if (v instanceof Map) {
      for (const [k, x] of v) {
        if (typeof k === 'object') visit(k, p + '{k}', depth + 1);
        visit(x, p + '{}', depth + 1);
      }
    } else if (v instanceof Set) {
      for (const x of v) visit(x, p + '{}', depth + 1);
    } else if (!(v instanceof ArrayBuffer) && !(v instanceof SharedArrayBuffer)) {
      for (const k of Object.getOwnPropertyNames(v)) {
        let x;
        try { x = v[k]; } catch { continue; }
        visit(x, `${p}.${k}`, depth + 1);
      }
    }
  };
  visit(root, 'engine', 0);
  return byPath;
}

/** CPU ms of the target bounds' symmetry check on the snapshot's footpaths and of the reversed copy it replaces (3 rounds each, interleaved). */
async function footpathsCpu(engine) {
  const { walksSymmetric } = await import('../packages/engine/dist/planner/target-bounds.js');
  const { Transfers } = await import('../packages/engine/dist/planner/transfers.js');
  const t = new Transfers(engine.reader);
  const S = t.offsets.length - 1;
  const cpu = (f) => {
    const c0 = process.cpuUsage();
    const r = f();
    const c = process.cpuUsage(c0);
    return `${r} in ${((c.user + c.system) / 1000).toFixed(0)} ms`;
  };
  // The reversed copy TargetBounds built before (and still builds for asymmetric footpaths).
  const reversed = () => {
    const from = new Uint32Array(t.stops.length);
    for (let s = 0; s < S; s++) from.fill(s, t.offsets[s], t.offsets[s + 1]);
    const offsets = new Uint32Array(S + 1);
    for (let i = 0; i < t.stops.length; i++) offsets[t.stops[i] + 1]++;
    for (let s = 0; s < S; s++) offsets[s + 1] += offsets[s];
    const fill = offsets.slice(0, S), ends = new Uint32Array(t.stops.length), secs = new Int32Array(t.stops.length);
    for (let i = 0; i < t.stops.length; i++) {
      const at = fill[t.stops[i]]++;
      ends[at] = from[i];
      secs[at] = t.seconds[i];
    }
    return ends.length;
  };
  for (let k = 0; k < 3; k++) console.log(`${t.stops.length} footpaths: walksSymmetric ${cpu(() => walksSymmetric(S, t))} CPU; reversed copy ${cpu(reversed)} CPU`);
}

if (process.argv[1] && process.argv[1].endsWith('national-memory.js')) {
  const { Engine, ukLocalToEpoch } = await import(process.env.ENGINE ?? '@transit/engine');
  const tiles = Number(arg('--tiles', '32'));
  const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024').split(',');
  const file = `${cacheDir({ tiles, feeds, ...copiesArgs() })}/national.snap`;
  const top = Number(arg('--top', '30'));
  if (process.argv.includes('--footpaths')) {
    await footpathsCpu(Engine.open(read(file, false)));
    process.exit(0);
  }
  const stages = [];
  const mem = (name) => {
    global.gc?.();
    const m = process.memoryUsage();
    stages.push({ name, rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers });
  };
  mem('start');
  const buffer = read(file, process.argv.includes('--shared'));
  mem('file read');
  // As the cluster does: the main thread's engine derives the tables (not timed), the worker's views them.
  const m0 = process.cpuUsage();
  const tables = process.argv.includes('--tables') ? Engine.open(buffer, { share: true }).deriveSharedTables() : undefined;
  const mainCpu = process.cpuUsage(m0);
  const sharedBuffers = tables ? Object.values({ ...tables.trips, ...tables.trips.times, ...tables.footpaths, ...tables.landmarks }).filter((v) => ArrayBuffer.isView(v)).map((v) => v.buffer) : [];
  if (tables) mem('main engine, sharedTables');
  const c0 = process.cpuUsage();
  const engine = Engine.open(buffer, { tables });
  mem('Engine.open');
  engine.prepareJourneys();
  const prepCpu = process.cpuUsage(c0);
  mem('prepareJourneys');
  const afterPrepare = tableBytes(engine, buffer, sharedBuffers);
  // Traffic over every API area, tile 0 and stops spread over the snapshot (as bench/national-workers.js).
  const st = engine.stopTable, cal = engine.calendar;
  const served = servedStops(engine);
  let seed = 16;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  const pick = () => served[Math.floor(rand() * served.length)];
  const day = 19521; // 2023-06-13
  const words = ['high street', 'station', 'road', 'church', 'park', 'newport', 'centre', 'hospital'];
  for (let n = 0; n < 80; n++) {
    const s = pick();
    const from = ukLocalToEpoch(day, (6 + (n % 14)) * 3600);
    engine.stopBoard(s, { from, to: from + 3_600_000, limit: 20, type: 'departures' });
    engine.stops({ near: { lat: st.lat[s], lon: st.lon[s], radius: 400 }, offset: 0, limit: 20 });
    engine.searchPlaces({ text: words[n % words.length], offset: 0, limit: 20 });
    engine.routeShapes.inBox(st.lat[s] - 0.015, st.lon[s] - 0.015, st.lat[s] + 0.015, st.lon[s] + 0.015, 20_000);
    engine.routes({ kind: 'bus', stopIdx: s, offset: 0, limit: 20 });
    const t = pick();
    if (n % 2 === 0) engine.planJourney({ from: { lat: st.lat[s], lon: st.lon[s] }, to: { lat: st.lat[t], lon: st.lon[t] }, time: cal.reference(day) + (6 + (n % 14)) * 3600_000, arriveBy: n % 4 === 2, modeMask: 31, limit: 5, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk'] });
  }
  mem('traffic (80 of each area)');
  const afterTraffic = tableBytes(engine, buffer, sharedBuffers);
  console.log(`${file}: ${MiB(buffer.byteLength)} MiB snapshot${process.argv.includes('--shared') ? ' (shared)' : ''}; open + prepareJourneys ${((prepCpu.user + prepCpu.system) / 1000).toFixed(0)} ms CPU${tables ? ` (the main engine's open + sharedTables before it: ${((mainCpu.user + mainCpu.system) / 1000).toFixed(0)} ms CPU)` : ''}`);
  console.log('\nstage | RSS MiB | heap used | external | array buffers');
  for (const s of stages) console.log(`${s.name} | ${MiB(s.rss)} | ${MiB(s.heapUsed)} | ${MiB(s.external)} | ${MiB(s.arrayBuffers)}`);
  const total = (m, k) => [...m.values()].reduce((a, b) => a + b[k], 0);
  const cell = (m, p) => (m.has(p) ? `${MiB(m.get(p).bytes)} (${MiB(m.get(p).touched)})` : '-');
  console.log(`\ntyped arrays outside the snapshot, MiB allocated (touched): ${MiB(total(afterPrepare, 'bytes'))} (${MiB(total(afterPrepare, 'touched'))}) after prepareJourneys, ${MiB(total(afterTraffic, 'bytes'))} (${MiB(total(afterTraffic, 'touched'))}) after traffic`);
  console.log('path | after prepareJourneys MiB (touched) | after traffic MiB (touched)');
  const key = (m, p) => m.get(p)?.touched ?? 0;
  const paths = [...new Set([...afterPrepare.keys(), ...afterTraffic.keys()])].sort((a, b) => key(afterTraffic, b) - key(afterTraffic, a));
  for (const p of paths.slice(0, top)) console.log(`${p} | ${cell(afterPrepare, p)} | ${cell(afterTraffic, p)}`);
}
