import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `transit` command (tests run after `npm run build`). */
export const TRANSIT_BIN = fileURLToPath(new URL('../../packages/server/bin/transit.js', import.meta.url));

/** `transit serve` running as a real child process. */
export interface ServeProcess {
  proc: ChildProcess;
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `transit serve ARGS` with extra environment and waits until it prints its URL (and `ready`, when given). */
export async function startServeProcess(args: string[], env: Record<string, string>, ready: RegExp = /Serving UK transit API on/): Promise<ServeProcess> {
  const proc = spawn(process.execPath, [TRANSIT_BIN, 'serve', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 30_000;
  while (!ready.test(out) || !/on (http:\S+) /.test(out)) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url: /on (http:\S+) /.exec(out)![1], output: () => out, exited };
}
