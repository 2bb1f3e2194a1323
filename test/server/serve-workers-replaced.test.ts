// FEATURE UNDER TEST: `transit serve --workers 2` (a real process) replaces a worker thread that
// fails outside any request handler (an exception, or a rejection nobody awaits; made by the worker
// protocol's test-only fault, sent by a preload: fixtures/cluster/fault-preload.mjs) instead of
// aborting: the server answers on the same port with the same boards, counts the replacements,
// ends the failed threads, and a worker failing during a snapshot or keys reload is replaced with
// the snapshot and keys that reload put in force.
import { describe, it, expect, beforeAll } from 'vitest';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshot } from '@transit/builder';
import { demoSnapshotDir, getOnNewConnection, runTransit, signalAndWait, spread, startServeProcess, type ServeProcess } from '../support/cli-process.js';

const PRELOAD = fileURLToPath(new URL('../support/fixtures/cluster/fault-preload.mjs', import.meta.url));
const BOARD = '/v1/bus/stop_timetables/370010003.json?datetime=2026-03-03T07:30';
const STATIONS = '/v1/rail/stations.json?lat=53.38&lon=-1.47';
/** Requests per check, each on a new connection, so the kernel spreads them over both threads. */
const SPREAD = 16;

let dir: string;
let snapshot: string;

beforeAll(async () => {
  ({ dir, snapshot } = await demoSnapshotDir('serve-replaced-'));
});

/** `transit serve --workers 2` with the fault preload doing `fault` (see the preload). */
function serve(fault: string, args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return startServeProcess(['--port', '0', '--workers', '2', ...args], { ...env, FAULT: fault, NODE_OPTIONS: `--import=${PRELOAD}` });
}

/** Sends `signal` and waits for both workers' replacements in what is printed after it. */
async function signalAndReplaced(p: ServeProcess, signal: NodeJS.Signals): Promise<void> {
  const from = p.output().length;
  p.proc.kill(signal);
  await p.waitFor('worker 0: replaced', { from });
  await p.waitFor('worker 1: replaced', { from });
}

const strip = (body: string) => body.replace(/"request_time":"[^"]+",?/, '');

describe('transit serve --workers 2: a worker failing outside a handler', () => {
  it('is replaced on the same port with the same answers, counted, and its thread ended', async () => {
    const running = await serve('signal', ['--snapshot', snapshot, '--metrics-port', '0'], { API_KEYS: 'k:unlimited' });
    const metricsUrl = /Metrics \(Prometheus\): (\S+)/.exec(running.output())![1];
    const boards = async () => (await spread(SPREAD, () => getOnNewConnection(running.url + BOARD, 'k'))).map((r) => `${r.status} ${strip(r.text)}`);
    const before = await boards();
    expect(before[0]).toMatch(/^200 .*"departures":\[\{/);
    expect(new Set(before).size).toBe(1);

    // A throw in a timer, in both workers: each says so with its stack, and both are replaced.
    await signalAndReplaced(running, 'SIGUSR2');
    expect(running.stderr()).toMatch(/worker 0: failed: fault injected \(throw, for tests\)\nError: fault injected \(throw, for tests\)\n {4}at /);
    expect(running.stderr()).toMatch(/worker 1 stopped serving \(failed: fault injected \(throw, for tests\)\); starting a replacement/);
    expect(await boards()).toEqual(before);
    // A rejection nobody awaits, in both replacements: replaced again.
    await signalAndReplaced(running, 'SIGUSR2');
    expect(running.stderr()).toMatch(/worker 1: failed: fault injected \(reject, for tests\)/);
    expect(await boards()).toEqual(before);
    expect(await (await fetch(metricsUrl)).text()).toContain('transit_worker_replacements_total 4');

    // The failed threads are terminated once they closed their connections (after their drain).
    await running.waitFor(/the thread of worker 0 ended \(1\)[^]*the thread of worker 0 ended \(1\)/);
    await running.waitFor(/the thread of worker 1 ended \(1\)[^]*the thread of worker 1 ended \(1\)/);
    expect(running.output()).not.toContain('Assertion failed');
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
    expect(running.output()).toContain('Stopped.');
  }, 180_000);

  it('during a snapshot reload and a keys reload, is replaced with the snapshot and keys they put in force', async () => {
    const keysFile = path.join(dir, 'keys.json');
    const keys = async (...argv: string[]) => (await runTransit(['keys', ...argv, '--file', keysFile])).stdout;
    const alice = (await keys('create', '--name', 'alice', '--tier', 'free')).split('\n')[1];
    const bob = (await keys('create', '--name', 'bob', '--tier', 'standard')).split('\n')[1];
    const file = path.join(dir, 'reloaded.snap');
    writeFileSync(file, (await buildSnapshot({ demo: true, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' })).bytes);
    const running = await serve('reload,keys', ['--snapshot', file, '--keys', keysFile]);
    const health = async (key: string) => (await spread(SPREAD, () => getOnNewConnection(running.url + '/health', key))).map((r) => `${r.status} ${/"built_at":"(\d{4}-\d\d-\d\d)/.exec(r.text)?.[1]}`);
    const statuses = async (key: string) => (await spread(SPREAD, () => getOnNewConnection(running.url + STATIONS, key))).map((r) => r.status);
    expect(await health(bob)).toEqual(Array(SPREAD).fill('200 2026-01-01'));

    // One SIGHUP: a new snapshot (worker 0 fails as it is sent it), then new keys (worker 1 fails
    // as it is sent them): bob revoked, carol created.
    const bNext = (await buildSnapshot({ demo: { seed: 7 }, quiet: true, builtAt: '2026-03-03T00:00:00.000Z' })).bytes;
    writeFileSync(file + '.tmp', bNext);
    renameSync(file + '.tmp', file);
    await keys('revoke', 'bob');
    const carol = (await keys('create', '--name', 'carol', '--tier', 'premium')).split('\n')[1];
    await signalAndReplaced(running, 'SIGHUP');
    await running.waitFor('Reloaded API keys');
    expect(running.output()).toContain('Reloaded snapshot');
    expect(running.output()).not.toMatch(/Reload failed|Keys reload refused/);
    expect(running.stderr()).toMatch(/worker 0: failed: fault injected \(throw, for tests\)/);
    expect(running.stderr()).toMatch(/worker 1: failed: fault injected \(reject, for tests\)/);

    // Both threads are replacements now: every answer is from the new snapshot, with the new keys.
    expect(await health(carol)).toEqual(Array(SPREAD).fill('200 2026-03-03'));
    expect(await statuses(bob)).toEqual(Array(SPREAD).fill(401));
    expect(await statuses(alice)).toEqual(Array(SPREAD).fill(200));
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
  }, 180_000);

  it('stops gracefully when SIGTERM comes while failed workers are being replaced', async () => {
    const running = await serve('signal', ['--snapshot', snapshot], { API_KEYS: 'k:unlimited' });
    const from = running.output().length;
    running.proc.kill('SIGUSR2');
    await running.waitFor('worker 0: failed', { from });
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
    expect(running.output()).toContain('Stopped.');
    expect(running.output()).not.toContain('Assertion failed');
  }, 120_000);
});
