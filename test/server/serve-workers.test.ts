// FEATURE UNDER TEST: `transit serve --workers 2` as a real process: worker threads sharing one
// port and one snapshot, shared rate limits, a SIGHUP reload under load with every response
// checked, and a graceful SIGTERM.
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSnapshot } from '@transit/builder';
import { signalAndWait, startServeProcess, type ServeProcess } from '../support/cli-process.js';
import { checkedFetch } from '../support/openapi-contract.js';

const STOPS = '/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=2000&limit=5';

let dir: string;
let snapA: Uint8Array;
let snapB: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-workers-'));
  snapA = (await buildSnapshot({ demo: true, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' })).bytes;
  snapB = (await buildSnapshot({ demo: { seed: 7 }, quiet: true, builtAt: '2026-03-03T00:00:00.000Z' })).bytes;
});

function serve(file: string, env: Record<string, string>): Promise<ServeProcess> {
  return startServeProcess(['--snapshot', file, '--port', '0', '--workers', '2'], env);
}


const strip = (body: string) => body.replace(/"request_time":"[^"]+",?/, '');

describe('transit serve --workers 2', () => {
  it('serves from two threads, reloads under load without a failed or mixed response, and stops gracefully', async () => {
    const file = path.join(dir, 'live.snap');
    writeFileSync(file, snapA);
    const running = await serve(file, { API_KEYS: 'load-key:unlimited,small-key:tiny,small-key-2:tiny', RATE_LIMIT_TIERS: 'tiny:5' });
    expect(running.output()).toContain('2 worker threads');
    const { url } = running;
    const get = async (p: string, key = 'load-key') => {
      const res = await checkedFetch(url + p, { headers: { 'X-Api-Key': key } });
      return { status: res.status, body: await res.text(), reset: res.headers.get('X-RateLimit-Reset') };
    };
    const bodyA = strip((await get(STOPS)).body);
    expect(JSON.parse(bodyA).member.length).toBeGreaterThan(0);

    // Shared rate-limit counters: 5 per minute for the key, whichever thread answers. Should a
    // minute boundary fall inside the burst (its answers name two reset times), the counts
    // restarted in it: the burst is sent again with a fresh key, inside the new minute.
    const burst = (key: string) => Promise.all(Array.from({ length: 12 }, () => get('/v1/rail/stations.json?lat=53.38&lon=-1.47', key)));
    let answered = await burst('small-key');
    if (new Set(answered.map((r) => r.reset)).size > 1) answered = await burst('small-key-2');
    const statuses = answered.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);

    // Load from 8 concurrent clients while the snapshot file is replaced and SIGHUP sent: the
    // reload happens after 50 answers from the old snapshot, and the load goes on for 50 more
    // answers after the reload is reported (counts of events, not durations).
    let stop = false;
    let reloadedAt = Infinity;
    const seen: { status: number; body: string; sentAt: number }[] = [];
    let waiter: { target: number; resolve: () => void } | undefined;
    const answers = (count: number) => new Promise<void>((resolve) => (waiter = { target: seen.length + count, resolve }));
    const client = async () => {
      while (!stop) {
        const sentAt = Date.now();
        seen.push({ ...(await get(STOPS)), sentAt });
        if (waiter && seen.length >= waiter.target) waiter.resolve();
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await answers(50);
    writeFileSync(file + '.tmp', snapB);
    renameSync(file + '.tmp', file);
    await signalAndWait(running, 'SIGHUP', 'Reloaded snapshot');
    reloadedAt = Date.now();
    await answers(50);
    stop = true;
    await Promise.all(clients);

    const bodyB = strip((await get(STOPS)).body);
    expect(bodyB).not.toBe(bodyA); // the seed-7 demo has other stops there
    expect(seen.length).toBeGreaterThanOrEqual(100);
    expect(seen.every((r) => r.status === 200)).toBe(true);
    // Every response is wholly the old snapshot's or wholly the new one's...
    const kinds = seen.map((r) => (strip(r.body) === bodyA ? 'A' : strip(r.body) === bodyB ? 'B' : 'mixed'));
    expect(kinds.filter((k) => k === 'mixed')).toHaveLength(0);
    expect(kinds).toContain('A');
    expect(kinds).toContain('B');
    // ...and once the reload is reported, every request sent after it is answered from the new one.
    expect(seen.filter((r) => r.sentAt > reloadedAt).every((r) => strip(r.body) === bodyB)).toBe(true);
    const health = JSON.parse((await get('/health')).body);
    expect(health.snapshot.built_at).toMatch(/^2026-03-03/);

    // Graceful stop: "Stopped." and the process ends by the signal it was sent.
    running.proc.kill('SIGTERM');
    const exit = await running.exited;
    expect(running.output()).toContain('Stopped.');
    expect(exit.signal).toBe('SIGTERM');
    await expect(fetch(url + '/health')).rejects.toThrow();
  }, 180_000);

  it('keeps serving the old snapshot when the reloaded file is not a snapshot', async () => {
    const file = path.join(dir, 'bad-reload.snap');
    writeFileSync(file, snapA);
    const running = await serve(file, { API_KEYS: 'load-key:unlimited' });
    writeFileSync(file, 'not a snapshot');
    await signalAndWait(running, 'SIGHUP', 'Reload failed');
    const res = await fetch(running.url + '/health');
    expect(res.status).toBe(200);
    expect((await res.json()).snapshot.built_at).toMatch(/^2026-01-01/);
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
  }, 120_000);
});
