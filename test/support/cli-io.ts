import type { CliIo } from '@transit/cli';

/** A CliIo capturing output; `stop()` ends a running `serve` or `replay`. */
export interface TestIo extends CliIo {
  stdout: string;
  stderr: string;
  stop(): void;
}

/**
 * Captured output and the given environment. In-process tests serve from this thread
 * (WORKERS=1 unless given); worker threads are tested as a real process (cli-process.ts).
 */
export function testIo(env: Record<string, string | undefined> = {}): TestIo {
  let stop!: () => void;
  const io: TestIo = {
    stdout: '',
    stderr: '',
    out: (text) => void (io.stdout += text),
    err: (text) => void (io.stderr += text),
    env: { WORKERS: '1', ...env },
    until: new Promise<void>((resolve) => (stop = resolve)),
    stop: () => stop(),
  };
  return io;
}
