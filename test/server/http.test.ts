// FEATURE UNDER TEST: HTTP plumbing: unknown paths, methods, CORS, request ids, 500s without stack traces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { defineEndpoint, ENDPOINTS } from '@transit/server';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkedFetch } from '../support/openapi-contract.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

describe('routing', () => {
  // `/` is the map explorer (test/server/static-assets.test.ts).
  it.each(['/v1', '/v1/places', '/v1/places.json/', '/V1/PLACES.JSON', '/v1/bus/stop_timetables/370010114.json', '/health/x'])('%s → 404 not_found', async (path) => {
    const res = await api.get(path);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s → 405 method_not_allowed with Allow', async (method) => {
    const res = await api.get('/v1/places.json?query=x', { method });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET, OPTIONS');
  });
});

describe('CORS', () => {
  it('allows any origin on JSON responses, errors included', async () => {
    for (const path of ['/health', '/v1/places.json', '/nope']) {
      expect((await api.get(path, { key: null })).headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('answers a preflight without a key', async () => {
    const res = await checkedFetch(`${api.url}/v1/bus/stops.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/X-Api-Key/i);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
  });
});

describe('request ids', () => {
  it('sends a distinct X-Request-Id on every response', async () => {
    const ids = await Promise.all(['/health', '/health', '/nope', '/v1/places.json'].map(async (p) => (await api.get(p, { key: null })).headers.get('x-request-id')));
    expect(ids.every((id) => id && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    expect((await api.get('/health', { headers: { 'X-Request-Id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    expect((await api.get('/health', { headers: { 'X-Request-Id': 'bad id <script>' } })).headers.get('x-request-id')).not.toContain('<');
  });
});

describe('unexpected errors', () => {
  it('answer 500 internal_error with the request id, no stack trace, and log it', async () => {
    const logged: string[] = [];
    const broken = defineEndpoint({
      path: '/v1/broken.json',
      operationId: 'broken',
      tag: 'Test',
      summary: 'Always fails',
      description: 'A test endpoint whose handler throws.',
      auth: true,
      query: Type.Object({}),
      response: Type.Object({}),
      errors: [],
      handle() {
        throw new TypeError('boom at a secret place');
      },
    });
    const server = await startTestServer({ endpoints: [...ENDPOINTS, broken], log: (line) => logged.push(line) });
    try {
      const res = await server.get('/v1/broken.json');
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      const id = res.headers.get('x-request-id')!;
      expect(res.body.error.message).toContain(id);
      expect(JSON.stringify(res.body)).not.toMatch(/boom|TypeError|at /);
      expect(logged.join('\n')).toContain(id);
      expect(logged.join('\n')).toContain('boom');
      expect((await server.get('/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
