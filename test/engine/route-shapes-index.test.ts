// FEATURE UNDER TEST: route shapes found through the grid of shape pieces (ShapeGrid, ShapeGeometries):
// each answer equals the brute-force scan of the whole catalogue (RouteShapes.scan) field for
// field and in order, truncation included; a shape is found where only the middle of a long
// segment, or a detour beyond every stop, crosses the box; nothing is built for an empty box.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { demoEngine, feedEngine } from '../support/snapshots.js';
import { HAVE_DATA } from '../support/data.js';
import { feedFolder } from '../support/gtfs.js';
import { mulberry32 } from '../support/random-timetable.js';

type Box = [minLat: number, minLon: number, maxLat: number, maxLon: number];

/** Seeded boxes from 0.005 to 2 degrees across near stops, with maxPoints from tight to unlimited. */
function boxes(e: Engine, count: number): [...Box, number][] {
  const rand = mulberry32(5);
  return Array.from({ length: count }, (_, i) => {
    const s = Math.floor(rand() * e.stopTable.count);
    const half = 0.0025 * 400 ** rand();
    const lat = e.stopTable.lat[s] + (rand() - 0.5) * half, lon = e.stopTable.lon[s] + (rand() - 0.5) * half;
    return [lat - half, lon - half * 1.6, lat + half, lon + half * 1.6, [1e9, 20_000, 300][i % 3]];
  });
}

function sameAsScan(e: Engine, count: number): void {
  let truncated = 0;
  for (const b of boxes(e, count)) {
    const found = e.routeShapes.inBox(...b);
    expect(found, `box ${b}`).toEqual(e.routeShapes.scan(...b));
    truncated += +found.truncated;
  }
  expect(truncated).toBeGreaterThan(0); // the maxPoints cut is exercised
}

describe('route shapes through the grid of shape pieces', () => {
  it('equals the brute-force catalogue scan on the demo snapshot', () => {
    sameAsScan(demoEngine(), 120);
  });

  it.skipIf(!HAVE_DATA)('equals the brute-force catalogue scan on real Newport', () => {
    sameAsScan(feedEngine('newport-20230613_gtfs.zip')!.engine, 80);
  });

  it('finds a shape by the middle of a long segment and by a detour beyond every stop', async () => {
    const dir = feedFolder(`
      # agency.txt
      agency_id,agency_name,agency_url,agency_timezone
      OP1,Buses,https://example.org,Europe/London
      # stops.txt
      stop_id,stop_name,stop_lat,stop_lon
      A,Alpha,53.38,-1.47
      B,Bravo,53.40,-1.45
      C,Charlie,53.70,-0.90
      # routes.txt
      route_id,agency_id,route_short_name,route_long_name,route_type
      R1,OP1,1,,3
      R2,OP1,2,,3
      R3,OP1,3,,3
      # calendar.txt
      service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      S1,1,1,1,1,1,0,0,20260105,20260130
      # shapes.txt
      shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence
      S1,53.38,-1.47,1
      S1,53.9,-1.47,2
      S1,53.9,-1.45,3
      S1,53.4,-1.45,4
      # trips.txt
      trip_id,route_id,service_id,shape_id
      T1,R1,S1,S1
      T2,R2,S1,
      T3,R3,S1,
      # stop_times.txt
      trip_id,stop_id,stop_sequence,arrival_time,departure_time
      T1,A,1,08:00:00,08:00:00
      T1,B,2,08:30:00,08:30:00
      T2,B,1,09:00:00,09:00:00
      T2,A,2,09:05:00,09:05:00
      T3,B,1,10:00:00,10:00:00
      T3,C,2,10:30:00,10:30:00
    `);
    // Shape S1 leaves A due north for 0.52 degrees (past C, the northernmost stop), turns east and comes back down to B: usable (it passes both stops).
    const { bytes } = await buildSnapshot({ gtfs: [dir], quiet: true });
    const e = Engine.open(bytes.buffer);
    const drawn = (box: Box) => e.routeShapes.inBox(...box, 1000).shapes.map((s) => `${s.line} ${s.fromShape} ${s.polylines.length}`);
    const middle: Box = [53.5, -1.475, 53.51, -1.465]; // the northbound leg, no vertex inside
    const beyond: Box = [53.85, -1.48, 53.95, -1.44]; // the turn, 0.15 degrees north of every stop
    const stops: Box = [53.37, -1.48, 53.41, -1.44];
    expect(drawn(middle)).toEqual(['1 true 1']);
    expect(drawn(beyond)).toEqual(['1 true 1']);
    expect(drawn(stops).sort()).toEqual(['1 true 2', '2 false 1', '3 false 1']); // both legs of S1 cross the box
    expect(drawn([53.5, -1.46, 53.51, -1.455])).toEqual([]); // between the legs
    for (const box of [middle, beyond, stops]) expect(e.routeShapes.inBox(...box, 1000)).toEqual(e.routeShapes.scan(...box, 1000));
  });
});

describe('route shape caches bounded by bytes', () => {
  it.skipIf(!HAVE_DATA)('answer as the default caches with generations of 4 KiB, holding no more than two generations', async () => {
    const { ShapeGeometries } = await import('../../packages/engine/src/shapes/shape-geometries.js');
    const e = feedEngine('newport-20230613_gtfs.zip')!.engine;
    // The engine's own parts (private getters: this test reads them as the engine builds them).
    const inner = e as unknown as { tripPaths: never; describer: { mode(t: number): never } };
    const small = new ShapeGeometries(e.timetable, e.strings, e.stopTable.lat, e.stopTable.lon, inner.tripPaths, (t) => inner.describer.mode(t), null, { geometries: 4096, draws: 2048 });
    const wide = new ShapeGeometries(e.timetable, e.strings, e.stopTable.lat, e.stopTable.lon, inner.tripPaths, (t) => inner.describer.mode(t), null);
    const fields = (gs: ReturnType<typeof small.crossing>) => gs.map((g) => [g.shape, g.pattern, g.trip, g.tripCount, Array.from(g.bbox), Array.from(g.coarseLine())]);
    let most = 0;
    for (const [minLat, minLon, maxLat, maxLon] of boxes(e, 150)) {
      expect(fields(small.crossing(minLat, minLon, maxLat, maxLon))).toEqual(fields(wide.crossing(minLat, minLon, maxLat, maxLon)));
      most = Math.max(most, small.cachedBytes);
    }
    // Two generations of each of the three caches, each passing its bound by at most one entry (a few KiB on Newport).
    expect(most).toBeLessThanOrEqual(2 * (4096 + 4096 + 2048) + 3 * 8192);
    expect(wide.cachedBytes).toBeGreaterThan(4 * (4096 + 4096 + 2048)); // the small bound did evict
  });
});
