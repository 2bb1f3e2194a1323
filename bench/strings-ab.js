// The readers of the snapshot's trip ids and shape lines with two engine builds in one process,
// each on its own snapshot (say the same feed built before and after a format change),
// alternating round by round (each in turn first) so both see the same machine load; CPU time per
// call (process.cpuUsage) and a hash of each build's answers (equal hashes: the same answers).
// Usage: ENGINE=/path/a/dist/index.js ENGINE_B=/path/b/dist/index.js node bench/strings-ab.js SNAP_A SNAP_B [rounds]
// Workloads (seeded): `find` = engine.findTrip of 20,000 trip ids (a quarter of them misses: the id
// with one byte more); `idCold` = the trip_id of 20,000 trips on an engine opened for the round
// (no id decoded yet, what a board or a live poll pays first); `points` = every shape line decoded
// to points (trip paths, live matching, the grid); `polyline` = every line's polyline text (the
// route directions' shapes).
import { readFileSync } from 'node:fs';
import { mulberry32 } from './suites/stops.js';

const [fileA, fileB = fileA, roundsArg = '5'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const read = (file) => {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
};
const builds = [
  { name: 'A', mod: await import(process.env.ENGINE ?? '@transit/engine'), bytes: read(fileA) },
  { name: 'B', mod: await import(process.env.ENGINE_B ?? '@transit/engine'), bytes: read(fileB) },
];
for (const b of builds) b.engine = b.mod.Engine.open(b.bytes);

const tt0 = builds[0].engine.timetable;
const idOf = (e, t) => (e.timetable.tripIds ? e.timetable.tripIds.get(t) : e.strings.get(e.timetable.tripId[t]));
const rand = mulberry32(5);
const tripSample = Array.from({ length: 20000 }, () => Math.floor(rand() * tt0.tripCount));
const keys = tripSample.map((t, k) => idOf(builds[0].engine, t) + (k % 4 === 3 ? '~' : ''));

/** A shape key of every distinct line (the first shape drawn on it). */
function lineKeys(e) {
  const tt = e.timetable, seen = new Set(), out = [];
  for (let s = 0; s < tt.shapeCount; s++) if (!seen.has(tt.shapePolyline[s])) seen.add(tt.shapePolyline[s]), out.push(tt.shapePolyline[s]);
  return out;
}
const points = (b, key) => (b.engine.timetable.shapeLines ? b.engine.timetable.shapeLines.points(key) : b.mod.decodePolyline(b.engine.strings.get(key)));
const text = (e, key) => (e.timetable.shapeLines ? e.timetable.shapeLines.polyline(key) : e.strings.get(key));

const workloads = {
  find: (b) => {
    let h = 0;
    for (const k of keys) h = (Math.imul(h, 31) + b.engine.findTrip(k)) | 0;
    return { h, calls: keys.length };
  },
  idCold: (b) => {
    const e = b.mod.Engine.open(b.bytes);
    const c0 = process.cpuUsage();
    let h = 0;
    for (const t of tripSample) h = (Math.imul(h, 31) + idOf(e, t).length + idOf(e, t).charCodeAt(0)) | 0;
    return { h, calls: tripSample.length, c0 };
  },
  points: (b) => {
    let h = 0, calls = 0;
    for (const k of (b.lines ??= lineKeys(b.engine))) {
      const p = points(b, k);
      h = (Math.imul(h, 31) + p.length + Math.round((p[p.length - 1] ?? 0) * 1e5)) | 0;
      calls++;
    }
    return { h, calls };
  },
  polyline: (b) => {
    let h = 0, calls = 0;
    for (const k of (b.lines ??= lineKeys(b.engine))) {
      const s = text(b.engine, k);
      for (let i = 0; i < s.length; i += 7) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
      calls++;
    }
    return { h, calls };
  },
};

for (const [name, fn] of Object.entries(workloads)) {
  const cpu = { A: [], B: [] }, hash = {};
  for (let r = 0; r < rounds * 2; r++) {
    const order = r % 2 === 0 ? builds : [...builds].reverse();
    for (const b of order) {
      const c0 = process.cpuUsage();
      const out = fn(b);
      const c = process.cpuUsage(out.c0 ?? c0);
      cpu[b.name].push((c.user + c.system) / out.calls);
      hash[b.name] = out.h;
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  console.log(`${name}: CPU µs per call, median of ${rounds * 2}: A ${med(cpu.A).toFixed(2)}, B ${med(cpu.B).toFixed(2)} (B/A ${(med(cpu.B) / med(cpu.A)).toFixed(2)}); answers ${hash.A === hash.B ? 'equal' : 'DIFFER'} (${hash.A >>> 0} / ${hash.B >>> 0})`);
}
