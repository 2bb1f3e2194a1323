import type { Worker } from 'node:worker_threads';
import { builtWorkerScript, startWorker } from '../builder-worker.js';
import { BuildError } from '../issues.js';
import type { StopTimeBatch, StopTimesAnswer, StopTimesWork } from './stop-time-batch.js';

/** The compiled worker entry (a worker runs built JavaScript, also when the caller runs from sources). */
const WORKER_ENTRY = builtWorkerScript('gtfs/stop-times-worker.js');

/** An error the worker caught (its CsvSplitter or parse threw), with the records read before it. */
export class StopTimesWorkerError extends Error {
  constructor(message: string, readonly lines: number) {
    super(message);
  }
}

/**
 * stop_times.txt split and parsed on a worker thread (stop-times-worker.ts): `post` the file's
 * chunks in order, then `end`; `next` gives one batch per message posted, in the same order.
 * `next` rejects with StopTimesWorkerError when the worker threw, and with a BuildError when the
 * thread failed or exited before its last batch, so a caller never waits without end. `stop`
 * ends the thread (it holds no file: the calling thread reads the source).
 */
export class StopTimesThread {
  private readonly worker: Worker;
  private readonly answers: StopTimesAnswer[] = [];
  private waiting: { resolve: (b: StopTimeBatch) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private ended = false;

  /** `label` names the file in errors; `workerEntry` replaces the worker's script (tests). */
  constructor(private readonly label: string, workerEntry: string | URL = WORKER_ENTRY) {
    this.worker = startWorker(workerEntry, WORKER_ENTRY);
    this.worker.on('message', (a: StopTimesAnswer) => {
      this.answers.push(a);
      this.wake();
    });
    this.worker.once('error', (err) => this.fail(new BuildError(`${label}: the stop_times worker thread failed: ${err.message}`)));
    this.worker.once('exit', (code) => {
      if (!this.ended) this.fail(new BuildError(`${label}: the stop_times worker thread exited (code ${code}) before the end of the file`));
    });
  }

  /** Hands the next bytes of the file over (copied: the caller may reuse `chunk`). */
  post(chunk: Uint8Array): void {
    const copy = new Uint8Array(chunk);
    this.worker.postMessage({ chunk: copy } satisfies StopTimesWork, [copy.buffer]);
  }

  /** The file ends: its last record is parsed without a line end. */
  end(): void {
    this.worker.postMessage({ end: true } satisfies StopTimesWork);
  }

  /** The batch of the next message posted. */
  next(): Promise<StopTimeBatch> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.wake();
    });
  }

  /** Ends the thread (after an error, or once the last batch is in). */
  async stop(): Promise<void> {
    this.ended = true;
    await this.worker.terminate();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private wake(): void {
    const w = this.waiting;
    if (!w) return;
    const a = this.answers.shift();
    if (a === undefined) {
      if (!this.failure) return;
      this.waiting = null;
      return w.reject(this.failure);
    }
    this.waiting = null;
    if ('error' in a) return w.reject(new StopTimesWorkerError(a.error.message, a.lines));
    if (a.end) this.ended = true;
    w.resolve(a);
  }
}
