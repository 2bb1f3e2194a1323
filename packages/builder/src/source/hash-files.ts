import { builtWorkerScript, startWorker, workerAnswer } from '../builder-worker.js';
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
  return workerAnswer<HashFilesAnswer>(worker, 'fingerprint', true)
    .finally(() => signal?.removeEventListener('abort', onAbort))
    .then((answer) => {
      if ('stopped' in answer) throw new Error('the fingerprint was stopped');
      return answer.hashes;
    });
}
