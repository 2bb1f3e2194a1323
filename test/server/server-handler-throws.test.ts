// FEATURE UNDER TEST: an exception escaping the server's uWebSockets.js request handler (a bug
// past the Router's own catch, here in the asset layer): the connection is closed and the
// exception goes on to the process's (or worker thread's) uncaughtException handler, so a worker
// fails and is replaced as for a failure outside a handler, instead of uWebSockets.js aborting
// the whole process for a request left unanswered. A child process, as the abort would end it.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { runTracked } from '../support/processes.js';

const FIXTURE = fileURLToPath(new URL('../support/fixtures/server/handler-throws.mjs', import.meta.url));

describe('an exception escaping the request handler', () => {
  it('closes that connection and reaches uncaughtException; the process lives on', async () => {
    const { status, signal, stdout, stderr } = await runTracked(process.execPath, [FIXTURE], { env: { ...process.env, SNAPSHOT: inject('demoSnapshot') } });
    expect(stderr).not.toContain('forbidden');
    expect({ status, signal }).toEqual({ status: 0, signal: null });
    expect(stdout).toBe('uncaught: asset layer bug\n/: no answer\n/health: status 200\n');
  });
});
