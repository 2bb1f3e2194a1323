// FEATURE UNDER TEST: response envelopes: request_time everywhere, the list envelope, the error envelope, /health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

let api: TestServer;
let near: string;
beforeAll(async () => {
  api = await startTestServer();
  const s = api.engine.stop(0);
  near = `lat=${s.latitude}&lon=${s.longitude}`;
});
afterAll(() => api?.close());

describe('request_time', () => {
  it('is on every JSON response, errors included, in UK local time', async () => {
    const paths = ['/health', `/v1/places.json?${near}`, `/v1/bus/stops.json?${near}`, `/v1/rail/stations.json?${near}`, '/v1/bus/stops.json?radius=abc', '/nope'];
    for (const path of paths) {
      const res = await api.get(path);
      expect(res.body.request_time, path).toMatch(TIMESTAMP);
      expect(Math.abs(Date.parse(res.body.request_time) - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe('list envelope', () => {
  it.each(['/v1/places.json', '/v1/bus/stops.json', '/v1/rail/stations.json'])('%s has page, limit, results_count and member', async (path) => {
    const res = await api.get(`${path}?${near}&radius=5000&limit=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toMatchObject({ page: 1, limit: 3 });
    expect(Number.isInteger(res.body.results_count)).toBe(true);
    expect(Array.isArray(res.body.member)).toBe(true);
    expect(res.body.member.length).toBeLessThanOrEqual(3);
    expect(res.body.member.length).toBe(Math.min(3, res.body.results_count));
  });

  it('a page past the end is empty but keeps results_count', async () => {
    const first = await api.get(`/v1/bus/stops.json?${near}&limit=1`);
    const past = await api.get(`/v1/bus/stops.json?${near}&limit=1&page=10000`);
    expect(past.status).toBe(200);
    expect(past.body.member).toEqual([]);
    expect(past.body.results_count).toBe(first.body.results_count);
  });
});

describe('error envelope', () => {
  it('holds code and message with a matching status', async () => {
    const res = await api.get('/v1/bus/stops.json?radius=abc');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'request_time']);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message']);
  });
});

describe('/health', () => {
  it('reports ok and the snapshot provenance', async () => {
    const res = await api.get('/health', { key: null });
    const info = api.engine.info;
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.snapshot).toMatchObject({ builder_version: info.builderVersion, feeds: info.feeds.length, service_days: info.serviceDays, counts: info.counts });
    expect(res.body.snapshot.built_at).toMatch(TIMESTAMP);
  });
});
