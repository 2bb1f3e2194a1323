// FEATURE UNDER TEST: gzip and brotli answers when the client accepts them (Accept-Encoding with
// q-values), identical to the plain body once decoded; small bodies are sent as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseCoding } from '../../packages/server/src/http/compression.js';
import { startTestServer, TEST_KEY, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

function get(path: string, acceptEncoding: string | null): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(api.url + path);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'X-Api-Key': TEST_KEY };
    if (acceptEncoding !== null) headers['Accept-Encoding'] = acceptEncoding;
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const strip = (text: string) => text.replace(/"request_time":"[^"]+"/, '');
const BIG = '/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=3000&limit=50';

describe('response compression', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ['*', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding %s → %s, decoding to the plain body', async (accept, coding, decode) => {
    const plain = await get(BIG, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await get(BIG, accept);
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe(coding);
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(strip(decode(packed.body).toString('utf8'))).toBe(strip(plain.body.toString('utf8')));
  });

  it('sends identity when nothing acceptable is offered, and small bodies as they are', async () => {
    expect((await get(BIG, 'identity')).headers['content-encoding']).toBeUndefined();
    expect((await get(BIG, 'gzip;q=0, br;q=0')).headers['content-encoding']).toBeUndefined();
    const small = await get('/v1/bus/stops.json?lat=0&lon=0', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).member).toEqual([]);
    const error = await get('/v1/bus/stops.json?lat=north', 'br');
    expect(JSON.parse(error.body.toString()).error.code).toBe('invalid_parameter');
  });

  it('chooses by q-value', () => {
    expect(chooseCoding('')).toBe('identity');
    expect(chooseCoding('gzip;q=1, br;q=0.1')).toBe('gzip');
    expect(chooseCoding('BR')).toBe('br');
    expect(chooseCoding('*;q=0')).toBe('identity');
    expect(chooseCoding('x-gzip')).toBe('gzip');
    expect(chooseCoding('gzip;q=abc')).toBe('identity');
  });
});
