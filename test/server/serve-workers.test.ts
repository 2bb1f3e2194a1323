// FEATURE UNDER TEST: `transit serve --workers 2` as a real process: worker threads sharing one
// port and one snapshot, shared rate limits, a SIGHUP reload under load with every response
// checked, and a graceful SIGTERM.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSnapshot } from '@transit/builder';
import { startServeProcess, type ServeProcess } from '../support/cli-process.js';

const STOPS = '/v1/bus/stops.json?lat=53.3811&lon=-1.4701&radius=2000&limit=5';

let dir: string;
let snapA: Uint8Array;
let snapB: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-workers-'));
  snapA = (await buildSnapshot({ demo: true, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' })).bytes;
  snapB = (await buildSnapshot({ demo: { seed: 7 }, quiet: true, builtAt: '2026-03-03T00:00:00.000Z' })).bytes;
});

type Running = ServeProcess & { stdout: () => string };

async function serve(file: string, env: Record<string, string>): Promise<Running> {
  const p = await startServeProcess(['--snapshot', file, '--port', '0', '--workers', '2'], env, /2 worker threads/);
  return { ...p, stdout: p.output };
}

const strip = (body: string) => body.replace(/"request_time":"[^"]+",?/, '');

describe('transit serve --workers 2', () => {
  let running: Running | undefined;
  afterAll(() => void running?.proc.kill('SIGKILL'));

  it('serves from two threads, reloads under load without a failed or mixed response, and stops gracefully', async () => {
    const file = path.join(dir, 'live.snap');
    writeFileSync(file, snapA);
    running = await serve(file, { API_KEYS: 'load-key:unlimited,small-key:tiny', RATE_LIMIT_TIERS: 'tiny:5' });
    const { url } = running;
    const get = async (p: string, key = 'load-key') => {
      const res = await fetch(url + p, { headers: { 'X-Api-Key': key } });
      return { status: res.status, body: await res.text() };
    };
    const bodyA = strip((await get(STOPS)).body);
    expect(JSON.parse(bodyA).member.length).toBeGreaterThan(0);

    // Shared rate-limit counters: 5 per minute for the key, whichever thread answers.
    const statuses = await Promise.all(Array.from({ length: 12 }, () => get('/v1/rail/stations.json?lat=53.38&lon=-1.47', 'small-key').then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);

    // Load from 8 concurrent clients while the snapshot file is replaced and SIGHUP sent.
    let stop = false;
    let reloadedAt = Infinity;
    const seen: { status: number; body: string; sentAt: number }[] = [];
    const client = async () => {
      while (!stop) {
        const sentAt = Date.now();
        seen.push({ ...(await get(STOPS)), sentAt });
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((r) => setTimeout(r, 400));
    writeFileSync(file + '.tmp', snapB);
    renameSync(file + '.tmp', file);
    running.proc.kill('SIGHUP');
    const deadline = Date.now() + 20_000;
    while (!running.stdout().includes('Reloaded snapshot')) {
      if (Date.now() > deadline) throw new Error(`no reload:\n${running.stdout()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    reloadedAt = Date.now();
    await new Promise((r) => setTimeout(r, 400));
    stop = true;
    await Promise.all(clients);

    const bodyB = strip((await get(STOPS)).body);
    expect(bodyB).not.toBe(bodyA); // the seed-7 demo has other stops there
    expect(seen.length).toBeGreaterThan(100);
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
    expect(running.stdout()).toContain('Stopped.');
    expect(exit.signal).toBe('SIGTERM');
    await expect(fetch(url + '/health')).rejects.toThrow();
    running = undefined;
  }, 90_000);

  it('keeps serving the old snapshot when the reloaded file is not a snapshot', async () => {
    const file = path.join(dir, 'bad-reload.snap');
    writeFileSync(file, snapA);
    running = await serve(file, { API_KEYS: 'load-key:unlimited' });
    writeFileSync(file, 'not a snapshot');
    running.proc.kill('SIGHUP');
    const deadline = Date.now() + 20_000;
    while (!running.stdout().includes('Reload failed')) {
      if (Date.now() > deadline) throw new Error(`no reload failure reported:\n${running.stdout()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const res = await fetch(running.url + '/health');
    expect(res.status).toBe(200);
    expect((await res.json()).snapshot.built_at).toMatch(/^2026-01-01/);
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
    running = undefined;
  }, 60_000);
});
