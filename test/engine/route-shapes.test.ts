// FEATURE UNDER TEST: route shapes for drawing (engine.routeShapes): the distinct geometries trips
// run along (feed shape, else the line through the stops), found by bounding box, cut to the box,
// simplified for its size and capped by maxPoints; checked against brute force on the demo
// snapshot and on real Newport (BODS GTFS of 2023-06-13), route colours on real Vilnius.
import { describe, expect, it } from 'vitest';
import { NONE, clipToBox, decodePolyline, simplifyLine, type Engine } from '@transit/engine';
import { demoEngine, feedEngine } from '../support/snapshots.js';
import { HAVE_DATA, NO_DATA_MESSAGE } from '../support/data.js';
import { mulberry32 } from '../support/random-timetable.js';

type Box = [minLat: number, minLon: number, maxLat: number, maxLon: number];
/** Polylines are precision 5: a point may round this far outside the box. */
const ROUND = 0.6e-5;

/** Full-detail points of catalogue geometry g, as the engine draws it before cutting. */
function geometry(e: Engine, g: number): Float64Array {
  const c = e.routeShapes.catalogue;
  const tt = e.timetable;
  if (c.shape[g] !== NONE) return tt.shapeLines.points(tt.shapePolyline[c.shape[g]]);
  const p = c.pattern[g];
  const out: number[] = [];
  for (let i = tt.patternStopOffsets[p]; i < tt.patternStopOffsets[p + 1]; i++) out.push(e.stopTable.lat[tt.patternStops[i]], e.stopTable.lon[tt.patternStops[i]]);
  return Float64Array.from(out);
}

/** Brute force: does any segment of the line touch the box (an end inside, or crossing an edge)? */
function crosses(ll: Float64Array, [minLat, minLon, maxLat, maxLon]: Box): boolean {
  const inside = (lat: number, lon: number) => lat >= minLat && lat <= maxLat && lon >= minLon && lon <= maxLon;
  const cross = (a: number[], b: number[], c: number[], d: number[]) => {
    const o = (p: number[], q: number[], r: number[]) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
    return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
  };
  const corners = [[minLat, minLon], [minLat, maxLon], [maxLat, maxLon], [maxLat, minLon]];
  for (let i = 0; i + 3 < ll.length; i += 2) {
    const a = [ll[i], ll[i + 1]], b = [ll[i + 2], ll[i + 3]];
    if (inside(a[0], a[1]) || inside(b[0], b[1])) return true;
    for (let k = 0; k < 4; k++) if (cross(a, b, corners[k], corners[(k + 1) % 4])) return true;
  }
  return false;
}

function allPoints(polylines: string[]): number[][] {
  return polylines.flatMap((p) => {
    const c = decodePolyline(p);
    return Array.from({ length: c.length / 2 }, (_, i) => [c[2 * i], c[2 * i + 1]]);
  });
}

/** Seeded boxes from 0.005 to 1 degree across, centred near stops. */
function randomBoxes(e: Engine, count: number): Box[] {
  const rand = mulberry32(11);
  return Array.from({ length: count }, () => {
    const s = Math.floor(rand() * e.stopTable.count);
    const half = 0.0025 * 200 ** rand();
    const lat = e.stopTable.lat[s] + (rand() - 0.5) * half, lon = e.stopTable.lon[s] + (rand() - 0.5) * half;
    return [lat - half, lon - half * 1.6, lat + half, lon + half * 1.6];
  });
}

/** The answer for each box matches brute force over the catalogue, and every point lies in the box. */
function checkAgainstBruteForce(e: Engine, boxes: Box[]): void {
  const c = e.routeShapes.catalogue;
  for (const box of boxes) {
    const found = e.routeShapes.inBox(...box, 1e9);
    let expected = 0;
    for (let g = 0; g < c.count; g++) if (crosses(geometry(e, g), box)) expected++;
    expect(found.shapes.length, `box ${box}`).toBe(expected);
    expect(found.truncated).toBe(false);
    const points = found.shapes.flatMap((s) => allPoints(s.polylines));
    expect(found.pointCount).toBe(points.length);
    for (const [lat, lon] of points) {
      expect(lat).toBeGreaterThanOrEqual(box[0] - ROUND);
      expect(lat).toBeLessThanOrEqual(box[2] + ROUND);
      expect(lon).toBeGreaterThanOrEqual(box[1] - ROUND);
      expect(lon).toBeLessThanOrEqual(box[3] + ROUND);
    }
  }
}

describe('clipping and simplifying', () => {
  it('cuts a line at the box edges into the runs inside', () => {
    // West to east across the unit box, out of the top, back in, and out of the east side.
    const line = [0.5, -1, 0.5, 0.5, 2, 0.5, 0.5, 0.9, 0.5, 3];
    const runs = clipToBox(line, 0, 0, 1, 1).map((r) => Array.from(r, (x) => Math.round(x * 1e9) / 1e9));
    expect(runs).toEqual([
      [0.5, 0, 0.5, 0.5, 1, 0.5],
      [1, 0.766666667, 0.5, 0.9, 0.5, 1],
    ]);
    expect(clipToBox([2, 2, 3, 3], 0, 0, 1, 1)).toEqual([]);
    expect(clipToBox([-1, 0.5, 2, 0.5], 0, 0, 1, 1).map((r) => Array.from(r))).toEqual([[0, 0.5, 1, 0.5]]); // through, no vertex inside
  });

  it('drops points within the tolerance and keeps both ends', () => {
    const line = Float64Array.from([53, -1, 53.00001, -0.99, 53, -0.98, 53.01, -0.97, 53, -0.96]);
    expect(Array.from(simplifyLine(line, 0.0001))).toEqual([53, -1, 53, -0.98, 53.01, -0.97, 53, -0.96]);
    expect(Array.from(simplifyLine(line, 1))).toEqual([53, -1, 53, -0.96]);
  });
});

describe('route shapes on the demo snapshot', () => {
  const e = demoEngine();
  const c = e.routeShapes.catalogue;
  const bb = e.info.bbox;
  const whole: Box = [bb.minLat, bb.minLon, bb.maxLat, bb.maxLon];

  it('has one geometry per distinct path, every trip on exactly one', () => {
    expect(c.count).toBeGreaterThan(20);
    expect(c.count).toBeLessThan(e.timetable.patternCount); // patterns share shapes
    expect(c.tripCount.reduce((a, b) => a + b, 0)).toBe(e.timetable.tripCount);
    const seen = new Set<string>();
    for (let g = 0; g < c.count; g++) {
      const key = Array.from(geometry(e, g)).join();
      expect(seen.has(key), `geometry ${g} repeated`).toBe(false);
      seen.add(key);
    }
  });

  it('draws every geometry, busiest rail and tram first, with line and mode', () => {
    const all = e.routeShapes.inBox(...whole, 1e9);
    expect(all.shapes.length).toBe(c.count);
    expect(all.shapes[0].mode).toBe('rail');
    const tram = all.shapes.find((s) => s.line === 'Blue')!;
    expect(tram).toMatchObject({ mode: 'tram', operatorCode: 'HLTW', fromShape: true, colour: null });
    expect(all.shapes.some((s) => s.mode === 'rail' && !s.fromShape)).toBe(true); // demo rail has no shapes: lines through the stations
    expect(all.shapes.filter((s) => s.line === 'X1' && s.mode === 'bus').length).toBeGreaterThanOrEqual(2); // both directions
  });

  it('simplifies for a wide box but keeps each line’s ends', () => {
    const wide = e.routeShapes.inBox(...whole, 1e9);
    const full = Array.from({ length: c.count }, (_, g) => geometry(e, g));
    expect(wide.pointCount).toBeLessThan(full.reduce((n, ll) => n + ll.length / 2, 0) * 0.6);
    for (let g = 0; g < c.count; g++) {
      const [line] = wide.shapes[g].polylines.map((p) => decodePolyline(p));
      const ll = full[g];
      expect(wide.shapes[g].polylines.length).toBe(1);
      const ends = [line[0], line[1], line[line.length - 2], line[line.length - 1]];
      const want = [ll[0], ll[1], ll[ll.length - 2], ll[ll.length - 1]];
      ends.forEach((x, k) => expect(Math.abs(x - want[k])).toBeLessThanOrEqual(ROUND));
    }
    // A small box keeps most of the detail inside it (the tolerance is a metre or two).
    const small: Box = [53.37, -1.48, 53.39, -1.45];
    const near = e.routeShapes.inBox(...small, 1e9);
    const inside = full.reduce((n, ll) => n + countInside(ll, small), 0);
    expect(near.pointCount).toBeGreaterThan(inside * 0.5);
  });

  it('matches brute force on seeded random boxes, every point inside the box', () => {
    checkAgainstBruteForce(e, randomBoxes(e, 40));
  });

  it('stops at maxPoints and says so', () => {
    const cut = e.routeShapes.inBox(...whole, 100);
    expect(cut.truncated).toBe(true);
    expect(cut.pointCount).toBeGreaterThanOrEqual(100);
    expect(cut.shapes.length).toBeLessThan(c.count);
    expect(cut.shapes[0].mode).toBe('rail'); // kept first
  });

  it('is empty for a box away from every route', () => {
    expect(e.routeShapes.inBox(51, 0, 51.1, 0.1, 1000)).toEqual({ shapes: [], pointCount: 0, truncated: false });
  });
});

function countInside(ll: Float64Array, [minLat, minLon, maxLat, maxLon]: Box): number {
  let n = 0;
  for (let i = 0; i < ll.length; i += 2) if (ll[i] >= minLat && ll[i] <= maxLat && ll[i + 1] >= minLon && ll[i + 1] <= maxLon) n++;
  return n;
}

if (!HAVE_DATA) process.stderr.write(`\n*** ${NO_DATA_MESSAGE} ***\n\n`);

describe.skipIf(!HAVE_DATA)('route shapes on real Newport', () => {
  const CENTRE: Box = [51.565, -3.03, 51.61, -2.96]; // Newport city centre and around

  it('draws the X24 on its shape and Newport Bus lines through their stops, each distinct geometry once', () => {
    const e = feedEngine('newport-20230613_gtfs.zip')!.engine;
    const c = e.routeShapes.catalogue;
    expect(c.tripCount.reduce((a, b) => a + b, 0)).toBe(e.timetable.tripCount);
    const found = e.routeShapes.inBox(...CENTRE, 1e9);
    const x24 = found.shapes.filter((s) => s.line === 'X24');
    expect(x24.length).toBeGreaterThan(0);
    expect(x24.every((s) => s.fromShape && s.operatorCode === 'SSWL' && s.mode === 'bus')).toBe(true);
    const nwpt = found.shapes.filter((s) => s.operatorCode === 'NWPT');
    expect(nwpt.length).toBeGreaterThan(20);
    expect(nwpt.some((s) => !s.fromShape)).toBe(true);
    // Distinct whole geometries (cut to a box, two may coincide: one runs on past it).
    const keys = Array.from({ length: c.count }, (_, g) => Array.from(geometry(e, g)).join());
    expect(new Set(keys).size).toBe(c.count);
    expect(c.count).toBeLessThan(e.timetable.patternCount);
  });

  it('matches brute force on seeded random boxes, every point inside the box', () => {
    const e = feedEngine('newport-20230613_gtfs.zip')!.engine;
    checkAgainstBruteForce(e, [CENTRE, ...randomBoxes(e, 30)]);
  });

  it('gives route colours where the feed has route_color (Vilnius)', () => {
    const found = feedEngine('gtfs.zip')!.engine.routeShapes.inBox(54.6, 25.2, 54.75, 25.35, 1e9);
    expect(found.shapes.length).toBeGreaterThan(50);
    expect(found.shapes.filter((s) => s.line === '1').map((s) => s.colour)).toContain('#0073ac'); // bus 1 (trolleybus 1 is #dc3131)
    for (const s of found.shapes) expect(s.colour).toMatch(/^#[0-9a-f]{6}$/);
  });
});
