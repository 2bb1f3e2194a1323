// FEATURE UNDER TEST: GET /v1/streets.json: the snapshot's street graph inside a box as encoded
// polylines (the explorer's offline base map), checked against the graph's edges by brute force;
// bounded box and size; an empty answer with available=false without a street graph.
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

const BOX = { min_lat: 53.37, min_lon: -1.48, max_lat: 53.39, max_lon: -1.45 };
const qs = (o: Record<string, number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('/v1/streets.json', () => {
  it('draws every street edge with an end inside the box exactly once', async () => {
    const res = await api.get(`/v1/streets.json?${qs(BOX)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ available: true, truncated: false });
    const key = (a: number, b: number, c: number, d: number) => [a, b, c, d].map((x) => x.toFixed(5)).join();
    const drawn = new Map<string, number>();
    let points = 0;
    for (const line of res.body.lines as string[]) {
      const c = decodePolyline(line);
      points += c.length / 2;
      for (let i = 0; i + 3 < c.length; i += 2) {
        const k = [key(c[i], c[i + 1], c[i + 2], c[i + 3]), key(c[i + 2], c[i + 3], c[i], c[i + 1])].sort()[0];
        drawn.set(k, (drawn.get(k) ?? 0) + 1);
      }
    }
    expect(res.body.point_count).toBe(points);
    // Brute force over the graph: every edge leaving a node in the box.
    const g = engine.streets!;
    const { lat, lon, edgeOffsets, edgeTarget } = g.columns;
    const round = (x: number) => Math.round(x * 1e5) / 1e5;
    let expected = 0;
    for (let u = 0; u < g.nodeCount; u++) {
      if (lat[u] < BOX.min_lat || lat[u] > BOX.max_lat || lon[u] < BOX.min_lon || lon[u] > BOX.max_lon) continue;
      for (let e = edgeOffsets[u]; e < edgeOffsets[u + 1]; e++) {
        const v = edgeTarget[e];
        const k = [key(round(lat[u]), round(lon[u]), round(lat[v]), round(lon[v])), key(round(lat[v]), round(lon[v]), round(lat[u]), round(lon[u]))].sort()[0];
        expect(drawn.get(k), `edge ${u}->${v}`).toBe(1);
        expected++;
      }
    }
    expect(expected).toBeGreaterThan(0);
  });

  it('stops at max_points and says so', async () => {
    const res = await api.get(`/v1/streets.json?${qs({ ...BOX, max_points: 100 })}`);
    expect(res.body.truncated).toBe(true);
    expect(res.body.point_count).toBeGreaterThanOrEqual(100);
    expect(res.body.point_count).toBeLessThan(100 + 1000);
  });

  it.each([
    ['', 'missing_parameter'],
    ['min_lat=53.3&min_lon=-1.5&max_lat=53.6&max_lon=-1.4', 'invalid_parameter'],
    ['min_lat=53.3&min_lon=-1.5&max_lat=53.4', 'invalid_parameter'],
    [`${qs(BOX)}&max_points=5`, 'invalid_parameter'],
  ])('?%s → 400 %s', async (query, code) => {
    const res = await api.get(`/v1/streets.json?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it('needs a key', async () => {
    expect((await api.get(`/v1/streets.json?${qs(BOX)}`, { key: null })).status).toBe(401);
  });

  it('is empty with available=false when the snapshot has no street graph', async () => {
    const { streets } = await import('../../packages/server/src/api/map/streets.js');
    const body = streets.handle({ ...BOX, max_points: 20_000 }, { engine: { streets: null }, requestTime: 't' } as any) as any;
    expect(body).toEqual({ request_time: 't', available: false, lines: [], point_count: 0, truncated: false });
  });
});
