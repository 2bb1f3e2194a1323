// FEATURE UNDER TEST: startCluster when a worker cannot start: on a port another socket holds, it
// rejects with the worker's ListenError and leaves no worker running (its child process then ends
// by itself) instead of waiting without end for the failed worker to close; on port 0 it picks
// one free port that every worker listens on; a message a worker cannot handle is dropped and said,
// where it used to end the thread with its sockets open and abort the whole process.
import { describe, expect, it } from 'vitest';
import { runStartCluster as run } from '../support/cli-process.js';

describe('startCluster when a worker cannot start', () => {
  it('rejects on a port already taken, and no worker is left running', async () => {
    const { status, stdout, stderr } = await run('busy-port');
    expect(stderr).toBe('');
    expect(stdout.trim()).toMatch(/^refused: Could not listen on 127\.0\.0\.1:\d+ \(port in use or address not available\)\.$/);
    expect(status).toBe(0);
  });

  it('on port 0, starts both workers on one free port', async () => {
    const { status, signal, stdout } = await run('port-0');
    expect(stdout.trim()).toBe('started 2 workers on one port: true');
    expect({ status, signal }).toEqual({ status: 0, signal: null });
  });

  it('drops a message a worker cannot read, and the cluster serves and closes', async () => {
    const { status, signal, stdout, stderr } = await run('bad-message');
    expect(stdout.trim()).toBe('started 2 workers; health 200');
    expect(stderr).toMatch(/worker 0: message dropped: /);
    expect(stderr).toMatch(/worker 1: message dropped: /);
    expect({ status, signal }).toEqual({ status: 0, signal: null });
  });
});
