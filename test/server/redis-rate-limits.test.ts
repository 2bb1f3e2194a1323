// FEATURE UNDER TEST: rate-limit counts shared by two replicas through a real redis-server:
// requests count in shared memory and are pushed with INCRBY; each replica then limits on the
// total. Redis going away leaves each replica limiting on its own counts, logged, never failing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { ApiKeys, keyId, RedisRateSync, SharedRateLimiter, startServer, TierTable, toKeyRecords, type RunningServer } from '@transit/server';
import { demoSnapshotEngine } from '../support/server.js';
import { HAVE_REDIS, NO_REDIS_MESSAGE, startTestRedis, type TestRedis } from '../support/redis-server.js';
import { demoSnapshotFile } from '../support/server.js';
import { startServeProcess } from '../support/cli-process.js';
import { runAtDaytime } from '../support/clock.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';
import { checkedFetch } from '../support/openapi-contract.js';

if (!HAVE_REDIS) process.stderr.write(`*** ${NO_REDIS_MESSAGE} ***\n`);

interface Replica {
  server: RunningServer;
  sync: RedisRateSync;
  logs: string[];
}

describe.skipIf(!HAVE_REDIS)('rate limits shared through Redis', () => {
  let redis: TestRedis;
  let a: Replica;
  let b: Replica;
  const records = toKeyRecords([{ key: 'shared-key', tier: 'tiny', name: 'shared' }]);

  async function replica(): Promise<Replica> {
    const limiter = new SharedRateLimiter(SharedRateLimiter.allocate(1), new Map([[keyId(records[0]), 0]]));
    const logs: string[] = [];
    const sync = new RedisRateSync({ url: redis.url, limiter, intervalMs: 60_000, log: (l) => logs.push(l) });
    await sync.start();
    const server = await startServer({ engine: await demoSnapshotEngine(), keys: new ApiKeys(records), tiers: TierTable.fromEnv('tiny:10'), limiter, port: 0 });
    return { server, sync, logs };
  }
  const hit = (r: Replica) => checkedFetch(`${r.server.url}/v1/rail/stations.json?lat=53.38&lon=-1.47`, { headers: { 'X-Api-Key': 'shared-key' } });

  beforeAll(async () => {
    // Date (only) from 10:00:00 on a fixed day: the per-minute window cannot turn during the test.
    runAtDaytime();
    redis = await startTestRedis();
    a = await replica();
    b = await replica();
  });
  afterAll(async () => {
    for (const r of [a, b]) {
      await r?.server.close();
      await r?.sync.stop();
    }
    await redis?.stop();
  });

  it('limits a key on the sum of both replicas, with the window key expiring', async () => {
    for (let i = 0; i < 6; i++) expect((await hit(a)).status).toBe(200);
    await a.sync.syncNow();
    expect((await hit(b)).status).toBe(200); // B's first request of the minute: it has not heard of A's yet
    await b.sync.syncNow(); // pushes 1, reads 7: A's 6 are "others" for B
    const first = await hit(b);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2'); // 10 - 6 (A) - 2 (B)
    expect((await hit(b)).status).toBe(200);
    expect((await hit(b)).status).toBe(200);
    const refused = await hit(b);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    await b.sync.syncNow();
    await a.sync.syncNow(); // A learns B's 4
    expect((await hit(a)).status).toBe(429);

    const client = new Redis(redis.url);
    const keys = await client.keys('transit:rl:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^transit:rl:${keyId(records[0])}:\\d+$`));
    expect(Number(await client.get(keys[0]))).toBe(10);
    const ttl = await client.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(60);
    expect(ttl).toBeLessThanOrEqual(120);
    client.disconnect();
  });

  it('keeps answering on local counts when Redis goes away, and says so once', async () => {
    await redis.stop();
    const res = await hit(a);
    expect([200, 429]).toContain(res.status); // the key's budget is spent this minute; what matters is no 5xx
    await a.sync.syncNow();
    await a.sync.syncNow();
    expect(a.logs.filter((l) => /Redis unreachable/.test(l))).toHaveLength(1);
    expect((await fetch(`${a.server.url}/health`)).status).toBe(200);
  });
});

describe.skipIf(!HAVE_REDIS)('two transit serve processes (2 worker threads each) sharing Redis', () => {
  it('limit a key on the sum of both', async () => {
    const redis = await startTestRedis();
    const keys = ['shared-1', 'shared-2', 'shared-3'];
    const env = { API_KEYS: keys.map((k) => `${k}:tiny`).join(','), RATE_LIMIT_TIERS: 'tiny:10', REDIS_URL: redis.url, LIVE_SIMULATE: 'false' };
    const args = ['--snapshot', await demoSnapshotFile(), '--port', '0', '--workers', '2'];
    const [a, b] = await Promise.all([startServeProcess(args, env), startServeProcess(args, env)]);
    const client = new Redis(redis.url);
    try {
      /** Minute window's total in Redis for `key`'s id: what the replicas have pushed. */
      const pushed = async (key: string) => {
        const [name] = await client.keys(`transit:rl:${keyId(toKeyRecords([{ key }])[0])}:*`);
        return name ? Number(await client.get(name)) : 0;
      };
      // Every replica pushes its new counts and reads the total back in one exchange, every
      // 100 ms; it starts the next exchange only when the last is applied. So once Redis holds a
      // hit, the replica that took it knows the total from before that hit: each hit below waits
      // for its own push (an event seen in Redis), never for a duration.
      const hit = async (url: string, key: string, total: number) => {
        const res = await checkedFetch(`${url}/v1/rail/stations.json?lat=53.38&lon=-1.47`, { headers: { 'X-Api-Key': key } });
        if (res.status === 200) await expect.poll(() => pushed(key), { timeout: PROCESS_WAIT_MS, interval: 20 }).toBe(total + 1);
        return { status: res.status, reset: res.headers.get('x-ratelimit-reset') };
      };
      /** The scenario with one key; null when a minute boundary fell inside it (counts restart). */
      const scenario = async (key: string) => {
        const answers: { status: number; reset: string | null }[] = [];
        let total = 0;
        const on = async (url: string) => {
          const r = await hit(url, key, total);
          answers.push(r);
          if (r.status === 200) total++;
          return r.status;
        };
        const aFirst = [];
        for (let i = 0; i < 6; i++) aFirst.push(await on(a.url));
        // B's first hit pushes 1 and reads 7; its second waits for the next exchange, so from the
        // third on B limits on A's 6 + its own: 4 admitted in all, then 429.
        const bAnswers = [];
        for (let i = 0; i < 5; i++) bAnswers.push(await on(b.url));
        // A hears of B's 4 at its next exchange: at most one more admitted before, then 429.
        const aLater = [await on(a.url)];
        if (aLater[0] === 200) aLater.push(await on(a.url));
        if (new Set(answers.map((r) => r.reset)).size > 1) return null;
        return { aFirst, bAnswers, aLater, total };
      };
      let result = null;
      for (const key of keys) if ((result = await scenario(key))) break;
      expect(result).not.toBeNull();
      expect(result!.aFirst).toEqual([200, 200, 200, 200, 200, 200]);
      expect(result!.bAnswers).toEqual([200, 200, 200, 200, 429]);
      expect(result!.aLater.at(-1)).toBe(429);
      expect(result!.total).toBeLessThanOrEqual(11); // two replicas limiting alone would admit 20
    } finally {
      client.disconnect();
      for (const p of [a, b]) {
        p.proc.kill('SIGTERM');
        await p.exited;
      }
      await redis.stop();
    }
  }, 180_000);

  it('a Redis that cannot be reached at start is a clear exit 1', async () => {
    const { runTransit } = await import('../support/cli-process.js');
    const r = await runTransit(['serve', '--snapshot', await demoSnapshotFile(), '--port', '0', '--workers', '1'], { REDIS_URL: 'redis://127.0.0.1:9', LIVE_SIMULATE: 'false' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:9/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
