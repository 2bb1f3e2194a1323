// FEATURE UNDER TEST: API keys over HTTP: header or query key, 401 codes with WWW-Authenticate, open endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLED_KEY, startTestServer, TEST_KEY, type TestServer } from '../support/server.js';

let api: TestServer;
let near: string;
beforeAll(async () => {
  api = await startTestServer();
  const s = api.engine.stop(0);
  near = `lat=${s.latitude}&lon=${s.longitude}`;
});
afterAll(() => api?.close());

const PROTECTED = ['/v1/places.json', '/v1/bus/stops.json', '/v1/rail/stations.json'];

describe('authentication', () => {
  it.each(PROTECTED)('%s without a key → 401 missing_api_key', async (path) => {
    const res = await api.get(`${path}?${near}`, { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('missing_api_key');
    expect(res.headers.get('www-authenticate')).toBe('ApiKey');
  });

  it.each(['wrong-key', DISABLED_KEY, TEST_KEY + 'x', TEST_KEY.toUpperCase()])('key %s → 401 invalid_api_key', async (key) => {
    const res = await api.get(`/v1/bus/stops.json?${near}`, { key });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
    expect(res.headers.get('www-authenticate')).toBe('ApiKey');
  });

  it('an empty key counts as missing', async () => {
    expect((await api.get(`/v1/bus/stops.json?${near}&api_key=`, { key: null })).body.error.code).toBe('missing_api_key');
  });

  it('accepts the key in the X-Api-Key header', async () => {
    expect((await api.get(`/v1/bus/stops.json?${near}`)).status).toBe(200);
  });

  it('accepts the key in the api_key query parameter (not treated as a search parameter)', async () => {
    const res = await api.get(`/v1/bus/stops.json?${near}&api_key=${TEST_KEY}`, { key: null });
    expect(res.status).toBe(200);
  });

  it('checks the key before the parameters', async () => {
    expect((await api.get('/v1/bus/stops.json?radius=abc', { key: null })).status).toBe(401);
  });

  it.each(['/health', '/openapi.json'])('%s needs no key', async (path) => {
    expect((await api.get(path, { key: null })).status).toBe(200);
    expect((await api.get(path, { key: 'wrong-key' })).status).toBe(200);
  });
});
