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
  /** `transit serve` runs until this settles (with the signal's name, when a signal ended it). */
  until: Promise<unknown>;
  /** Calls `listener` whenever a reload is asked for (SIGHUP). */
  onReload?(listener: () => void): void;
  /**
   * Ends the process by `signal` with its default action. Worker threads that hold
   * uWebSockets.js cannot be torn down by a normal exit, so a multi-worker server ends this way
   * after its graceful close.
   */
  exitBySignal?(signal: string): void;
}

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
      return new Promise<string>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      });
    },
    onReload: (listener) => void process.on('SIGHUP', listener),
    exitBySignal: (signal) => {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal as NodeJS.Signals);
      // Delivery is immediate once no listener is left; never fall through to a normal exit.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
    },
  };
}
