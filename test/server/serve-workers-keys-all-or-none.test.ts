// FEATURE UNDER TEST: a keys file reload of `transit serve --workers 2` (a real process) is
// validated once, in the main thread, and applied in every worker or in none: bad files (broken
// JSON, an unknown tier, no keys at all) leave both workers on the old keys with one clear log
// line per SIGHUP, and a good file then reaches both.
import { describe, it, expect, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoSnapshotDir, getOnNewConnection, signalAndWait, spread, startServeProcess } from '../support/cli-process.js';

const STATIONS = '/v1/rail/stations.json?lat=53.38&lon=-1.47';
/** Requests per check, each on a new connection, so the kernel spreads them over both threads. */
const SPREAD = 16;
const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);

let dir: string;
let snapshot: string;

beforeAll(async () => {
  ({ dir, snapshot } = await demoSnapshotDir('serve-keys-all-or-none-'));
});

/** The status of SPREAD requests of `key`, each on a new connection. */
const statuses = (url: string, key: string) => spread(SPREAD, async () => (await getOnNewConnection(url + STATIONS, key)).status);

describe('transit serve --workers 2: a keys reload applies everywhere or nowhere', () => {
  it('keeps both workers on the old keys for every bad file, then applies a good one to both', async () => {
    const keysFile = path.join(dir, 'keys.json');
    writeFileSync(keysFile, JSON.stringify([{ key: OLD, name: 'old', tier: 'unlimited' }]));
    const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', '2', '--keys', keysFile], {});
    expect(running.output()).toContain('2 worker threads');
    const { url } = running;

    const bad: [string, string][] = [
      ['[{"key": "broken', 'keys file'],
      [JSON.stringify([{ key: NEW, name: 'new', tier: 'gold' }]), "API key new: unknown tier 'gold'"],
      [JSON.stringify([{ key: NEW, name: 'new', tier: 'free', extra: 1 }]), 'entry 1'],
      ['[]', 'no keys in it'],
    ];
    for (const [text, reason] of bad) {
      writeFileSync(keysFile, text);
      const from = running.output().length;
      await signalAndWait(running, 'SIGHUP', 'Keys reload refused');
      const said = running.output().slice(from);
      // One line, from the main thread's single validation, naming the reason.
      expect(said.match(/Keys reload refused, still using the previous keys: .*/g)).toHaveLength(1);
      expect(said).toContain(reason);
      expect(said).not.toContain('Reloaded API keys');
      expect(await statuses(url, OLD)).toEqual(Array(SPREAD).fill(200));
      expect(await statuses(url, NEW)).toEqual(Array(SPREAD).fill(401));
    }

    writeFileSync(keysFile, JSON.stringify([{ key: NEW, name: 'new', tier: 'standard' }]));
    await signalAndWait(running, 'SIGHUP', 'Reloaded API keys');
    expect(await statuses(url, NEW)).toEqual(Array(SPREAD).fill(200));
    expect(await statuses(url, OLD)).toEqual(Array(SPREAD).fill(401));
    expect(running.proc.exitCode).toBeNull();
    running.proc.kill('SIGTERM');
    expect((await running.exited).signal).toBe('SIGTERM');
  }, 240_000);
});
