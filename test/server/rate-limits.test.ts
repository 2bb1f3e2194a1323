// FEATURE UNDER TEST: key tiers and per-minute rate limits through the real server: headers on
// every authenticated response, 429 with Retry-After, 403 for an endpoint a key may not use.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ApiKeys, MemoryRateLimiter, startServer, TierTable, toKeyRecords, type RunningServer } from '@transit/server';
import { demoSnapshotEngine } from '../support/server.js';
import { checkedFetch } from '../support/openapi-contract.js';

let server: RunningServer;
let clock = Date.UTC(2026, 10, 23, 12, 0, 10); // 50 s before the minute turns
const limiter = new MemoryRateLimiter();

beforeAll(async () => {
  const keys = new ApiKeys(
    toKeyRecords([
      { key: 'tiny-key', tier: 'tiny', name: 'tiny' },
      { key: 'free-key', tier: 'free', name: 'free' },
      { key: 'open-key', tier: 'unlimited', name: 'open' },
      { key: 'bus-only', tier: 'free', name: 'bus only', allow: ['/v1/bus/*'] },
    ]),
  );
  const tiers = TierTable.fromEnv('tiny:3');
  // The limiter is driven by a test clock so windows are deterministic.
  const clocked = { take: (id: string, n: number) => limiter.take(id, n, clock) };
  server = await startServer({ engine: await demoSnapshotEngine(), keys, port: 0, tiers, limiter: clocked });
});
afterAll(() => server.close());

const get = (path: string, key: string) => checkedFetch(server.url + path, { headers: { 'X-Api-Key': key } });

describe('rate limits', () => {
  it('sends the IETF and X-RateLimit headers on every authenticated response, errors included', async () => {
    const ok = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'free-key');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('"free";q=60;w=60');
    expect(ok.headers.get('ratelimit')).toBe('"free";r=59;t=50');
    expect(ok.headers.get('x-ratelimit-limit')).toBe('60');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(ok.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 10, 23, 12, 1) / 1000));
    const bad = await get('/v1/rail/stations.json?lat=north', 'free-key');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('58');
    expect((await checkedFetch(server.url + '/health')).headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answers 429 rate_limited with Retry-After once the tier is used up, and resets with the minute', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'tiny-key')).status).toBe(200);
    const refused = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'tiny-key');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.headers.get('ratelimit')).toBe('"tiny";r=0;t=50');
    const body = await refused.json();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/3 requests per minute \(tier tiny\).*retry in 50 s/);
    // Another key is not affected; an unlimited key gets no rate-limit headers.
    expect((await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'free-key')).status).toBe(200);
    const open = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'open-key');
    expect(open.status).toBe(200);
    expect(open.headers.get('ratelimit')).toBeNull();
    clock += 50_000; // the next minute
    const again = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'tiny-key');
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit')).toBe('"tiny";r=2;t=60');
  });

  it('answers 403 forbidden for an endpoint the key may not use, 401 for unknown keys', async () => {
    expect((await get('/v1/bus/stops.json?lat=53.38&lon=-1.47', 'bus-only')).status).toBe(200);
    const denied = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'bus-only');
    expect(denied.status).toBe(403);
    expect((await denied.json()).error).toEqual({ code: 'forbidden', message: 'This API key is not allowed to use /v1/rail/stations.json.' });
    const unknown = await get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'nobody');
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.code).toBe('invalid_api_key');
  });

  it('refuses to start with a key whose tier does not exist', async () => {
    const keys = new ApiKeys(toKeyRecords([{ key: 'k', tier: 'gold', name: 'gold key' }]));
    await expect(startServer({ engine: await demoSnapshotEngine(), keys, port: 0 })).rejects.toThrow(/API key gold key: unknown tier 'gold'/);
  });
});

describe('OpenAPI', () => {
  it('documents 403 and 429 and the rate-limit headers on authenticated endpoints only', async () => {
    const doc = await (await checkedFetch(server.url + '/openapi.json')).json();
    const stops = doc.paths['/v1/bus/stops.json'].get;
    expect(stops.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(stops.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(Object.keys(stops.responses['200'].headers)).toContain('X-RateLimit-Remaining');
    expect(doc.paths['/health'].get.responses['429']).toBeUndefined();
    expect(doc.info.description).toMatch(/free 60, standard 600, premium 6,000/);
  });
});

describe('tier table', () => {
  it('has documented defaults and validates RATE_LIMIT_TIERS', () => {
    const t = TierTable.fromEnv('free:100,partner:0');
    expect(t.get('free')?.perMinute).toBe(100);
    expect(t.get('standard')?.perMinute).toBe(600);
    expect(t.get('premium')?.perMinute).toBe(6000);
    expect(t.get('partner')?.perMinute).toBe(0);
    expect(() => TierTable.fromEnv('free=5')).toThrow(/expected name:requestsPerMinute/);
  });
});
