import { fileURLToPath } from 'node:url';
import { READY_LINE } from '@transit/cli';
import { spawnTracked, type TrackedProcess } from './processes.js';

/** The built `transit` command (tests run after `npm run build`). */
export const TRANSIT_BIN = fileURLToPath(new URL('../../packages/cli/bin/transit.js', import.meta.url));

/** `transit serve` running as a real child process (tracked: see processes.ts). */
export interface ServeProcess extends TrackedProcess {
  url: string;
}

/**
 * Starts `transit serve ARGS` with extra environment and waits for its ready line, which it
 * prints only once it listens and its signal handlers (SIGHUP, SIGTERM) are installed.
 */
export async function startServeProcess(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  const p = spawnTracked(process.execPath, [TRANSIT_BIN, 'serve', ...args], { env: { ...process.env, ...env } });
  await p.waitFor(READY_LINE);
  const url = /Serving UK transit API on (http:\S+) /.exec(p.output());
  if (!url) throw new Error(`no URL in the start-up lines:\n${p.output()}`);
  return { ...p, url: url[1] };
}

/** Sends `signal` and waits for `text` in what the process prints after it. */
export async function signalAndWait(p: TrackedProcess, signal: NodeJS.Signals, text: RegExp | string): Promise<void> {
  const from = p.output().length;
  p.proc.kill(signal);
  await p.waitFor(text, { from });
}
