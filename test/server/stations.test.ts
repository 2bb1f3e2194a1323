// FEATURE UNDER TEST: GET /v1/rail/stations.json on the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { distanceMetres, type Station } from '@transit/engine';
import { RailStation } from '../../packages/server/src/api/common/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
let all: Station[];
beforeAll(async () => {
  api = await startTestServer();
  all = Array.from({ length: api.engine.info.counts.stations }, (_, i) => api.engine.station(i));
});
afterAll(() => api?.close());

describe('rail stations', () => {
  it('the demo has stations', () => {
    expect(all.length).toBeGreaterThan(1);
  });

  it('radius search: default 5000 m, nearest first, each within the radius', async () => {
    const s = all[0];
    const res = await api.get(`/v1/rail/stations.json?lat=${s.latitude}&lon=${s.longitude}`);
    expect(res.status).toBe(200);
    expect(res.body.member[0].crs_code).toBe(s.crsCode);
    const within = all.filter((o) => distanceMetres(s.latitude, s.longitude, o.latitude, o.longitude) <= 5000).length;
    expect(res.body.results_count).toBe(within);
    const distances = res.body.member.map((m: { distance: number }) => m.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const m of res.body.member) {
      expect(Value.Check(RailStation, m)).toBe(true);
      expect(Object.keys(m).sort()).toEqual(['crs_code', 'distance', 'latitude', 'longitude', 'name']);
      expect(m.distance).toBeLessThanOrEqual(5000);
    }
  });

  it('radius up to 50 km', async () => {
    const s = all[0];
    const res = await api.get(`/v1/rail/stations.json?lat=${s.latitude}&lon=${s.longitude}&radius=50000&limit=100`);
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBe(all.filter((o) => distanceMetres(s.latitude, s.longitude, o.latitude, o.longitude) <= 50000).length);
  });

  it('box search of any size: every station inside, no distance', async () => {
    const res = await api.get('/v1/rail/stations.json?min_lat=49&min_lon=-8&max_lat=61&max_lon=2&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.results_count).toBe(all.length);
    expect(res.body.member.every((m: object) => !('distance' in m))).toBe(true);
  });

  it('pages without overlap', async () => {
    const box = 'min_lat=49&min_lon=-8&max_lat=61&max_lon=2';
    const [p1, p2] = await Promise.all([api.get(`/v1/rail/stations.json?${box}&limit=1`), api.get(`/v1/rail/stations.json?${box}&limit=1&page=2`)]);
    expect(p2.body.results_count).toBe(p1.body.results_count);
    expect(p1.body.member[0].crs_code).not.toBe(p2.body.member[0].crs_code);
  });
});
