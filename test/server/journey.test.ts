// FEATURE UNDER TEST: GET /v1/journey.json over HTTP on the demo dataset: parameters, response shape, coverage, limits and errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { JourneyPlan } from '../../packages/server/src/api/journeys/schemas.js';
import { demoSnapshotEngine, startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
let from: { lat: number; lon: number };
let to: { lat: number; lon: number };
beforeAll(async () => {
  api = await startTestServer();
  const engine = await demoSnapshotEngine();
  const stop = (name: string) => {
    const p = engine.searchPlaces({ text: name, offset: 0, limit: 1, types: ['bus_stop'] }).items[0];
    return { lat: p.latitude, lon: p.longitude };
  };
  from = stop('Sheffield Interchange');
  to = stop('Barnsley Interchange');
});
afterAll(() => api?.close());

const DATETIME = '2026-03-03T08:00'; // a Tuesday in the demo calendar
const url = (extra = '', a = from, b = to) => `/v1/journey.json?from_lat=${a.lat}&from_lon=${a.lon}&to_lat=${b.lat}&to_lon=${b.lon}&datetime=${DATETIME}${extra}`;
const ms = (t: string) => Date.parse(t);

describe('GET /v1/journey.json', () => {
  it('plans Sheffield to Barnsley: schema-valid, legs joined end to end, soonest first', async () => {
    const res = await api.get(url());
    expect(res.status).toBe(200);
    expect(Value.Check(JourneyPlan, res.body), JSON.stringify([...Value.Errors(JourneyPlan, res.body)].slice(0, 3))).toBe(true);
    const body = res.body;
    expect(body.coverage.area).toBe('South and West Yorkshire');
    const [minLat, minLon, maxLat, maxLon] = body.coverage.bbox;
    expect(minLat).toBeGreaterThan(53);
    expect(maxLat).toBeLessThan(54.1);
    expect(minLon).toBeLessThan(maxLon);
    expect(body.street_model).toMatch(/^(osm|straight_line)$/);
    expect(body.itineraries.length).toBeGreaterThan(0);
    expect(body.itineraries.length).toBeLessThanOrEqual(5);
    let prevStart = 0;
    for (const it of body.itineraries) {
      expect(ms(it.start_time)).toBeGreaterThanOrEqual(ms('2026-03-03T08:00:00+00:00'));
      expect(ms(it.start_time)).toBeGreaterThanOrEqual(prevStart);
      prevStart = ms(it.start_time);
      expect(it.duration_s).toBe((ms(it.end_time) - ms(it.start_time)) / 1000);
      expect(it.legs.some((l: any) => l.mode !== 'walk')).toBe(true);
      expect(it.legs[0].start_time).toBe(it.start_time);
      expect(it.legs.at(-1).end_time).toBe(it.end_time);
      for (let i = 1; i < it.legs.length; i++) {
        expect(it.legs[i].from.atcocode).toBe(it.legs[i - 1].to.atcocode);
        expect(ms(it.legs[i].start_time)).toBeGreaterThanOrEqual(ms(it.legs[i - 1].end_time));
      }
      for (const leg of it.legs) {
        expect(leg.geometry.length).toBeGreaterThan(0);
        if (leg.mode === 'walk') continue;
        expect(leg.trip_id).toEqual(expect.any(String));
        expect(leg.dated_vehicle_journey_ref).toBe(`2026-03-03:${leg.trip_id}`);
        expect(leg.line).toEqual(expect.any(String));
        expect(leg.intermediate_stops).toBeNull();
      }
      // An unknown total is null, never 0: a number only when every transit leg is priced.
      expect(it.fare.amount_gbp === null ? !it.fare.complete : it.fare.complete && typeof it.fare.amount_gbp === 'number').toBe(true);
    }
    expect(Object.keys(body.alternatives).sort()).toEqual(['bicycle', 'walk']);
    const walk = body.alternatives.walk.itineraries[0];
    expect(walk.legs).toHaveLength(1);
    expect(walk.legs[0].mode).toBe('walk');
    expect(body.alternatives.bicycle.itineraries[0].duration_s).toBeLessThan(walk.duration_s);
  });

  it('each transit leg matches the journey it names (board and alight times of /v1/bus/services)', async () => {
    // Bus only: Sheffield to Barnsley is first by train since the demo carries the rail corridors, and trains are /v1/rail/services.
    const res = await api.get(url('&include_intermediate_stops=true&limit=2&transit_modes='));
    const leg = res.body.itineraries[0].legs.find((l: any) => l.mode !== 'walk');
    const service = await api.get(`/v1/bus/services/${encodeURIComponent(leg.dated_vehicle_journey_ref)}.json?live=false`);
    expect(service.status).toBe(200);
    const calls = service.body.stops;
    const board = calls.findIndex((c: any) => c.atcocode === leg.from.atcocode && c.aimed_departure_time === leg.start_time);
    const alight = calls.findIndex((c: any, i: number) => i > board && c.atcocode === leg.to.atcocode && c.aimed_arrival_time === leg.end_time);
    expect(board).toBeGreaterThanOrEqual(0);
    expect(alight).toBeGreaterThan(board);
    expect(leg.intermediate_stops.map((s: any) => s.atcocode)).toEqual(calls.slice(board + 1, alight).map((c: any) => c.atcocode));
  });

  it('modes chooses the alternatives: empty skips them, car adds driving', async () => {
    expect((await api.get(url('&modes='))).body.alternatives).toEqual({});
    const car = (await api.get(url('&modes=car'))).body.alternatives;
    expect(Object.keys(car)).toEqual(['car']);
    expect(car.car.itineraries[0].legs[0].mode).toBe('car');
  });

  it('arrive_by: every itinerary arrives by datetime, listed by start time', async () => {
    const res = await api.get(url('&arrive_by=true').replace('T08:00', 'T18:00'));
    expect(res.status).toBe(200);
    const its = res.body.itineraries;
    expect(its.length).toBeGreaterThan(0);
    for (const it of its) expect(ms(it.end_time)).toBeLessThanOrEqual(ms('2026-03-03T18:00:00+00:00'));
    expect(its.map((i: any) => i.start_time)).toEqual([...its.map((i: any) => i.start_time)].sort());
  });

  it('next_available says more itineraries exist beyond limit', async () => {
    const one = await api.get(url('&limit=1'));
    expect(one.body.itineraries).toHaveLength(1);
    expect(one.body.next_available).toBe(true);
  });

  it('walk limits exclude itineraries and say so', async () => {
    const res = await api.get(url('&max_walk_distance=300'));
    for (const it of res.body.itineraries) for (const l of it.legs) if (l.mode === 'walk') expect(l.distance_m).toBeLessThanOrEqual(300);
    const total = await api.get(url('&max_total_walk_distance=1'));
    expect(total.status).toBe(200);
    for (const it of total.body.itineraries) expect(it.walk_distance_m).toBeLessThanOrEqual(1);
    if (!total.body.itineraries.length) expect(total.body.notices.length).toBeGreaterThan(0);
    // The direct walk is never capped by the walk limits.
    expect(total.body.alternatives.walk.itineraries).toHaveLength(1);
  });

  it('transit_modes= searches bus and coach only', async () => {
    const res = await api.get(url('&transit_modes=&limit=10'));
    expect(res.status).toBe(200);
    for (const it of res.body.itineraries) for (const l of it.legs) expect(['walk', 'bus', 'coach']).toContain(l.mode);
  });

  it('an end outside the coverage area is a 422 outside_coverage, not an empty list', async () => {
    const london = { lat: 51.5074, lon: -0.1278 };
    const res = await api.get(url('', from, london));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('outside_coverage');
    expect(res.body.error.message).toMatch(/destination/);
    expect((await api.get(url('', london, to))).body.error.message).toMatch(/origin/);
  });

  it('bad parameters are 400s naming the parameter', async () => {
    for (const [q, name] of [
      ['/v1/journey.json?from_lon=-1.4&to_lat=53.5&to_lon=-1.4', 'from_lat'],
      [url('&limit=21'), 'limit'],
      [url('&modes=plane'), 'modes'],
      [url('&transit_modes=ferry'), 'transit_modes'],
      [url('&max_walk_distance=-5'), 'max_walk_distance'],
      [url('').replace('T08:00', 'T25:00'), 'datetime'],
      [url('&from_lat=91'), 'from_lat'],
    ] as const) {
      const res = await api.get(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message).toContain(name);
    }
  });
});
