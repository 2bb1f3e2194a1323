// Disruption path matching: seeded 5,000 disruptions naming 100,000 stops (20 each) around South
// Yorkshire, queried with 200-point paths (path_radius 300 m), beside a brute-force baseline over
// every stop and every segment. Run alone: `node bench/suites/disruptions.js`.
import { Bench } from 'tinybench';
import { DisruptionIndex, encodePolyline, pointSegmentMetres } from '@transit/engine';
import { mulberry32 } from './stops.js';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const SEVERITIES = ['severe', 'minor', 'information', 'unknown'];

/** `count` disruptions (mulberry32, seed 5) of `stopsEach` stops each, spread over a 0.8 x 1.2 degree box. */
export function disruptionRecords(count = 5000, stopsEach = 20) {
  const rand = mulberry32(5);
  return Array.from({ length: count }, (_, i) => {
    // Stops of one disruption cluster along a line, as a diverted route's stops do.
    let lat = 53.2 + rand() * 0.8;
    let lon = -2.0 + rand() * 1.2;
    const stops = Array.from({ length: stopsEach }, (_, k) => {
      lat += (rand() - 0.5) * 0.004;
      lon += (rand() - 0.5) * 0.006;
      return { atcocode: `B${i}-${k}`, name: null, lat, lon };
    });
    return {
      id: `bench:${i}`, source: 'siri_sx', version: 1, mode: 'bus', severity: SEVERITIES[i % 4], planned: i % 2 === 0, progress: 'open', reason: null,
      summary: `d${i}`, description: null, advice: [], createdAt: NOW - i * 60_000, validity: [], publication: null,
      operators: [{ code: 'OP', name: 'Operator' }], lines: [{ name: String(i % 300), ref: null, operators: [] }], stops, statuses: [], links: [], blocking: null, simulated: false,
    };
  });
}

/** `count` paths of `points` points (mulberry32, seed 17): random walks of ~350 m steps, as encoded polylines and decoded coordinates. */
export function disruptionPaths(count = 50, points = 200) {
  const rand = mulberry32(17);
  return Array.from({ length: count }, () => {
    let lat = 53.3 + rand() * 0.6;
    let lon = -1.9 + rand() * 1.0;
    let heading = rand() * 2 * Math.PI;
    const coords = [];
    for (let i = 0; i < points; i++) {
      coords.push(Math.round(lat * 1e5) / 1e5, Math.round(lon * 1e5) / 1e5);
      heading += (rand() - 0.5) * 0.8;
      lat += Math.cos(heading) * 0.003;
      lon += Math.sin(heading) * 0.005;
    }
    return { polyline: encodePolyline(coords), coords: Float64Array.from(coords) };
  });
}

/** Ids of the records naming a stop within `radius` of any segment: every stop against every segment (oracle and naive baseline). */
export function naivePathMatch(records, coords, radius) {
  const out = [];
  for (const d of records) {
    let hit = false;
    for (const s of d.stops) {
      for (let i = 0; i + 3 < coords.length && !hit; i += 2) {
        if (pointSegmentMetres(s.lat, s.lon, coords[i], coords[i + 1], coords[i + 2], coords[i + 3]) <= radius) hit = true;
      }
      if (hit) break;
    }
    if (hit) out.push(d.id);
  }
  return out;
}

/** Throws unless the index's matches equal brute force's for every path. */
export function checkDisruptions(index, records, paths) {
  let matched = 0;
  for (const p of paths) {
    const fast = index.query({ nowMs: NOW, offset: 0, limit: 10_000, path: p.polyline, pathRadius: 300 }).items.map((d) => d.id).sort();
    const slow = naivePathMatch(records, p.coords, 300).sort();
    if (fast.join() !== slow.join()) throw new Error(`disruption path match: ${fast.length} records, brute force ${slow.length}`);
    matched += fast.length;
  }
  return matched / paths.length;
}

/** [name, fn] benchmark tasks (each returns a number for the sink). */
export function disruptionTasks(index, records, paths) {
  let i = 0;
  const next = () => paths[i++ % paths.length];
  return [
    [`disruptions: path query, 200-point polyline, ${index.count} disruptions x ${index.pointCount} stops`, () => index.query({ nowMs: NOW, offset: 0, limit: 50, path: next().polyline, pathRadius: 300 }).total],
    ['disruptions: path, every stop x every segment (naive baseline)', () => naivePathMatch(records, next().coords, 300).length],
    ['disruptions: index build (5,000 records)', () => DisruptionIndex.build(records).count],
  ];
}

/** Records, index and paths of the suite, checked against brute force. */
export function disruptionSuite() {
  const records = disruptionRecords();
  const index = DisruptionIndex.build(records);
  const paths = disruptionPaths();
  const perPath = checkDisruptions(index, records, paths.slice(0, 5));
  return { records, index, paths, perPath };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { records, index, paths, perPath } = disruptionSuite();
  console.log(`${index.count} disruptions, ${index.pointCount} stops, ${paths.length} paths; ${perPath.toFixed(1)} matches per path (checked against brute force)`);
  let sink = 0;
  const bench = new Bench({ time: 2000, warmupTime: 300 });
  for (const [name, fn] of disruptionTasks(index, records, paths)) bench.add(name, () => { sink += fn(); });
  await bench.run();
  console.table(bench.tasks.map((t) => ({ name: t.name, 'median µs': (t.result.latency.p50 * 1000).toFixed(1), 'p99 µs': (t.result.latency.p99 * 1000).toFixed(1) })));
  console.log(`sink ${sink > 0}, heap ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MiB`);
}
