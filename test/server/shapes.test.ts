// FEATURE UNDER TEST: GET /v1/shapes.json: the distinct route geometries crossing a box as
// encoded polylines (the explorer's route layer), equal to the engine's answer, every point in
// the box; bounded box and size; errors in the envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePolyline, type Engine } from '@transit/engine';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
let engine: Engine;
beforeAll(async () => {
  api = await startTestServer();
  engine = api.engine;
});
afterAll(() => api?.close());

const BOX = { min_lat: 53.36, min_lon: -1.5, max_lat: 53.4, max_lon: -1.44 }; // central Sheffield
const qs = (o: Record<string, number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('/v1/shapes.json', () => {
  it('gives the engine’s route shapes in the box, every point inside it', async () => {
    const res = await api.get(`/v1/shapes.json?${qs(BOX)}`);
    expect(res.status).toBe(200);
    expect(res.body.truncated).toBe(false);
    const want = engine.routeShapes.inBox(BOX.min_lat, BOX.min_lon, BOX.max_lat, BOX.max_lon, 20_000);
    expect(res.body.shapes).toEqual(want.shapes.map((s) => ({ line: s.line, operator_code: s.operatorCode, mode: s.mode, colour: s.colour, trip_count: s.tripCount, from_shape: s.fromShape, polylines: s.polylines })));
    expect(res.body.shapes.length).toBeGreaterThan(10);
    expect(res.body.shapes.some((s: any) => s.line === 'Blue' && s.mode === 'tram' && s.from_shape)).toBe(true);
    let points = 0;
    for (const s of res.body.shapes) {
      for (const line of s.polylines as string[]) {
        const c = decodePolyline(line);
        points += c.length / 2;
        for (let i = 0; i < c.length; i += 2) {
          expect(c[i]).toBeGreaterThanOrEqual(BOX.min_lat - 1e-5);
          expect(c[i]).toBeLessThanOrEqual(BOX.max_lat + 1e-5);
          expect(c[i + 1]).toBeGreaterThanOrEqual(BOX.min_lon - 1e-5);
          expect(c[i + 1]).toBeLessThanOrEqual(BOX.max_lon + 1e-5);
        }
      }
    }
    expect(res.body.point_count).toBe(points);
  });

  it('takes a box up to 2 degrees, simplified for its size', async () => {
    const wide = { min_lat: 52.6, min_lon: -2.4, max_lat: 54.6, max_lon: -0.4 };
    const res = await api.get(`/v1/shapes.json?${qs(wide)}`);
    expect(res.status).toBe(200);
    expect(res.body.shapes.length).toBe(engine.routeShapes.catalogue.count);
    const near = await api.get(`/v1/shapes.json?${qs(BOX)}`);
    const perShape = (b: any) => b.point_count / b.shapes.length;
    expect(perShape(res.body)).toBeLessThan(perShape(near.body) * 2); // a whole region costs about what a town centre does
  });

  it('stops at max_points and says so', async () => {
    const res = await api.get(`/v1/shapes.json?${qs({ ...BOX, max_points: 100 })}`);
    expect(res.body.truncated).toBe(true);
    expect(res.body.point_count).toBeGreaterThanOrEqual(100);
  });

  it('is cacheable', async () => {
    const res = await api.get(`/v1/shapes.json?${qs(BOX)}`);
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it.each([
    ['', 'missing_parameter'],
    ['min_lat=52&min_lon=-2&max_lat=54.5&max_lon=-1', 'invalid_parameter'],
    ['min_lat=53.3&min_lon=-1.5&max_lat=53.4', 'invalid_parameter'],
    ['min_lat=53.4&min_lon=-1.5&max_lat=53.3&max_lon=-1.4', 'invalid_parameter'],
    ['min_lat=abc&min_lon=-1.5&max_lat=53.4&max_lon=-1.4', 'invalid_parameter'],
    [`${qs(BOX)}&max_points=5`, 'invalid_parameter'],
  ])('?%s → 400 %s', async (query, code) => {
    const res = await api.get(`/v1/shapes.json?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(typeof res.body.error.message).toBe('string');
  });

  it('needs a key', async () => {
    expect((await api.get(`/v1/shapes.json?${qs(BOX)}`, { key: null })).status).toBe(401);
  });
});
