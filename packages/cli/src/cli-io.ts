import { constants } from 'node:os';

/** A mistake in the command line: printed with the usage, exit status 2, no stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where the CLI writes and what it reads; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** `transit fetch` redraws its progress line on a terminal, else prints plain lines (default false). */
  stderrIsTTY?: boolean;
  /** `transit serve` runs until this settles: with the signal's name, when a signal ended it; with an Error, when the process failed (it then exits with status 1). */
  until: Promise<unknown>;
  /** Calls `listener` whenever a reload is asked for (SIGHUP). */
  onReload?(listener: () => void): void;
  /**
   * Ends the process by `signal` with its default action, as if no handler had caught it (called
   * by `transit serve` once stopped), so that its parent sees what ended it: a shell stops its
   * script on SIGINT, systemd counts death by SIGTERM as a clean stop (exit status 143 would be a
   * failure). Returns false at once, doing nothing, where the signal has no default action to
   * take: as PID 1 (the first process of a container started without an init) the kernel ignores
   * it; the caller then exits with status 0.
   */
  exitBySignal?(signal: string): boolean;
}

/** How long exitBySignal waits for its signal to end the process (it takes microseconds) before it exits with 128 + the signal's number. */
const SIGNAL_EXIT_MS = 1_000;

/**
 * The process's stdout, stderr and environment; `until` settles on SIGINT or SIGTERM (its
 * handlers go in when it is first read); SIGHUP reloads.
 */
export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    stderrIsTTY: !!process.stderr.isTTY,
    get until() {
      return new Promise<string | Error>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
        // An exception or rejection nothing caught in this thread: said with its stack, then the
        // server stops as for a signal and exits with status 1. Left to Node, the process would exit
        // with worker threads still holding sockets of uWebSockets.js, which aborts it (SIGABRT).
        const failed = (err: unknown) => {
          process.stderr.write(`main thread failed: ${err instanceof Error ? err.stack : String(err)}\n`);
          resolve(new Error(`the main thread failed (${err instanceof Error ? err.message : String(err)})`));
        };
        process.on('uncaughtException', failed);
        process.on('unhandledRejection', failed);
      });
    },
    onReload: (listener) => void process.on('SIGHUP', listener),
    exitBySignal: (signal) => {
      if (process.pid === 1) return false;
      process.removeAllListeners(signal);
      process.kill(process.pid, signal as NodeJS.Signals);
      // Delivery is immediate once no listener is left. Should the signal not end the process, it
      // exits with the status a shell gives a process ended by it, rather than returning.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SIGNAL_EXIT_MS);
      const status = 128 + (constants.signals[signal as NodeJS.Signals] ?? 0);
      process.stderr.write(`${signal} did not end the process within ${SIGNAL_EXIT_MS} ms; exiting with status ${status}.\n`);
      process.exit(status);
    },
  };
}
