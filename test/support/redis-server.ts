import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether Debian's redis-server is installed (.ci/run installs it). */
export const HAVE_REDIS = !spawnSync('redis-server', ['--version']).error;
export const NO_REDIS_MESSAGE = 'redis-server is not installed (apt-get install redis-server; .ci/run does): Redis tests skipped';

/** A throwaway redis-server on a free loopback port, no persistence. */
export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const proc: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(out)) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`redis-server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
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
