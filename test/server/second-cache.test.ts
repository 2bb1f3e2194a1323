// FEATURE UNDER TEST: responses reused within one second (SecondCache in the Router): same
// second + same snapshot = same bytes; a new second or a swapped snapshot answers afresh;
// endpoints that read live data are never reused.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { ApiKeys, Router, toKeyRecords, type RequestInfo } from '@transit/server';
import { SecondCache, withoutApiKey } from '../../packages/server/src/http/second-cache.js';
import { demoSnapshotEngine } from '../support/server.js';

describe('SecondCache', () => {
  it('keeps entries only for the current second and owner', () => {
    const c = new SecondCache(2);
    const owner = {};
    expect(c.get('a', 's1', owner)).toBeUndefined();
    c.set('a', 'A');
    expect(c.get('a', 's1', owner)).toBe('A');
    expect(c.get('a', 's2', owner)).toBeUndefined(); // next second: everything dropped
    c.set('a', 'A2');
    expect(c.get('a', 's2', {})).toBeUndefined(); // another owner (a swapped snapshot)
    c.set('a', '1');
    c.set('b', '2');
    c.set('c', '3'); // over maxEntries: cleared first
    expect(c.get('a', 's2', undefined)).toBeUndefined();
  });

  it('drops only the api_key parameter from the key', () => {
    expect(withoutApiKey('lat=1&api_key=SECRET&lon=2')).toBe('lat=1&lon=2');
    expect(withoutApiKey('api_key=x&lat=1')).toBe('lat=1');
    expect(withoutApiKey('lat=1&my_api_key=x')).toBe('lat=1&my_api_key=x');
    expect(withoutApiKey('lat=1')).toBe('lat=1');
  });
});

describe('Router response reuse', () => {
  let a: Engine;
  let b: Engine;
  beforeAll(async () => {
    a = await demoSnapshotEngine();
    const { bytes } = await buildSnapshot({ demo: { seed: 7 }, quiet: true });
    b = Engine.open(bytes.slice().buffer);
  });
  const req = (path: string, query: string): RequestInfo => ({ method: 'get', path, query, apiKey: 'k', requestId: 'r' });

  it('answers the same bytes within a second and the swapped snapshot right after a swap', () => {
    const router = new Router(a, new ApiKeys(toKeyRecords([{ key: 'k', tier: 'unlimited' }])));
    const q = req('/v1/bus/stops.json', 'lat=53.3811&lon=-1.4701&radius=3000&api_key=k');
    // Retry across a second boundary: both answers must fall in one second for the check.
    for (;;) {
      const first = router.handle(q);
      const second = router.handle(q);
      const t1 = JSON.parse(first.body!).request_time;
      if (t1 !== JSON.parse(second.body!).request_time) continue;
      expect(second.body).toBe(first.body);
      router.swap(b);
      const swapped = router.handle(q);
      if (JSON.parse(swapped.body!).request_time !== t1) continue;
      expect(swapped.body).not.toBe(first.body);
      expect(JSON.parse(swapped.body!).member.map((s: { atcocode: string }) => s.atcocode)).toEqual(b.stops({ near: { lat: 53.3811, lon: -1.4701, radius: 3000 }, offset: 0, limit: 20 }).items.map((s) => s.atcocode));
      break;
    }
  });
});
