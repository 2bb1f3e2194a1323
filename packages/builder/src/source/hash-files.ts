import { builtWorkerScript, startWorker } from '../builder-worker.js';
import type { FileHash, HashFilesAnswer, HashFilesWork } from './hash-files-worker.js';

export type { FileHash } from './hash-files-worker.js';

/** The compiled worker entry (a worker runs built JavaScript, also when the caller runs from sources). */
const WORKER_ENTRY = builtWorkerScript('source/hash-files-worker.js');

/**
 * SHA-256 and length of each file, computed on a worker thread so that the calling thread can
 * parse the same files meanwhile (a national GTFS folder takes about 10 CPU s to hash). Settles
 * only once the worker has exited, so none of its files is open by then. Rejects with the
 * worker's error (same name and message), when the worker ends without answering, and when
 * `signal` aborts (the worker stops at its next 1 MiB read). `workerEntry` replaces the script (tests).
 */
export function hashFilesOnWorker(files: string[], signal?: AbortSignal, workerEntry: string | URL = WORKER_ENTRY): Promise<FileHash[]> {
  const stop = new SharedArrayBuffer(4);
  const worker = startWorker(workerEntry, { workerData: { files, stop } satisfies HashFilesWork });
  const onAbort = () => Atomics.store(new Int32Array(stop), 0, 1);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  let answer: HashFilesAnswer | undefined;
  let failure: Error | undefined;
  return new Promise((resolve, reject) => {
    worker.once('message', (a: HashFilesAnswer) => (answer = a));
    worker.once('error', (err) => (failure = new Error(`the fingerprint worker failed: ${err.message}`)));
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (answer && 'hashes' in answer) resolve(answer.hashes);
      else if (answer && 'error' in answer) reject(Object.assign(new Error(answer.error.message), { name: answer.error.name }));
      else if (answer) reject(new Error('the fingerprint was stopped'));
      else reject(failure ?? new Error(`the fingerprint worker exited (code ${code}) without an answer`));
    });
  });
}
