// FEATURE UNDER TEST: GET /v1/bus/stops.json on the demo data, checked against a brute-force scan of the engine's stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { distanceMetres, type Stop } from '@transit/engine';
import { BusStop } from '../../packages/server/src/api/common/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
let all: Stop[];
let centre: Stop;
beforeAll(async () => {
  api = await startTestServer();
  all = Array.from({ length: api.engine.info.counts.stops }, (_, i) => api.engine.stop(i));
  // The stop with the most neighbours within 400 m, so the radius search has something to sort.
  centre = all.reduce((best, s) => (neighbours(s, 400) > neighbours(best, 400) ? s : best), all[0]);
});
afterAll(() => api?.close());

function neighbours(s: Stop, radius: number): number {
  let n = 0;
  for (const o of all) if (distanceMetres(s.latitude, s.longitude, o.latitude, o.longitude) <= radius) n++;
  return n;
}

const FIELDS = ['type', 'atcocode', 'naptan_code', 'name', 'short_name', 'indicator', 'street', 'locality', 'town', 'latitude', 'longitude', 'towards', 'bearing', 'towards_next'];

describe('radius search', () => {
  it('returns the stops within the radius, nearest first, with distance', async () => {
    const at = `lat=${centre.latitude}&lon=${centre.longitude}`;
    const res = await api.get(`/v1/bus/stops.json?${at}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(100);
    const members = res.body.member;
    expect(members.length).toBeGreaterThan(1);
    expect(members[0].atcocode).toBe(centre.atcocode);
    for (const m of members) {
      expect(Value.Check(BusStop, m), JSON.stringify(m)).toBe(true);
      expect(Object.keys(m).sort()).toEqual([...FIELDS, 'distance'].sort());
      expect(Number.isInteger(m.distance)).toBe(true);
      expect(m.distance).toBeLessThanOrEqual(400);
      expect(Math.abs(m.distance - distanceMetres(centre.latitude, centre.longitude, m.latitude, m.longitude))).toBeLessThanOrEqual(1);
    }
    const distances = members.map((m: { distance: number }) => m.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(res.body.results_count).toBeGreaterThanOrEqual(neighbours(centre, 399));
    expect(res.body.results_count).toBeLessThanOrEqual(neighbours(centre, 401));
  });

  it('uses the default radius of 400 m', async () => {
    const at = `lat=${centre.latitude}&lon=${centre.longitude}`;
    const implicit = await api.get(`/v1/bus/stops.json?${at}`);
    const explicit = await api.get(`/v1/bus/stops.json?${at}&radius=400`);
    expect(implicit.body.results_count).toBe(explicit.body.results_count);
    expect(implicit.body.limit).toBe(20);
    expect(implicit.body.page).toBe(1);
  });

  it('a bigger radius finds at least as many stops', async () => {
    const at = `lat=${centre.latitude}&lon=${centre.longitude}`;
    const small = await api.get(`/v1/bus/stops.json?${at}&radius=100`);
    const big = await api.get(`/v1/bus/stops.json?${at}&radius=5000`);
    expect(big.body.results_count).toBeGreaterThanOrEqual(small.body.results_count);
    expect(big.body.member.every((m: { distance: number }) => m.distance <= 5000)).toBe(true);
  });

  it('pages without overlap and with a stable results_count', async () => {
    const at = `lat=${centre.latitude}&lon=${centre.longitude}&radius=5000`;
    const [p1, p2, both] = await Promise.all([api.get(`/v1/bus/stops.json?${at}&limit=5&page=1`), api.get(`/v1/bus/stops.json?${at}&limit=5&page=2`), api.get(`/v1/bus/stops.json?${at}&limit=10`)]);
    expect(p1.body.results_count).toBeGreaterThan(10);
    expect(p2.body.results_count).toBe(p1.body.results_count);
    expect(p2.body.page).toBe(2);
    const ids = (r: typeof p1) => r.body.member.map((m: { atcocode: string }) => m.atcocode);
    expect(ids(p1).filter((id: string) => ids(p2).includes(id))).toEqual([]);
    expect([...ids(p1), ...ids(p2)]).toEqual(ids(both));
  });
});

describe('bounding box search', () => {
  it('returns exactly the stops inside the box, without distance', async () => {
    const box = { minLat: centre.latitude - 0.02, minLon: centre.longitude - 0.03, maxLat: centre.latitude + 0.02, maxLon: centre.longitude + 0.03 };
    const inside = all.filter((s) => s.latitude >= box.minLat && s.latitude <= box.maxLat && s.longitude >= box.minLon && s.longitude <= box.maxLon);
    const res = await api.get(`/v1/bus/stops.json?min_lat=${box.minLat}&min_lon=${box.minLon}&max_lat=${box.maxLat}&max_lon=${box.maxLon}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBe(inside.length);
    for (const m of res.body.member) {
      expect(m.latitude).toBeGreaterThanOrEqual(box.minLat);
      expect(m.latitude).toBeLessThanOrEqual(box.maxLat);
      expect(m.longitude).toBeGreaterThanOrEqual(box.minLon);
      expect(m.longitude).toBeLessThanOrEqual(box.maxLon);
      expect(m).not.toHaveProperty('distance');
      expect(Object.keys(m).sort()).toEqual([...FIELDS].sort());
    }
  });

  it('accepts a box of exactly 1 degree a side', async () => {
    const lat = Math.floor(centre.latitude), lon = Math.floor(centre.longitude);
    const res = await api.get(`/v1/bus/stops.json?min_lat=${lat}&min_lon=${lon}&max_lat=${lat + 1}&max_lon=${lon + 1}`);
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBeGreaterThan(0);
  });
});

describe('type filter', () => {
  const at = () => `min_lat=${centre.latitude - 0.5}&min_lon=${centre.longitude - 0.5}&max_lat=${centre.latitude + 0.5}&max_lon=${centre.longitude + 0.5}`;
  const count = (types: string[]) => all.filter((s) => types.includes(s.type) && Math.abs(s.latitude - centre.latitude) <= 0.5 && Math.abs(s.longitude - centre.longitude) <= 0.5).length;

  it.each([['bus_stop'], ['tram_stop'], ['train_station']])('type=%s returns only that type', async (type) => {
    const res = await api.get(`/v1/bus/stops.json?${at()}&type=${type}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBe(count([type]));
    expect(res.body.member.every((m: { type: string }) => m.type === type)).toBe(true);
  });

  it('repeated and comma-separated types are the same filter', async () => {
    const repeated = await api.get(`/v1/bus/stops.json?${at()}&type=tram_stop&type=train_station`);
    const commas = await api.get(`/v1/bus/stops.json?${at()}&type=tram_stop,train_station`);
    expect(repeated.body.results_count).toBe(count(['tram_stop', 'train_station']));
    expect(commas.body).toEqual({ ...repeated.body, request_time: commas.body.request_time });
  });
});
