// Stop boards and RAPTOR with two engine builds in one process, alternating query by query (each
// in turn first) so both see the same machine load; CPU time per call (process.cpuUsage), which is
// steadier than wall time on shared cores, and a hash of each build's answers.
// Usage: ENGINE=/path/a/dist/index.js ENGINE_B=/path/b/dist/index.js node bench/timetable-ab.js SNAP_A [SNAP_B] [rounds]
// SNAP_B (default SNAP_A) is the snapshot B opens: the same feed built by B's builder, say.
// Boards are timed a whole query list at a time (rounds x 20 lists; also the least CPU of a list per build: the
// sums lean towards whichever build runs second on a loaded machine), RAPTOR one search at a time (rounds x 100).
// Queries (seeded): 400 boards at served stops, 08:00-09:00 on the calendar's busiest day, limit 20, a quarter
// arrivals; 100 RAPTOR earliest-arrival searches between served stops, departing 06:00-20:00.
import { readFileSync } from 'node:fs';
import { mulberry32 } from './suites/stops.js';
import { hash } from './national-serve.js';

const [fileA, fileB = fileA, roundsArg = '5'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const read = (file) => {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
};
const modA = await import(process.env.ENGINE ?? '@transit/engine');
const modB = await import(process.env.ENGINE_B ?? '@transit/engine');
const A = modA.Engine.open(read(fileA));
const B = modB.Engine.open(read(fileB));

const cal = A.calendar, tt = A.timetable;
// The busiest service day of the whole calendar (trips counted per service, then per day).
const tripsOfService = new Uint32Array(tt.serviceCount);
for (let t = 0; t < tt.tripCount; t++) tripsOfService[tt.tripService[t]]++;
let dayIdx = 0, best = -1;
for (let d = 0; d < cal.dayCount; d++) {
  let n = 0;
  for (let s = 0; s < tt.serviceCount; s++) if (tripsOfService[s] && cal.runsOnIndex(s, d)) n += tripsOfService[s];
  if (n > best) [dayIdx, best] = [d, n];
}
const day = cal.firstDay + dayIdx;
const served = [];
for (let s = 0; s < A.stopTable.count; s++) if (A.stopTable.modes[s]) served.push(s);
let rand = mulberry32(11);
const from = modA.ukLocalToEpoch(day, 8 * 3600);
const boards = Array.from({ length: 400 }, (_, k) => ({ stopIdx: served[Math.floor(rand() * served.length)], q: { from, to: from + 3_600_000, limit: 20, type: k % 4 === 3 ? 'arrivals' : 'departures' } }));
rand = mulberry32(42);
const pairs = Array.from({ length: 100 }, () => ({ from: served[Math.floor(rand() * served.length)], to: served[Math.floor(rand() * served.length)], departS: 6 * 3600 + Math.floor(rand() * 14 * 3600) }));

const tasks = {
  board: { queries: boards, run: (e, b) => e.stopBoard(b.stopIdx, b.q), answer: (r) => r.map((c) => `${c.datedRef}#${c.sequence}@${c.time}`).join(',') },
  raptor: {
    queries: pairs,
    run: (e, q) => e.planner.earliestArrival({ origins: [{ stop: q.from, seconds: 0, metres: 0 }], day, departS: q.departS })[q.to],
    answer: (r) => String(r),
  },
};

for (const [name, task] of Object.entries(tasks)) {
  const hA = hash(task.queries.map((q) => task.answer(task.run(A, q))).join(';'));
  const hB = hash(task.queries.map((q) => task.answer(task.run(B, q))).join(';'));
  const size = name === 'board' ? `, ${(task.queries.reduce((n, q) => n + task.run(A, q).length, 0) / task.queries.length).toFixed(1)} calls per board` : `, ${task.queries.filter((q) => task.run(A, q) < 2_000_000_000).length} of ${task.queries.length} reached`;
  // Boards take microseconds: each timed unit is the whole query list (batch), so the CPU clock's
  // resolution does not matter; RAPTOR searches are timed one by one. A and B alternate, each in turn first.
  const batch = name === 'board';
  const units = batch ? [task.queries] : task.queries.map((q) => [q]);
  const reps = batch ? rounds * 20 : rounds;
  const cpu = { A: 0, B: 0 };
  // Batches: also the least CPU of a whole list per build, which other processes' load can only raise.
  const least = { A: Infinity, B: Infinity };
  const ratios = [];
  let calls = 0;
  for (let r = 0; r < reps; r++) {
    for (const [i, unit] of units.entries()) {
      const pair = {};
      for (const k of (i + r) % 2 ? ['B', 'A'] : ['A', 'B']) {
        const e = k === 'A' ? A : B;
        const c0 = process.cpuUsage();
        for (const q of unit) task.run(e, q);
        const c = process.cpuUsage(c0);
        pair[k] = c.user + c.system;
        cpu[k] += pair[k];
        if (pair[k] < least[k]) least[k] = pair[k];
      }
      if (pair.A > 0 && pair.B > 0) ratios.push(pair.B / pair.A);
      calls += unit.length;
    }
  }
  // The median of the paired ratios resists bursts of load from other processes better than the sums.
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  const leastText = batch ? `, least list B/A ${(least.B / least.A).toFixed(3)}` : '';
  console.log(`${name}: A ${(cpu.A / calls).toFixed(2)} µs CPU per call, B ${(cpu.B / calls).toFixed(2)}; B/A ${(cpu.B / cpu.A).toFixed(3)}, median paired B/A ${median?.toFixed(3)}${leastText} (${calls} calls each${size}); answers A ${hA} B ${hB}${hA === hB ? ' (same)' : ' DIFFER'}`);
}
