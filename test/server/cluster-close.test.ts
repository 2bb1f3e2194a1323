// FEATURE UNDER TEST: RunningCluster.close() ends every worker thread (each closes its connections
// once the answers it is writing are done, then the main thread terminates it): close resolves
// after the 'exit' of both threads, a keep-alive connection open at close included, and the child
// process running the cluster then ends by itself with status 0. Workers used to stay parked
// after close, their process ending only by a signal.
import { describe, expect, it } from 'vitest';
import { runStartCluster as run } from '../support/cli-process.js';

describe('cluster.close()', () => {
  it('leaves no worker thread running', async () => {
    const { status, signal, stdout, stderr } = await run('close');
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n')).toEqual(['started 2 workers; health 200', 'closed: 2 threads started, 2 ended']);
    expect({ status, signal }).toEqual({ status: 0, signal: null });
  });
});
