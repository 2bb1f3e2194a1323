// FEATURE UNDER TEST: `transit serve` (a real process) when its main thread fails: an exception or
// a rejection nothing caught there (made by a test preload: fixtures/cluster/fault-preload.mjs,
// FAULT=main) is said with its stack, the server stops as for SIGTERM (every worker thread ended)
// and exits with status 1 for its supervisor to restart it. Left to Node, the process exited with
// worker threads still holding sockets of uWebSockets.js and aborted (SIGABRT, libuv's assertion).
import { describe, it, expect, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { demoSnapshotDir, startServeProcess } from '../support/cli-process.js';

const PRELOAD = fileURLToPath(new URL('../support/fixtures/cluster/fault-preload.mjs', import.meta.url));
let snapshot: string;

beforeAll(async () => {
  ({ snapshot } = await demoSnapshotDir('serve-main-fails-'));
});

describe('transit serve: the main thread fails', () => {
  for (const workers of ['2', '1']) {
    it(`stops its ${workers} thread(s) and exits with status 1, saying why`, async () => {
      const running = await startServeProcess(['--snapshot', snapshot, '--port', '0', '--workers', workers], { API_KEYS: 'k:unlimited', FAULT: 'main', NODE_OPTIONS: `--import=${PRELOAD}` });
      try {
        expect((await fetch(`${running.url}/health`)).status).toBe(200);
        running.proc.kill('SIGUSR2');
        expect(await running.exited).toEqual({ code: 1, signal: null });
        expect(running.stderr()).toMatch(/main thread failed: Error: main thread fault \(for tests\)\n {4}at /);
        expect(running.stderr()).toContain('Stopped: the main thread failed (main thread fault (for tests)); exiting with status 1 for the process supervisor to restart the server.\n');
        expect(running.stderr()).not.toContain('Assertion failed');
      } finally {
        await running.kill();
      }
    }, 120_000);
  }
});
