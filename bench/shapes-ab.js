// Route shapes in cold boxes with two engine builds in one process: seeded 0.03 degree boxes around
// random served stops (so most of each box's geometries are not cached yet), each build's whole
// list of boxes timed in turn (each build first every other round), CPU per box and a hash of the
// answers. What the route layer's cache bounds cost (issue 16): warm boxes are national-serve's row.
// --pan: a map panning instead: each round starts at a random stop and every next box is the last
// one moved by half its side in a random direction (what a map client asks for).
// Usage: ENGINE=/path/a/dist/index.js ENGINE_B=/path/b/dist/index.js node bench/shapes-ab.js SNAP [boxes] [rounds] [--pan]
import { mulberry32 } from './suites/stops.js';
import { hash, readSnapshot, servedStops } from './national-serve.js';

const pan = process.argv.includes('--pan');
const [file, boxesArg = '500', roundsArg = '3'] = process.argv.slice(2).filter((a) => a !== '--pan');
if (!file) {
  console.error('usage: ENGINE=... ENGINE_B=... node bench/shapes-ab.js SNAP [boxes] [rounds]');
  process.exit(2);
}
const builds = { A: process.env.ENGINE ?? '@transit/engine', B: process.env.ENGINE_B ?? '@transit/engine' };
const engines = {};
for (const [k, m] of Object.entries(builds)) engines[k] = (await import(m)).Engine.open(readSnapshot(file));
const e0 = engines.A;
const served = servedStops(e0);
const rand = mulberry32(7);
const rounds = Number(roundsArg);
// Fresh boxes every round, the same for both builds: each round is cold for what the last did not cover.
const randomStop = () => {
  const s = e0.stop(served[Math.floor(rand() * served.length)]);
  return { latitude: s.latitude, longitude: s.longitude };
};
const panFrom = (start) => {
  const out = [start];
  while (out.length < Number(boxesArg)) {
    const last = out[out.length - 1];
    const a = Math.floor(rand() * 4) * (Math.PI / 2);
    out.push({ latitude: last.latitude + 0.015 * Math.sin(a), longitude: last.longitude + 0.015 * Math.cos(a) });
  }
  return out;
};
const lists = Array.from({ length: rounds }, () => (pan ? panFrom(randomStop()) : Array.from({ length: Number(boxesArg) }, randomStop)));
const cpu = { A: 0, B: 0 };
const answers = { A: '', B: '' };
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const e = engines[k];
    let text = '';
    const c0 = process.cpuUsage();
    for (const s of lists[r]) {
      const found = e.routeShapes.inBox(s.latitude - 0.015, s.longitude - 0.015, s.latitude + 0.015, s.longitude + 0.015, 20_000);
      text += `${found.pointCount}:${found.shapes.length};`;
    }
    const c = process.cpuUsage(c0);
    cpu[k] += c.user + c.system;
    answers[k] = hash(answers[k] + text);
  }
}
const boxes = rounds * Number(boxesArg);
console.log(`${pan ? 'panning' : 'cold'} shapes boxes: A ${(cpu.A / boxes / 1000).toFixed(2)} ms CPU per box, B ${(cpu.B / boxes / 1000).toFixed(2)}; B/A ${(cpu.B / cpu.A).toFixed(3)} (${boxes} boxes each); answers A ${answers.A} B ${answers.B}${answers.A === answers.B ? ' (same)' : ' DIFFER'}`);
