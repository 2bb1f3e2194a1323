// FEATURE UNDER TEST: GET /v1/places.json on the demo data: text, point and box searches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import type { Stop } from '@transit/engine';
import { Place } from '../../packages/server/src/api/common/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
let stop: Stop;
let at: string;
beforeAll(async () => {
  api = await startTestServer();
  stop = api.engine.stop(0);
  at = `lat=${stop.latitude}&lon=${stop.longitude}`;
});
afterAll(() => api?.close());

type PlaceDto = { type: string; name: string; atcocode?: string; crs_code?: string; distance?: number; latitude: number; longitude: number };

function checkShape(p: PlaceDto): void {
  expect(Value.Check(Place, p), JSON.stringify(p)).toBe(true);
  expect('atcocode' in p).toBe(p.type === 'bus_stop' || p.type === 'tram_stop');
  expect('crs_code' in p).toBe(p.type === 'train_station');
}

describe('places', () => {
  it('near a point: nearest first, with integer distance, query echoed as null', async () => {
    const res = await api.get(`/v1/places.json?${at}&limit=50`);
    expect(res.status).toBe(200);
    expect(res.body.query).toBeNull();
    expect(res.body.member.length).toBeGreaterThan(0);
    const distances = res.body.member.map((p: PlaceDto) => p.distance);
    expect(distances.every((d: unknown) => Number.isInteger(d))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    res.body.member.forEach(checkShape);
  });

  it('by text: finds the stop by its name and echoes the query', async () => {
    const res = await api.get(`/v1/places.json?query=${encodeURIComponent(stop.name)}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.query).toBe(stop.name);
    expect(res.body.results_count).toBeGreaterThan(0);
    expect(res.body.member.some((p: PlaceDto) => p.atcocode === stop.atcocode || p.name === stop.name)).toBe(true);
    for (const p of res.body.member) {
      checkShape(p);
      expect(p).not.toHaveProperty('distance');
    }
  });

  it('text and point: distance added', async () => {
    const res = await api.get(`/v1/places.json?query=${encodeURIComponent(stop.name)}&${at}`);
    expect(res.status).toBe(200);
    expect(res.body.member.every((p: PlaceDto) => Number.isInteger(p.distance))).toBe(true);
  });

  it('type filter (repeated or comma-separated) keeps only those types', async () => {
    for (const q of ['type=bus_stop&type=settlement', 'type=bus_stop,settlement']) {
      const res = await api.get(`/v1/places.json?${at}&${q}&limit=100`);
      expect(res.status).toBe(200);
      expect(res.body.member.length).toBeGreaterThan(0);
      expect(res.body.member.every((p: PlaceDto) => p.type === 'bus_stop' || p.type === 'settlement')).toBe(true);
    }
  });

  it('inside a box: every place in it', async () => {
    const box = { minLat: stop.latitude - 0.05, minLon: stop.longitude - 0.05, maxLat: stop.latitude + 0.05, maxLon: stop.longitude + 0.05 };
    const res = await api.get(`/v1/places.json?min_lat=${box.minLat}&min_lon=${box.minLon}&max_lat=${box.maxLat}&max_lon=${box.maxLon}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBeGreaterThan(0);
    for (const p of res.body.member as PlaceDto[]) {
      expect(p.latitude >= box.minLat && p.latitude <= box.maxLat && p.longitude >= box.minLon && p.longitude <= box.maxLon).toBe(true);
    }
  });

  it('pages without overlap, results_count stable', async () => {
    const [p1, p2, both] = await Promise.all([api.get(`/v1/places.json?${at}&limit=5`), api.get(`/v1/places.json?${at}&limit=5&page=2`), api.get(`/v1/places.json?${at}&limit=10`)]);
    expect(p2.body.results_count).toBe(p1.body.results_count);
    const key = (p: PlaceDto) => `${p.type}:${p.name}:${p.latitude}:${p.longitude}`;
    expect([...p1.body.member.map(key), ...p2.body.member.map(key)]).toEqual(both.body.member.map(key));
  });

  it('a query of 200 characters is accepted', async () => {
    expect((await api.get(`/v1/places.json?query=${'a'.repeat(200)}`)).status).toBe(200);
  });
});
