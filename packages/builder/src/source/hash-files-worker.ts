import { closeSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { workerFailure, type WorkerFailure } from '../builder-worker.js';

/** What hashFilesOnWorker hands its worker (hash-files.ts). */
export interface HashFilesWork {
  /** Files to hash, in order. */
  files: string[];
  /** One Int32 that the calling thread sets to 1 to stop the hashing at the next read. */
  stop: SharedArrayBuffer;
}

/** SHA-256 (hex) and length of one file. */
export interface FileHash {
  sha256: string;
  bytes: number;
}

/** The worker's answer: a hash per file, `stopped` when asked to stop, or the message of what it threw. */
export type HashFilesAnswer = { hashes: FileHash[] } | { stopped: true } | WorkerFailure;

/** Bytes per read: 1 MiB. */
const READ_BYTES = 1 << 20;

// The worker thread's whole job: hash each file with synchronous reads, closing each file before
// the next (and when stopped or failing), then post the answer. The calling thread takes the
// thread's exit as the end, so no file of its is open by then.
const { files, stop } = workerData as HashFilesWork;
const stopFlag = new Int32Array(stop);
parentPort!.postMessage(hashFiles());

function hashFiles(): HashFilesAnswer {
  try {
    const buf = Buffer.allocUnsafe(READ_BYTES);
    const hashes: FileHash[] = [];
    for (const file of files) {
      const fd = openSync(file, 'r');
      try {
        const hash = createHash('sha256');
        let bytes = 0;
        for (let n; (n = readSync(fd, buf, 0, READ_BYTES, null)) > 0; bytes += n) {
          if (Atomics.load(stopFlag, 0) !== 0) return { stopped: true };
          hash.update(buf.subarray(0, n));
        }
        hashes.push({ sha256: hash.digest('hex'), bytes });
      } finally {
        closeSync(fd);
      }
    }
    return { hashes };
  } catch (err) {
    return workerFailure(err);
  }
}
