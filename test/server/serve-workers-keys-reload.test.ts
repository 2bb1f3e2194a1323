// FEATURE UNDER TEST: SIGHUP reloads the keys file of `transit serve --workers 2` (a real process)
// in every worker thread: a key revoked with `transit keys` gets 401, a new key works, a tier
// change applies, counts of kept keys go on, and a broken file is refused while serving goes on.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoSnapshotDir, getOnNewConnection, signalAndWait, spread as repeat, runTransit, startServeProcess, type ServeProcess } from '../support/cli-process.js';

const STATIONS = '/v1/rail/stations.json?lat=53.38&lon=-1.47';
/** Requests per check, each on a new connection, so the kernel spreads them over both threads. */
const SPREAD = 16;

let dir: string;
let snapshot: string;
let keysFile: string;

beforeAll(async () => {
  ({ dir, snapshot } = await demoSnapshotDir('serve-keys-reload-'));
  keysFile = path.join(dir, 'keys.json');
});

/** `transit keys ...` as a real process; returns its standard output (throws when it fails). */
async function keys(...argv: string[]): Promise<string> {
  const r = await runTransit(['keys', ...argv, '--file', keysFile]);
  if (r.status !== 0) throw new Error(`transit keys ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** One GET on a new connection (no keep-alive), so successive requests may reach either thread. */
async function get(url: string, key: string): Promise<{ status: number; limit: string | undefined; remaining: number; reset: string | undefined }> {
  const { status, headers } = await getOnNewConnection(url + STATIONS, key);
  return { status, limit: headers['x-ratelimit-limit'] as string | undefined, remaining: Number(headers['x-ratelimit-remaining']), reset: headers['x-ratelimit-reset'] as string | undefined };
}

const spread = (url: string, key: string) => repeat(SPREAD, () => get(url, key));

/** Sends SIGHUP and waits for `text` in the output written after it. */
function hangUp(p: ServeProcess, text: string): Promise<void> {
  return signalAndWait(p, 'SIGHUP', text);
}

/**
 * Runs `change` (which reloads) between two requests of `key` and returns both answers, taken
 * within one rate-limit minute. Windows are aligned to the wall-clock minute of this machine, which
 * the server shares: with less than 15 s of the minute left it first waits for the next one, as a
 * reload takes well under a second. (It used to retry on a boundary, but a retry's `before` was
 * already taken after the change: a tier change then expected the old tier's count, a red CI by
 * the clock.)
 */
async function aroundReload(url: string, key: string, change: () => Promise<void>) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const before = await get(url, key);
  await change();
  const after = await get(url, key);
  if (after.reset !== before.reset) throw new Error(`a minute boundary fell inside a reload of under 15 s (reset ${before.reset} then ${after.reset})`);
  return { before, after };
}

describe('transit serve --workers 2: keys reload on SIGHUP', () => {
  it('applies revoked, new and re-tiered keys in every thread, keeps counts, and refuses a broken file', async () => {
    const alice = (await keys('create', '--name', 'alice', '--tier', 'free')).split('\n')[1];
    const bob = (await keys('create', '--name', 'bob', '--tier', 'standard')).split('\n')[1];
    const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', '2', '--keys', keysFile], {});
    expect(running.output()).toContain('2 worker threads');
    const { url } = running;

    // Before: both keys work; alice spends part of her 60 a minute.
    expect((await spread(url, bob)).map((r) => r.status)).toEqual(Array(SPREAD).fill(200));
    const aliceBefore = await spread(url, alice);
    expect(aliceBefore.map((r) => r.status)).toEqual(Array(SPREAD).fill(200));
    // (all 16 counted in the last answer's minute, unless a minute boundary fell among them)
    expect(aliceBefore.at(-1)!.remaining).toBe(60 - aliceBefore.filter((r) => r.reset === aliceBefore.at(-1)!.reset).length);

    // Revoke bob and create carol with the real CLI, then SIGHUP.
    expect(await keys('revoke', 'bob')).toContain('SIGHUP');
    const carol = (await keys('create', '--name', 'carol', '--tier', 'premium')).split('\n')[1];
    await hangUp(running, 'Reloaded API keys');
    expect(running.output()).toMatch(/Reloaded API keys: .*keys\.json \(3\), 2 enabled/);
    expect((await spread(url, bob)).map((r) => r.status)).toEqual(Array(SPREAD).fill(401));
    const carolAfter = await spread(url, carol);
    expect(carolAfter.map((r) => r.status)).toEqual(Array(SPREAD).fill(200));
    expect(carolAfter.every((r) => r.limit === '6000')).toBe(true);
    // Alice is unchanged, and her count in this minute goes on across a reload.
    expect((await spread(url, alice)).map((r) => r.status)).toEqual(Array(SPREAD).fill(200));
    const kept = await aroundReload(url, alice, () => hangUp(running, 'Reloaded API keys: '));
    expect(kept.after).toMatchObject({ status: 200, limit: '60', remaining: kept.before.remaining - 1 });

    // A tier change applies (alice free -> standard) with her count kept.
    const entries = JSON.parse(readFileSync(keysFile, 'utf8')) as { name: string; tier: string }[];
    entries.find((e) => e.name === 'alice')!.tier = 'standard';
    const retiered = await aroundReload(url, alice, async () => {
      writeFileSync(keysFile, JSON.stringify(entries));
      await hangUp(running, 'Reloaded API keys: ');
    });
    expect(retiered.after).toMatchObject({ status: 200, limit: '600', remaining: 600 - (60 - retiered.before.remaining) - 1 });

    // Broken files are refused, logged, and the keys in force stay as they were.
    const good = readFileSync(keysFile, 'utf8');
    writeFileSync(keysFile, '[{"key_sha256": "not json');
    await hangUp(running, 'Keys reload refused');
    writeFileSync(keysFile, JSON.stringify([...entries, { key: 'x'.repeat(32), name: 'dave', tier: 'gold' }]));
    await hangUp(running, "unknown tier 'gold'");
    expect(running.output()).toMatch(/Keys reload refused, still using the previous keys: keys file .*keys\.json: /);
    expect(running.proc.exitCode).toBeNull();
    expect((await spread(url, alice)).every((r) => r.status === 200 && r.limit === '600')).toBe(true);
    expect((await spread(url, carol)).every((r) => r.status === 200)).toBe(true);
    expect((await spread(url, bob)).every((r) => r.status === 401)).toBe(true);
    expect((await spread(url, 'x'.repeat(32))).every((r) => r.status === 401)).toBe(true);

    // Fixed again: applied.
    writeFileSync(keysFile, good);
    await hangUp(running, 'Reloaded API keys: ');
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
  }, 240_000);

  it('reloads keys the same way when serving from the main thread (WORKERS=1)', async () => {
    keysFile = path.join(dir, 'keys-one.yaml');
    const erin = (await keys('create', '--name', 'erin', '--tier', 'free')).split('\n')[1];
    const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--keys', keysFile], { WORKERS: '1' });
    const { url } = running;
    expect((await get(url, erin)).remaining).toBe(59);
    await keys('revoke', 'erin');
    const fred = (await keys('create', '--name', 'fred', '--tier', 'standard')).split('\n')[1];
    await hangUp(running, 'Reloaded API keys: ');
    expect((await get(url, erin)).status).toBe(401);
    const refused = await aroundReload(url, fred, async () => {
      writeFileSync(keysFile, 'key: [unclosed');
      await hangUp(running, 'Keys reload refused');
    });
    expect(refused.before).toMatchObject({ status: 200, limit: '600' });
    expect(refused.after).toMatchObject({ status: 200, limit: '600', remaining: refused.before.remaining - 1 });
    running.proc.kill('SIGTERM');
    await running.exited;
  }, 120_000);
});
