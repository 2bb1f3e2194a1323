import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { compilePlacePages, mergePlacePageParts, placePageTexts, SnapshotReader, type PlacePageChoice, type PlacePageColumns } from '@transit/engine';
import type { PlacePagesAnswer, PlacePagesWork } from './place-pages-worker.js';

/** The compiled worker entry (a worker runs built JavaScript, also when the caller runs from sources). */
const WORKER_ENTRY = fileURLToPath(new URL('../../dist/places/place-pages-worker.js', import.meta.url));

/**
 * compilePlacePages on two threads: the texts chosen once here (placePageTexts), then every other
 * text's page on a worker thread, the rest on this one, interleaved back (the same columns as one
 * thread gives). Synchronous: this thread computes
 * its half, then blocks until the worker has posted its own. An error on either thread is thrown
 * here with its message.
 */
export function compilePlacePagesOnTwoThreads(snapshot: SharedArrayBuffer, choice: PlacePageChoice): PlacePageColumns {
  const texts = placePageTexts(new SnapshotReader(snapshot), choice); // once: costing the name prefixes is a third of the work
  const worker = startPlacePagesWorker(snapshot, { ...choice, texts, part: { index: 0, count: 2 } });
  try {
    const mine = compilePlacePages(new SnapshotReader(snapshot), { ...choice, texts, part: { index: 1, count: 2 } });
    return mergePlacePageParts([worker.result(), mine]);
  } finally {
    worker.stop();
  }
}

/** A worker thread computing compilePlacePages(snapshot, choice); `result` blocks until it is done. */
export interface PlacePagesWorker {
  /** The worker's columns; throws its error (same name and message) if it threw. Call once. */
  result(): PlacePageColumns;
  /** Ends the thread (done already, or abandoned). */
  stop(): void;
}

/** Starts compilePlacePages(snapshot, choice) on a worker thread. */
export function startPlacePagesWorker(snapshot: SharedArrayBuffer, choice: PlacePageChoice): PlacePagesWorker {
  if (!existsSync(WORKER_ENTRY)) throw new Error(`${WORKER_ENTRY} is missing: build the builder first (npm run build)`);
  const done = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const work: PlacePagesWork = { snapshot, choice, done, port: port2 };
  const worker = new Worker(WORKER_ENTRY, { workerData: work, transferList: [port2] });
  return {
    result() {
      Atomics.wait(done, 0, 0); // the worker posts its answer before raising `done`
      const answer = receiveMessageOnPort(port1)?.message as PlacePagesAnswer | undefined;
      if (!answer) throw new Error('the place pages worker stopped without an answer');
      if ('error' in answer) throw workerError(answer.error);
      return answer.pages;
    },
    stop() {
      port1.close();
      void worker.terminate();
    },
  };
}

/** The worker's error as one of this thread's, with the same name and message. */
function workerError(e: { name: string; message: string }): Error {
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}
