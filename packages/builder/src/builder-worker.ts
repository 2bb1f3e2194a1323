import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The path of one of the builder's worker scripts (`script` relative to `dist/`, e.g.
 * `source/hash-files-worker.js`). Workers always run the built JavaScript, also when the builder
 * itself runs from its TypeScript sources (tests), so a missing dist is reported by `startWorker`.
 */
export function builtWorkerScript(script: string): string {
  return fileURLToPath(new URL(`../dist/${script}`, import.meta.url));
}

/**
 * A worker thread on `entry`. A script path (`builtWorkerScript`) must exist: a clear "build the
 * builder first" error instead of the thread's module-not-found. (Tests pass URLs of scripts of
 * their own to make workers fail.)
 */
export function startWorker(entry: string | URL, options?: WorkerOptions): Worker {
  if (typeof entry === 'string' && !existsSync(entry)) throw new Error(`${entry} is missing: build the builder first (npm run build)`);
  return new Worker(entry, options);
}

/** What a builder worker posts when its job threw: the error's name and message (an Error does not cross threads as itself). */
export interface WorkerFailure {
  error: { name: string; message: string };
}

/** `err` (anything thrown) as a worker posts it. */
export function workerFailure(err: unknown): WorkerFailure {
  const e = err instanceof Error ? err : new Error(String(err));
  return { error: { name: e.name, message: e.message } };
}

/**
 * The one message `worker` answers with. Rejects with the worker's own error (same name and
 * message) when the answer is a WorkerFailure, and with one naming the `job` when the thread
 * fails or ends without answering: never a wait without end. `atExit`: settles only once the
 * thread has exited (so nothing it opened is still open), else at the answer (Node delivers a
 * thread's messages before its 'exit': an exit seen first had no answer).
 */
export function workerAnswer<A extends object>(worker: Worker, job: string, atExit = false): Promise<Exclude<A, WorkerFailure>> {
  return new Promise((resolve, reject) => {
    let answer: A | undefined;
    let failure: Error | undefined;
    const settle = () => {
      if (answer === undefined) return reject(failure);
      if (!('error' in answer)) return resolve(answer as Exclude<A, WorkerFailure>);
      const { name, message } = (answer as WorkerFailure).error;
      reject(Object.assign(new Error(message), { name }));
    };
    worker.once('message', (a: A) => {
      answer = a;
      if (!atExit) settle();
    });
    worker.once('error', (err) => {
      failure = new Error(`the ${job} worker failed: ${err.message}`);
      if (!atExit) settle();
    });
    worker.once('exit', (code) => {
      failure ??= new Error(`the ${job} worker exited (code ${code}) without an answer`);
      settle();
    });
  });
}
