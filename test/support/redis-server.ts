import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { PROCESS_WAIT_MS, spawnTracked } from './processes.js';

/** Whether Debian's redis-server is installed (.ci/run installs it). */
export const HAVE_REDIS = !spawnSync('redis-server', ['--version']).error;
export const NO_REDIS_MESSAGE = 'redis-server is not installed (apt-get install redis-server; .ci/run does): Redis tests skipped';

/** A throwaway redis-server on a free loopback port, no persistence. */
export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts redis-server on a free port (tracked: killed with its test, see processes.ts). A port
 * taken by another process between the look-up and redis-server's bind is retried on a new port.
 */
export async function startTestRedis(): Promise<TestRedis> {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const proc = spawnTracked('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    try {
      await proc.waitFor('Ready to accept connections', { timeoutMs: PROCESS_WAIT_MS });
    } catch (err) {
      await proc.kill();
      if (attempt < 5 && /Address already in use/.test(proc.output())) continue;
      throw err;
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      stop: async () => {
        proc.proc.kill('SIGTERM');
        await proc.exited;
      },
    };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
