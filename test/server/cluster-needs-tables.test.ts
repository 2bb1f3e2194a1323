// FEATURE UNDER TEST: startCluster and cluster.reload refuse a snapshot read apart
// (readSnapshotApart, without the sections only read at open) when no tables come with it, with
// an error naming the missing tables, before any worker opens it; run in a child process, which
// then ends by itself (a worker thread left running would keep it alive).
import { describe, expect, it } from 'vitest';
import { runStartCluster as run } from '../support/cli-process.js';

describe('a cluster over a snapshot read apart', () => {
  it('refuses to start without tables, naming them, and leaves no worker running', async () => {
    const { status, stdout, stderr } = await run('no-tables');
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('refused: startCluster: the snapshot was read apart (readSnapshotApart), without the sections only read at open, and no tables were given: pass tables = Engine.open(shared, { share: true, openOnly }).deriveSharedTables()');
    expect(status).toBe(0);
  });

  it('refuses a reload without tables; the cluster then reloads with them', async () => {
    const { status, signal, stdout } = await run('reload');
    expect(stdout.trim().split('\n')).toEqual(['started with tables', expect.stringMatching(/^refused: reload: the snapshot was read apart .* no tables were given/), 'reloaded with tables']);
    expect({ status, signal }).toEqual({ status: 0, signal: null });
  });
});
