// FEATURE UNDER TEST: the static asset layer in front of the Router: the map page at /, the
// API docs at /docs (Swagger UI from swagger-ui-dist), with Content-Type, ETag and 304,
// Cache-Control, brotli/gzip, HEAD, GET/HEAD only, the API's 404 envelope for unknown files, no
// path traversal, and the demo key written into the page only when given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ApiKeys, startServer, toKeyRecords, type RunningServer } from '@transit/server';
import { demoSnapshotEngine, startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

/** A raw request (fetch would normalise `..` away and decompress). */
function raw(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pages', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', 'UK Transit API: map explorer'],
    ['/docs', 'text/html; charset=utf-8', 'swagger-ui-bundle.js'],
    ['/docs/', 'text/html; charset=utf-8', '/openapi.json'],
    ['/docs/docs.js', 'text/javascript; charset=utf-8', "url: '/openapi.json'"],
    ['/explorer/explorer.css', 'text/css; charset=utf-8', '#map'],
    ['/explorer/leaflet.css', 'text/css; charset=utf-8', '.leaflet-container'],
  ])('%s is %s, needs no key', async (path, type, text) => {
    const res = await raw(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.toString('utf8')).toContain(text);
  });

  it('serves the bundles and Swagger UI with their types and cache policies', async () => {
    const bundle = await raw('/explorer/explorer.js');
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers['cache-control']).toBe('no-cache');
    const swagger = await raw('/docs/swagger-ui-bundle.js');
    expect(swagger.status).toBe(200);
    expect(swagger.headers['cache-control']).toBe('public, max-age=86400');
    expect((await raw('/docs/favicon-32x32.png')).headers['content-type']).toBe('image/png');
  });
});

describe('validators and codings', () => {
  it('answers 304 to a matching If-None-Match, with the same ETag', async () => {
    const first = await raw('/');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await raw('/', { headers: { 'If-None-Match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await raw('/', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('compresses text in brotli or gzip as accepted, and not small or binary files', async () => {
    const plain = await raw('/docs/swagger-ui-bundle.js');
    const br = await raw('/docs/swagger-ui-bundle.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gz = await raw('/explorer/explorer.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals((await raw('/explorer/explorer.js')).body)).toBe(true);
    expect((await raw('/docs/favicon-32x32.png', { headers: { 'Accept-Encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers and length of GET and no body', async () => {
    const get = await raw('/explorer/explorer.js');
    const head = await raw('/explorer/explorer.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
    // The connection is still usable afterwards (no stray body bytes).
    expect((await raw('/health')).status).toBe(200);
  });
});

describe('errors', () => {
  it.each(['/docs/nope.js', '/explorer/', '/explorer/nope', '/docs/index.html/x', '/docs/../package.json', '/explorer/../../package.json', '/explorer/%2e%2e/%2e%2e/package.json', '/explorer/..%2f..%2fpackage.json', '/docs//etc/passwd', '/docs/swagger-ui-dist/package.json'])(
    '%s → 404 not_found in the envelope',
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(res.body.toString('utf8'));
      expect(body.error.code).toBe('not_found');
      expect(body.request_time).toBeTruthy();
    },
  );

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s → 405 method_not_allowed with Allow: GET, HEAD', async (method) => {
    const res = await raw('/docs', { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(res.body.toString('utf8')).error.code).toBe('method_not_allowed');
  });

  it('leaves every API path to the Router as before', async () => {
    expect((await api.get('/v1/places.json?query=sheffield')).status).toBe(200);
    expect((await api.get('/docsx')).body.error.code).toBe('not_found');
    expect((await api.get('/openapi.json', { key: null })).status).toBe(200);
  });
});

describe('demo key', () => {
  it('is empty in the page unless the server is given one', async () => {
    expect((await raw('/')).body.toString('utf8')).toContain('<meta name="transit-demo-key" content="">');
    const keys = new ApiKeys(toKeyRecords([{ key: 'demo-key"<x>', tier: 'unlimited', name: 'demo' }]));
    const demo: RunningServer = await startServer({ engine: await demoSnapshotEngine(), keys, port: 0, demoKey: 'demo-key"<x>' });
    try {
      const page = await (await fetch(demo.url + '/')).text();
      expect(page).toContain('<meta name="transit-demo-key" content="demo-key&#34;&#60;x&#62;">');
    } finally {
      await demo.close();
    }
  });
});
