/** A mistake in the command line: printed with the usage, exit status 2, no stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where the CLI writes and what it reads; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** `transit serve` runs until this settles. */
  until: Promise<unknown>;
}

/** The process's stdout, stderr and environment; `until` settles on SIGINT or SIGTERM. */
export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    get until() {
      return new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
    },
  };
}
