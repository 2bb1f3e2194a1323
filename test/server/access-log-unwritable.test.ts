// FEATURE UNDER TEST: `transit serve --access-log` (real processes, with 2 worker threads and
// with 1) when standard output cannot be written (ENOSPC, a full disk, made by the fault
// preload: fixtures/cluster/fault-preload.mjs): the access log says so once and stops, and the
// server goes on answering and stops on SIGTERM. Before, the write's error event (nobody
// listening) failed each worker, whose stop then hung in the log's flush (sonic-boom's flushSync
// retries a failed write without end), so it was never replaced and the server stopped answering.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { getOnNewConnection, spread, startServeProcess } from '../support/cli-process.js';

const PRELOAD = fileURLToPath(new URL('../support/fixtures/cluster/fault-preload.mjs', import.meta.url));

describe('an access log that cannot be written', () => {
  for (const workers of ['2', '1']) {
    it(`is said once and dropped; ${workers} thread(s) go on answering and stop on SIGTERM`, async () => {
      const running = await startServeProcess(['--snapshot', inject('demoSnapshot'), '--port', '0', '--workers', workers, '--access-log'], { API_KEYS: 'k:unlimited', FAULT: 'enospc', NODE_OPTIONS: `--import=${PRELOAD}` });
      // Past the log's 4 KB buffer in every thread (a line is about 200 bytes), twice over.
      const statuses = async () => (await spread(80, () => getOnNewConnection(running.url + '/health', 'k').then((r) => r.status, (err: Error) => err.message))).filter((s) => s !== 200);
      expect(await statuses()).toEqual([]);
      await running.waitFor('access log: ENOSPC: no space left on device, write; no more lines are written');
      expect(await statuses()).toEqual([]);
      expect(running.stderr()).not.toMatch(/failed: ENOSPC/);
      running.proc.kill('SIGTERM');
      // `serve` ends by the signal it was stopped by, with worker threads or one.
      expect(await running.exited).toEqual({ code: null, signal: 'SIGTERM' });
      expect(running.output()).toContain('Stopped.');
    }, 120_000);
  }
});
