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
