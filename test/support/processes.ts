import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, onTestFinished } from 'vitest';
import type { ProcessRecord } from './process-registry.js';

/**
 * Child processes started by tests. Each runs in its own process group and is recorded in the
 * run's process folder (provided by the global setup as `processDir`) until it has exited, so:
 * - a process started inside a test is killed, with its group, when that test ends (passed or
 *   failed); one started in a `beforeAll` is killed when its file's hooks end;
 * - the global teardown finds any process a crashed or killed test worker left behind, kills its
 *   group and fails the run (see `reapLeftProcesses`).
 */
export interface TrackedProcess {
  proc: ChildProcess;
  /** Everything printed so far (stdout and stderr, interleaved as they came). */
  output: () => string;
  /** Standard output alone. */
  stdout: () => string;
  /** Standard error alone. */
  stderr: () => string;
  /** Settles when the process has exited (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until `pattern` appears in the output written after `from` (default: anywhere). */
  waitFor(pattern: RegExp | string, options?: { from?: number; timeoutMs?: number }): Promise<void>;
  /** SIGKILLs the process group (if still running) and waits for the exit. */
  kill(): Promise<void>;
}

/** How long a wait for a process's line may take before the test fails: start-ups on a loaded 2-core CI machine can take tens of seconds. */
export const PROCESS_WAIT_MS = 60_000;

const live = new Set<TrackedProcess>();

function processDir(): string | null {
  try {
    return (inject('processDir') as string | undefined) ?? null;
  } catch {
    return null;
  }
}

/** Spawns `command args` in its own process group with piped output, tracked as described above. */
export function spawnTracked(command: string, args: string[], options: Omit<SpawnOptions, 'stdio' | 'detached'> = {}): TrackedProcess {
  const proc = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const streams = { stdout: '', stderr: '' };
  const watchers = new Set<() => void>();
  const onData = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
    out += d;
    streams[stream] += d;
    for (const w of watchers) w();
  };
  proc.stdout!.on('data', onData('stdout'));
  proc.stderr!.on('data', onData('stderr'));
  const dir = processDir();
  const record = dir && proc.pid ? path.join(dir, `${proc.pid}.json`) : null;
  if (record) {
    const entry: ProcessRecord = { pid: proc.pid!, command: [command, ...args].join(' ').slice(0, 300), testFile: expect.getState().testPath ?? '' };
    writeFileSync(record, JSON.stringify(entry));
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      live.delete(tracked);
      if (record) rmSync(record, { force: true });
      for (const w of watchers) w();
      resolve({ code, signal });
    };
    proc.once('close', done); // after 'exit', once the output pipes are drained
    proc.once('error', () => done(proc.exitCode, null));
  });
  const running = () => proc.exitCode === null && proc.signalCode === null;
  const tracked: TrackedProcess = {
    proc,
    output: () => out,
    stdout: () => streams.stdout,
    stderr: () => streams.stderr,
    exited,
    waitFor(pattern, { from = 0, timeoutMs = PROCESS_WAIT_MS } = {}) {
      const seen = () => (typeof pattern === 'string' ? out.slice(from).includes(pattern) : pattern.test(out.slice(from)));
      if (seen()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (seen()) finish();
          else if (!running()) finish(new Error(`${command} exited (${proc.exitCode ?? proc.signalCode}) before printing ${pattern}:\n${out}`));
        };
        const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${timeoutMs} ms from ${command}:\n${out}`)), timeoutMs);
        const finish = (err?: Error) => {
          clearTimeout(timer);
          watchers.delete(check);
          if (err) reject(err);
          else resolve();
        };
        watchers.add(check);
      });
    },
    async kill() {
      if (running() && proc.pid) {
        try {
          process.kill(-proc.pid, 'SIGKILL');
        } catch {
          proc.kill('SIGKILL');
        }
      }
      await exited;
    },
  };
  live.add(tracked);
  stopWhenDone(tracked);
  return tracked;
}

/** What a finished process printed and how it ended. */
export interface ProcessResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command args` to its end, tracked (killed with the test if it outlives it). Tests use
 * this, never spawnSync/execFileSync: a synchronous wait blocks the test worker's event loop,
 * and a long one (a slow build on a loaded machine) makes vitest's worker RPC time out
 * ("Timeout calling onTaskUpdate") and fail the run by chance.
 */
export async function runTracked(command: string, args: string[], options: Omit<SpawnOptions, 'stdio' | 'detached'> = {}): Promise<ProcessResult> {
  const p = spawnTracked(command, args, options);
  const { code, signal } = await p.exited;
  return { status: code, signal, stdout: p.stdout(), stderr: p.stderr() };
}

/** Inside a test: killed when the test ends. Outside (a beforeAll): killed by `stopTrackedProcesses` after the file. */
function stopWhenDone(tracked: TrackedProcess): void {
  try {
    onTestFinished(() => tracked.kill());
  } catch {
    // not inside a running test: test/support/process-cleanup.ts stops it after the file
  }
}

/** Kills every process this test file started that is still running (the setup file's afterAll). */
export async function stopTrackedProcesses(): Promise<void> {
  await Promise.all([...live].map((p) => p.kill()));
}
