// FEATURE UNDER TEST: the cache lock of `transit fetch` (DIR/REGION/.lock holding the pid): a
// second run on a cache in use exits 1 with a clear message and touches nothing, the lock goes
// when the first run ends, and a lock left by a process that no longer runs is taken over. Real
// processes against a real local file server.
import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSIT_BIN } from '../support/cli-process.js';
import { runTransit, startFileServer } from '../support/fetch-server.js';
import { PROCESS_WAIT_MS, spawnTracked } from '../support/processes.js';

/** A file large enough that half of it is a real partial download. */
function bigFile(dir: string): string {
  const file = path.join(dir, 'big.bin');
  writeFileSync(file, Buffer.alloc(4 << 20, 7));
  return file;
}

describe('transit fetch: one run per cache folder', () => {
  it('refuses a second run while the first holds the cache, then frees it', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'fetch-lock-'));
    const cache = path.join(tmp, 'cache');
    const server = await startFileServer({ '/big.bin': bigFile(tmp) });
    // The first run stalls mid-download, holding the lock.
    server.stallNext('/big.bin');
    const args = ['fetch', '--cache', cache, '--retries', '0', '--source', `gtfs=${server.url}/big.bin`];
    const first = spawnTracked(process.execPath, [TRANSIT_BIN, ...args]);
    await first.waitFor('gtfs: GET');
    await expect.poll(() => server.seen('/big.bin').length, { timeout: PROCESS_WAIT_MS, interval: 50 }).toBe(1);
    const lockFile = path.join(cache, 'custom', '.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(first.proc.pid);

    const second = await runTransit(args);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`transit fetch: the cache folder ${path.join(cache, 'custom')} is in use by another transit fetch (pid ${first.proc.pid}, since `);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    expect(second.stdout).not.toContain('Fetching');
    expect(server.seen('/big.bin')).toHaveLength(1); // the second run sent nothing

    // The stalled connection drops: the first run fails, exits and removes its lock.
    await server.close();
    const { code } = await first.exited;
    expect(code).toBe(1);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it('takes over a lock left by a process that no longer runs', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'fetch-lock-stale-'));
    const cache = path.join(tmp, 'cache');
    const server = await startFileServer({ '/big.bin': bigFile(tmp) });
    try {
      // A killed run's lock: the pid of a process that has exited.
      const gone = spawnTracked(process.execPath, ['-e', '']);
      await gone.exited;
      const lockFile = path.join(cache, 'custom', '.lock');
      mkdirSync(path.dirname(lockFile), { recursive: true });
      writeFileSync(lockFile, JSON.stringify({ pid: gone.proc.pid, token: 'killed', since: '2026-01-01T00:00:00.000Z' }) + '\n');

      const r = await runTransit(['fetch', '--cache', cache, '--source', `gtfs=${server.url}/big.bin`]);
      expect(r.stderr).toContain(`took over the lock of ${path.join(cache, 'custom')} left by a run that no longer runs (pid ${gone.proc.pid})`);
      expect(r.status).toBe(0);
      expect(readFileSync(path.join(cache, 'custom', JSON.parse(readFileSync(path.join(cache, 'custom', 'manifest.json'), 'utf8')).sources.gtfs.file)).length).toBe(4 << 20);
      expect(existsSync(lockFile)).toBe(false);

      // An unreadable lock file is not a live run's either.
      writeFileSync(lockFile, 'not a lock');
      const again = await runTransit(['fetch', '--cache', cache, '--source', `gtfs=${server.url}/big.bin`]);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain('1 unchanged');
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      await server.close();
    }
  }, 120_000);
});
