// FEATURE UNDER TEST: the street graph on a hand-drawn map built through the real builder: oneway for cars and bicycles, snapping, islands, steps, access/egress searches and transfers.
import { beforeAll, describe, expect, it } from 'vitest';
import { NONE, streetTransferDistance, streetTransfers, type Engine, type StreetGraph, type StreetPath } from '@transit/engine';
import { at, streetMapEngine, type StreetMap } from '../support/streets.js';
import { openFeed } from '../support/boards.js';

//   F(0,100) --West Walk-- D(100,100) --Top Road-- E(200,100)      S2 10 m north of E
//   |footway               ^ North Lane            | East Road
//   A(0,0) ---------Main Street--B(100,0)-------- C(200,0)         S1 10 m south of B
//                    (North Lane: one way B -> D for cars, both ways for bicycles)
//   G(1000,0) -- H(1030,0) Lonely Close: an island; S3 beside it
const MAP: StreetMap = {
  points: { A: [0, 0], B: [100, 0], C: [200, 0], D: [100, 100], E: [200, 100], F: [0, 100], G: [1000, 0], H: [1030, 0] },
  ways: [
    { path: 'A B C', tags: { highway: 'residential', name: 'Main Street' } },
    { path: 'B D', tags: { highway: 'residential', name: 'North Lane', oneway: 'yes', 'oneway:bicycle': 'no' } },
    { path: 'D E', tags: { highway: 'residential', name: 'Top Road' } },
    { path: 'C E', tags: { highway: 'residential', name: 'East Road' } },
    { path: 'A F', tags: { highway: 'footway' } },
    { path: 'F D', tags: { highway: 'pedestrian', name: 'West Walk' } },
    { path: 'G H', tags: { highway: 'residential', name: 'Lonely Close' } },
    { path: 'A C', tags: { highway: 'construction', name: 'Not Yet Road' } },
  ],
  stops: { S1: [100, -10], S2: [200, 110], S3: [1015, 5] },
};

let e: Engine;
let g: StreetGraph;
beforeAll(async () => {
  e = await streetMapEngine(MAP);
  g = e.streets!;
});

const metres = (p: StreetPath | null) => (p ? Math.round(p.distance) : null);
const steps = (p: StreetPath | null) => p!.steps.map((s) => `${s.relativeDirection} ${s.absoluteDirection} ${s.streetName || '-'} ${Math.round(s.distance)}`).join(' | ');
const stopIdx = (atco: string) => e.findStop(atco);

describe('hand-drawn street map', () => {
  it('compiles every way node, segments split to 50 m, both directions where allowed', () => {
    expect(e.reader.has('streets.edgeOffsets')).toBe(true);
    expect(g.nodeCount).toBeGreaterThan(8); // the map's points and points interpolated on the 100 m streets
    expect(Math.max(...g.columns.edgeLength)).toBeLessThanOrEqual(50);
    const edges = (name: string) => Array.from({ length: g.edgeCount }, (_, i) => i).filter((i) => g.nameOf(g.columns.edgeName[i]) === name);
    const total = (name: string) => Math.round(edges(name).reduce((m, i) => m + g.columns.edgeLength[i], 0));
    expect(edges('Not Yet Road')).toEqual([]); // highway=construction is not routable
    expect([total('Main Street'), total('North Lane'), total('Lonely Close')]).toEqual([400, 200, 60]); // both directions
    expect(new Set(edges('North Lane').map((i) => g.columns.edgeAccess[i]))).toEqual(new Set([3, 7])); // up: foot+bicycle+car; down: foot+bicycle
    expect(edges('West Walk').every((i) => g.columns.edgeAccess[i] === 1)).toBe(true);
  });

  it('a oneway street blocks cars the wrong way but not walkers or (exempt) cyclists', () => {
    const down = [at(100, 90), at(100, 10)] as const;
    expect(metres(g.route(down[0], down[1], 'car'))).toBe(320); // forward to D, round by E and C, back up from B
    expect(metres(g.route(down[1], down[0], 'car'))).toBe(80);
    expect(metres(g.route(down[0], down[1], 'walk'))).toBe(80);
    expect(metres(g.route(down[0], down[1], 'bicycle'))).toBe(80);
  });

  it('routes by car with merged steps and turn directions', () => {
    const r = g.route(at(0, 0), at(200, 60), 'car')!;
    expect(steps(r)).toBe('depart east Main Street 200 | left north East Road 60');
    const pts = Array.from({ length: r.geometry.length / 2 }, (_, i) => [r.geometry[2 * i], r.geometry[2 * i + 1]]);
    expect(pts.at(-1)).toEqual([at(200, 60).lat, at(200, 60).lon]);
    expect(pts.every(([lat, lon]) => Math.abs(lat - at(0, 0).lat) < 1e-6 || Math.abs(lon - at(200, 0).lon) < 1e-6)).toBe(true); // along Main Street, then East Road
    expect(r.duration).toBeCloseTo((260 * 3.6) / 30, 0); // residential default 30 km/h
  });

  it('snaps to the nearest usable edge per mode and never onto an island', () => {
    const walk = g.nearest(at(150, 20).lat, at(150, 20).lon, 'walk')!;
    expect(walk.distance).toBeCloseTo(20, 1);
    expect(walk.lat).toBeCloseTo(at(150, 0).lat, 7);
    expect(walk.lon).toBeCloseTo(at(150, 0).lon, 7);
    expect(g.nearest(at(-20, 50).lat, at(-20, 50).lon, 'walk')!.distance).toBeCloseTo(20, 1); // the footway
    expect(g.nearest(at(-20, 50).lat, at(-20, 50).lon, 'car')!.distance).toBeCloseTo(Math.hypot(20, 50), 1); // cars: Main Street at A
    expect(g.nearest(at(1015, 5).lat, at(1015, 5).lon, 'walk', 200)).toBeNull();
    expect(g.route(at(0, 0), at(5000, 5000), 'walk')).toBeNull();
  });

  it('gives each stop its nearest walkable node within 500 m, NONE otherwise', () => {
    const { stopNode, stopNodeDist } = g.columns;
    expect([stopNodeDist[stopIdx('S1')], stopNodeDist[stopIdx('S2')]].map((d) => Math.round(d))).toEqual([10, 10]);
    expect(stopNode[stopIdx('S3')]).toBe(NONE);
  });

  it('access search: stops by walking metres, with the walk from the point', () => {
    const s = g.search;
    const p = at(-10, 0);
    const n = s.walkFrom(p.lat, p.lon, 400);
    const found = Array.from({ length: n }, (_, i) => `${e.stop(s.stops[i]).atcocode} ${Math.round(s.stopMetres[i])}`);
    expect(found.join(' | ')).toBe('S1 120 | S2 320');
    const path = s.pathTo(stopIdx('S1'))!;
    expect(steps(path)).toBe('depart east Main Street 120');
    expect([...path.geometry.slice(0, 2)]).toEqual([p.lat, p.lon]);
    expect([...path.geometry.slice(-2)]).toEqual([at(100, -10).lat, at(100, -10).lon]);
    expect(s.pathTo(stopIdx('S3'))).toBeNull();
    expect(s.walkFrom(p.lat, p.lon, 200)).toBe(1); // the bound holds
  });

  it('egress search: the same metres, paths from the stop to the point', () => {
    const s = g.search;
    const p = at(-10, 0);
    expect(s.walkTo(p.lat, p.lon, 400)).toBe(2);
    const path = s.pathTo(stopIdx('S1'))!;
    expect(steps(path)).toBe('depart west Main Street 120');
    expect([...path.geometry.slice(0, 2)]).toEqual([at(100, -10).lat, at(100, -10).lon]);
    expect(Math.round(s.metresTo(stopIdx('S2')))).toBe(320);
  });

  it('walking transfers between stops over the streets', () => {
    const t = streetTransfers(g, 400);
    const [s1, s2, s3] = ['S1', 'S2', 'S3'].map(stopIdx);
    const list = (a: number) => Array.from(t.stops.subarray(t.offsets[a], t.offsets[a + 1]), (b, i) => `${e.stop(b).atcocode} ${Math.round(t.metres[t.offsets[a] + i])}`).join(',');
    expect([list(s1), list(s2), list(s3)]).toEqual(['S2 220', 'S1 220', '']);
    expect(streetTransfers(g, 400, 1000).stops.length).toBe(6); // S3 (815 m and 915 m away) joins in a straight line
    const d = streetTransferDistance(g, 400);
    expect([Math.round(d(s1, s2)), d(s1, s3)]).toEqual([220, NaN]);
  });
});

describe('a map without routable ways', () => {
  it('compiles an empty graph: no stop nodes, no routes, no stops reached', async () => {
    const empty = await streetMapEngine({ points: { A: [0, 0], B: [100, 0] }, ways: [{ path: 'A B', tags: { building: 'yes' } }], stops: { S1: [0, 5] } });
    const eg = empty.streets!;
    expect(eg.nodeCount).toBe(0);
    expect(eg.columns.stopNode[0]).toBe(NONE);
    expect(eg.route(at(0, 0), at(100, 0), 'walk')).toBeNull();
    expect(eg.search.walkFrom(at(0, 0).lat, at(0, 0).lon, 1000)).toBe(0);
    expect(eg.nearest(at(0, 0).lat, at(0, 0).lon, 'car')).toBeNull();
  });
});

describe('a snapshot built without --osm', () => {
  it('has no street graph', async () => {
    const plain = await openFeed(`
      # agency.txt
      agency_id,agency_name,agency_url,agency_timezone
      A,Agency,https://example.org,Europe/London
      # stops.txt
      stop_id,stop_name,stop_lat,stop_lon
      S1,One,53.0,-1.0
      S2,Two,53.01,-1.0
      # routes.txt
      route_id,agency_id,route_short_name,route_type
      R,A,1,3
      # calendar.txt
      service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      ALL,1,1,1,1,1,1,1,20260601,20260630
      # trips.txt
      route_id,service_id,trip_id
      R,ALL,T
      # stop_times.txt
      trip_id,stop_sequence,stop_id,arrival_time,departure_time
      T,1,S1,09:00:00,09:00:00
      T,2,S2,09:10:00,09:10:00
    `);
    expect(plain.reader.has('streets.edgeOffsets')).toBe(false);
    expect(plain.streets).toBeNull();
  });
});
