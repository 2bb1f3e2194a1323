// FEATURE UNDER TEST: child processes started by tests never outlive them (test/support/processes.ts):
// killed with their group when the test ends, even when it fails; killed after the file when a
// hook started them; and when a test worker dies, the run's exit kills them and fails the run.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runTracked } from './support/processes.js';

const CONFIG = fileURLToPath(new URL('./support/fixtures/process-leak/vitest.config.ts', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/**
 * Runs the fixture file in a vitest run of its own; returns its exit status, output and what it
 * left running. The inner run is awaited, not spawnSync'd: a synchronous wait of that length would
 * block this worker's event loop and time out vitest's worker RPC on a loaded machine.
 */
async function run(mode: string) {
  const marker = `leak-${randomBytes(6).toString('hex')}`;
  const r = await runTracked(process.execPath, [VITEST, 'run', '--config', CONFIG], { env: { ...process.env, LEAK_MODE: mode, LEAK_MARKER: marker, CI: 'true' } });
  const left = spawnSync('pgrep', ['-f', marker], { encoding: 'utf8' }).stdout.trim();
  if (left) spawnSync('pkill', ['-9', '-f', marker]);
  return { status: r.status, output: r.stdout + r.stderr, left };
}

describe('processes started by tests', () => {
  it('are killed when their test fails', async () => {
    const r = await run('fail');
    expect(r.status).toBe(1);
    expect(r.output).toMatch(/1 failed/);
    expect(r.left).toBe('');
    expect(r.output).not.toMatch(/still running at the end of the run/);
  });

  it('are killed after the file when a hook started them', async () => {
    const r = await run('hook');
    expect(r.left).toBe('');
    expect(r.output).not.toMatch(/still running at the end of the run/);
  });

  it('fail the run, and are killed, when the test worker dies with them running', async () => {
    const r = await run('crash');
    expect(r.status).toBe(1);
    expect(r.output).toMatch(/1 process\(es\) started by tests were still running at the end of the run \(now killed\):\npid \d+ \(\S+ -e setTimeout\(\(\) => \{\}, 600_000\) leak-\w+\) started by .*leak\.fixture\.ts/);
    expect(r.left).toBe('');
  });
});
