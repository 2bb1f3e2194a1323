// FEATURE UNDER TEST: the respawn budget of `transit serve --workers 2` (a real process): workers
// that fail again as soon as they are replaced (a crash loop, made by the worker protocol's
// test-only fault: fixtures/cluster/fault-preload.mjs) are replaced up to the budget, then the
// server stops every worker and exits with status 1, saying why, for its supervisor to restart it
// (not aborted by a thread torn down with its sockets open).
import { describe, it, expect } from 'vitest';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { TRANSIT_BIN } from '../support/cli-process.js';
import { runTracked } from '../support/processes.js';

const PRELOAD = fileURLToPath(new URL('../support/fixtures/cluster/fault-preload.mjs', import.meta.url));

describe('transit serve --workers 2 in a crash loop', () => {
  it('replaces failed workers up to the budget, then exits with status 1 saying why', async () => {
    const env = { ...process.env, API_KEYS: 'k:unlimited', FAULT: 'loop', NODE_OPTIONS: `--import=${PRELOAD}` };
    const { status, signal, stderr } = await runTracked(process.execPath, [TRANSIT_BIN, 'serve', '--snapshot', inject('demoSnapshot'), '--port', '0', '--workers', '2'], { env });
    expect({ status, signal }).toEqual({ status: 1, signal: null });
    // Five failures within the minute are replaced (two workers: at least 5, two each), the sixth is not.
    for (let n = 1; n <= 5; n++) expect(stderr).toContain(`starting a replacement (failure ${n} within 60 s; past 5 the server stops)`);
    expect(stderr).not.toContain('failure 6 within');
    expect(stderr).toMatch(/worker [01]: failed: fault injected \(throw, for tests\)\nError: fault injected/);
    expect(stderr).toContain('Stopped: worker threads failed 6 times within 60 s (more than the 5 replaced): a crash loop; every worker stopped; exiting with status 1 for the process supervisor to restart the server.\n');
    expect(stderr).not.toContain('Assertion failed');
  }, 120_000);
});
