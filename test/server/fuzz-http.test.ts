// FEATURE UNDER TEST: hostile input through real HTTP, property-based (fast-check): random and
// malformed paths, query strings and headers against every endpoint. Nothing answers 5xx, every
// error is the envelope with a code and a message, and the server keeps answering.
// A longer run, which also checks memory stays flat: FUZZ_RUNS=100000 npx vitest run test/server/fuzz-http.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { ENDPOINTS } from '@transit/server';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkedFetch, contractAt, type ApiContract } from '../support/openapi-contract.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
let api: TestServer;
let agent: http.Agent;
let contract: ApiContract;
beforeAll(async () => {
  api = await startTestServer();
  contract = await contractAt(api.url);
  agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
});
afterAll(async () => {
  agent?.destroy();
  await api?.close();
});

interface Raw {
  status: number;
  /** Content-Type ('' when absent). */
  type: string;
  body: string;
  headers: Headers;
}

/** One GET with the raw path+query as given (no client-side normalisation beyond what http allows). */
function rawGet(pathAndQuery: string, headers: Record<string, string>): Promise<Raw | null> {
  const url = new URL(api.url);
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, path: pathAndQuery, method: 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const body = (coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          const headers = new Headers(Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])));
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body, headers });
        });
        res.on('error', reject);
      });
    } catch {
      return resolve(null); // a request Node itself refuses to send (e.g. a control character in the path)
    }
    req.on('error', reject);
    req.end();
  });
}

const NASTY_VALUES = [
  '', '0', '-0', '1', '-1', '1.5', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '9007199254740993', '99999999999999999999999', '0x10', '1_000',
  'true', 'false', 'null', 'undefined', '[]', '{}', '%', '%ZZ', '%E0%A4%A', '%00', '%FF%FE', '%2F..%2F..', '..', '../../etc/passwd',
  'é', '%C3%A9', '日本', '%F0%9F%9A%8C', 'a'.repeat(300), 'x'.repeat(5000), '53.38', '-1.47', '2026-03-29T01:30:00', '2026-13-45T99:99', 'departures,arrivals',
  '_p}F_', 'BAAAAAAA', '?', '&', '=', '+', '%20', '\\', "'", '"', '<script>', 'NT', 'SHF', 'sheffield', 'S1 2HE',
];
const PARAM_NAMES = [
  ...new Set(ENDPOINTS.flatMap((ep) => Object.keys(ep.query.properties))),
  'api_key', 'unknown', '', '__proto__', 'constructor', 'lat[]', 'a.b',
];
const PATH_VALUES = ['x', '9100SHEFFLD', '370020143', 'SHF', 'shf', 'NT', '%', '%ZZ', '%2F', 'a%00b', '..', 'é', '%C3%A9', 'a'.repeat(2000), '2026-01-06:x', ' '];

// Static pages (/, /docs, /explorer/...) answer HTML, scripts and styles; their errors are the envelope too.
const STATIC_TEMPLATES = ['/', '/docs', '/docs/{x}', '/explorer/{x}', '/explorer/explorer.js'];
const template = fc.constantFrom(...ENDPOINTS.map((ep) => ep.path), ...STATIC_TEMPLATES, '/v1', '/v1/', '/v2/bus/stops.json', '/v1/bus/stops.json/extra', '//v1//places.json', '/v1/journey.json');
const pathValue = fc.oneof(fc.constantFrom(...PATH_VALUES), fc.string({ maxLength: 30 }).map(encodeURIComponent), fc.string({ unit: 'grapheme', maxLength: 10 }));
const pair = fc.tuple(fc.oneof(fc.constantFrom(...PARAM_NAMES), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom(...NASTY_VALUES), fc.string({ maxLength: 20 }), fc.double().map(String), fc.integer().map(String)));
const query = fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.map(([k, v]) => (Math.random() < 0.5 ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)).join('&'));
const headers = fc.record(
  {
    'x-api-key': fc.constantFrom('test-key', 'test-key', 'test-key', '', 'disabled-key', 'wrong', 'x'.repeat(3000), 'tést'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', '*', 'identity;q=0', ''),
    'x-request-id': fc.constantFrom('abc', 'x'.repeat(500), '\t', '<>'),
  },
  { requiredKeys: ['x-api-key'] },
);

describe('hostile HTTP input', () => {
  it(`never answers 5xx, always the envelope on errors (${RUNS} random requests)`, async () => {
    const tally: Record<number, number> = {};
    const property = fc.asyncProperty(template, pathValue, query, headers, async (tpl, value, q, hdrs) => {
      const path = tpl.replace(/\{[a-z_]+\}/g, value);
      const res = await rawGet(`${path}${q ? '?' + q : ''}`, Object.fromEntries(Object.entries(hdrs).filter(([, v]) => /^[\x20-\x7e]*$/.test(v))));
      if (!res) return;
      tally[res.status] = (tally[res.status] ?? 0) + 1;
      expect(res.status, `${path}?${q}`).toBeLessThan(500);
      // API answers (all but the pages and their assets) also as /openapi.json documents them.
      if (!STATIC_TEMPLATES.includes(tpl)) contract.assert({ method: 'GET', url: `${path}${q ? '?' + q : ''}`, status: res.status, headers: res.headers, body: res.body });
      if (res.status < 400 && !res.type.startsWith('application/json')) return;
      const body = JSON.parse(res.body);
      if (res.status >= 400) {
        expect(typeof body.error?.code, `${path}?${q}`).toBe('string');
        expect(typeof body.error?.message).toBe('string');
        expect(body.error.message.length).toBeLessThan(1000);
      }
    });
    // Long runs (FUZZ_RUNS >= 10000) also check memory stays flat (the server runs in this
    // process): resident memory after the first half (caches warm) against after the second.
    const long = RUNS >= 10_000;
    await fc.assert(property, { numRuns: long ? RUNS / 2 : RUNS });
    const rssHalf = process.memoryUsage.rss();
    if (long) await fc.assert(property, { numRuns: RUNS / 2 });
    // The generators reach the handlers, not only the router's 401/404.
    for (const status of [200, 400, 401, 404]) expect(tally[status], `status ${status} in ${JSON.stringify(tally)}`).toBeGreaterThan(0);
    if (long) {
      const growthMiB = (process.memoryUsage.rss() - rssHalf) / 1048576;
      process.stderr.write(`fuzz: ${RUNS} requests, ${JSON.stringify(tally)}, RSS growth over the second half ${growthMiB.toFixed(1)} MiB\n`);
      expect(growthMiB).toBeLessThan(32);
    }
    expect((await api.get('/health')).status).toBe(200);
  }, 900_000);

  it('survives very long URLs, many repeated parameters and odd methods', async () => {
    const long = await rawGet(`/v1/places.json?query=${'a'.repeat(60_000)}`, { 'x-api-key': 'test-key' });
    expect(long!.status).toBe(414);
    expect(JSON.parse(long!.body).error.code).toBe('uri_too_long');
    expect((await rawGet(`/v1/places.json?query=${'a'.repeat(8000)}`, { 'x-api-key': 'test-key' }))!.status).toBe(400);
    const many = await rawGet(`/v1/bus/stops.json?${Array.from({ length: 800 }, (_, i) => `lat=${i}`).join('&')}`, { 'x-api-key': 'test-key' });
    expect(many!.status).toBe(400);
    for (const [res, url] of [[long!, '/v1/places.json'], [many!, '/v1/bus/stops.json']] as const) contract.assert({ method: 'GET', url, status: res.status, headers: res.headers, body: res.body });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
      const res = await checkedFetch(api.url + '/v1/bus/stops.json?lat=53.38&lon=-1.47', { method, headers: { 'X-Api-Key': 'test-key' } });
      expect(res.status, method).toBeLessThan(500);
    }
    expect((await api.get('/health')).status).toBe(200);
  });
});
