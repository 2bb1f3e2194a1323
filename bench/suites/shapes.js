// Route shapes for drawing (engine.routeShapes, GET /v1/shapes.json) on real Bluestar
// Southampton (GTFS of 2025-07-10: every trip has a shape, the densest shapes in ../shared/data):
// seeded boxes of 0.03 degrees (the explorer at zoom 15), 0.25 and 2 (the API's widest), and
// the one-off catalogue build, beside a naive baseline that decodes and cuts every geometry
// without the bounding-box scan or simplification. Answers are checked against it first.
// Run alone: `node bench/suites/shapes.js`. Needs ../shared/data; returns null without it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Engine, NONE, clipToBox, decodePolyline, encodePolyline } from '@transit/engine';
import { DATA, ensureSnapshot, readArrayBuffer } from '../snapshots.js';
import { runAlone } from './run-alone.js';
import { mulberry32 } from './stops.js';

const GTFS = path.join(DATA, 'gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip');
const SPANS = [0.03, 0.25, 2];

/** `count` boxes of `span` degrees (1.6x as wide) centred on seeded-random stops (mulberry32, seed 5). */
function boxes(engine, span, count) {
  const rand = mulberry32(5);
  return Array.from({ length: count }, () => {
    const s = Math.floor(rand() * engine.stopTable.count);
    const lat = engine.stopTable.lat[s], lon = engine.stopTable.lon[s];
    return [lat - span / 2, lon - span * 0.8, lat + span / 2, lon + span * 0.8];
  });
}

/** Every geometry decoded and cut to the box, no bounding-box scan, no simplification (baseline). */
function naiveShapes(engine, box) {
  const c = engine.routeShapes.catalogue;
  const tt = engine.timetable;
  let found = 0;
  for (let g = 0; g < c.count; g++) {
    let ll;
    if (c.shape[g] !== NONE) ll = tt.shapeLines ? tt.shapeLines.points(tt.shapePolyline[c.shape[g]]) : decodePolyline(engine.strings.get(tt.shapePolyline[c.shape[g]]));
    else {
      const p = c.pattern[g];
      ll = new Float64Array(2 * (tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p]));
      for (let i = tt.patternStopOffsets[p], j = 0; i < tt.patternStopOffsets[p + 1]; i++, j += 2) [ll[j], ll[j + 1]] = [engine.stopTable.lat[tt.patternStops[i]], engine.stopTable.lon[tt.patternStops[i]]];
    }
    const runs = clipToBox(ll, ...box);
    if (runs.length) found++;
    for (const run of runs) encodePolyline(run);
  }
  return found;
}

/** The suite's inputs and tasks, or null without ../shared/data. Throws when the fast answer differs from its baseline. */
export async function shapesSuite() {
  if (!existsSync(GTFS)) return null;
  const snap = await ensureSnapshot('bluestar', { gtfs: [GTFS] });
  const buffer = readArrayBuffer(snap.file);
  const engine = Engine.open(buffer);
  const t0 = performance.now();
  const c = engine.routeShapes.catalogue;
  const catalogueMs = performance.now() - t0;
  const queries = Object.fromEntries(SPANS.map((span) => [span, boxes(engine, span, 100)]));
  for (const span of SPANS) {
    for (const box of queries[span].slice(0, 20)) {
      const fast = engine.routeShapes.inBox(...box, 1e9).shapes.length;
      const slow = naiveShapes(engine, box);
      if (fast !== slow) throw new Error(`shapes: ${fast} shapes in ${box} where the baseline finds ${slow}`);
    }
  }
  const mean = (span, of) => Math.round(queries[span].reduce((n, b) => n + of(engine.routeShapes.inBox(...b, 20_000)), 0) / queries[span].length);
  const info = { geometries: c.count, patterns: engine.timetable.patternCount, catalogueMs: Math.round(catalogueMs), snapshotMiB: +(snap.bytes / 1048576).toFixed(1) };
  for (const span of SPANS) info[`box${span}`] = { meanShapes: mean(span, (r) => r.shapes.length), meanPoints: mean(span, (r) => r.pointCount) };
  let i = 0;
  const tasks = SPANS.map((span) => [`shapes: ${span}° box, cut + simplified (max_points 20000; ${info[`box${span}`].meanShapes} shapes, ${info[`box${span}`].meanPoints} points on average)`, () => engine.routeShapes.inBox(...queries[span][i++ % 100], 20_000).pointCount + 1]);
  tasks.push([`shapes: 0.03° box, decode + cut every geometry (naive baseline)`, () => naiveShapes(engine, queries[0.03][i++ % 100]) + 1]);
  tasks.push([`shapes: catalogue build on first query (${c.count} geometries from ${engine.timetable.patternCount} patterns)`, () => Engine.open(buffer).routeShapes.catalogue.count]);
  return { info, tasks };
}

await runAlone(import.meta.url, 'shapes', shapesSuite);
