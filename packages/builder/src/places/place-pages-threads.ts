import { builtWorkerScript, startWorker, workerAnswer } from '../builder-worker.js';
import { SnapshotReader, type PlacePageColumns } from '@transit/engine';
import { compilePlacePages, mergePlacePageParts, placePageTexts, type PlacePageChoice } from './compile-place-pages.js';
import type { PlacePagesAnswer, PlacePagesWork } from './place-pages-worker.js';

/** The compiled worker entry (a worker runs built JavaScript, also when the caller runs from sources). */
const WORKER_ENTRY = builtWorkerScript('places/place-pages-worker.js');

/**
 * compilePlacePages on two threads: the texts chosen once here (placePageTexts), then every other
 * text's page on a worker thread, the rest on this one, interleaved back (the same columns as one
 * thread gives). This thread computes its half, then awaits the worker's: an error on either
 * thread rejects with its message, and a worker that ends without answering (exits, dies) rejects
 * too, never a wait without end. `workerEntry` replaces the worker's script (tests give one that
 * fails).
 */
export async function compilePlacePagesOnTwoThreads(snapshot: SharedArrayBuffer, choice: PlacePageChoice, workerEntry: string | URL = WORKER_ENTRY): Promise<PlacePageColumns> {
  const texts = placePageTexts(new SnapshotReader(snapshot), choice); // once: costing the name prefixes is a third of the work
  const worker = startPlacePagesWorker(snapshot, { ...choice, texts, part: { index: 0, count: 2 } }, workerEntry);
  try {
    const mine = compilePlacePages(new SnapshotReader(snapshot), { ...choice, texts, part: { index: 1, count: 2 } });
    return mergePlacePageParts([await worker.result, mine]);
  } finally {
    worker.stop();
  }
}

/** A worker thread computing compilePlacePages(snapshot, choice). */
export interface PlacePagesWorker {
  /**
   * The worker's columns. Rejects with the worker's error (same name and message) if it threw,
   * and with a message naming the exit code if the thread ended without an answer.
   */
  result: Promise<PlacePageColumns>;
  /** Ends the thread (done already, or abandoned). */
  stop(): void;
}

/** Starts compilePlacePages(snapshot, choice) on a worker thread running `workerEntry` (default the builder's place-pages-worker.js). */
export function startPlacePagesWorker(snapshot: SharedArrayBuffer, choice: PlacePageChoice, workerEntry: string | URL = WORKER_ENTRY): PlacePagesWorker {
  const work: PlacePagesWork = { snapshot, choice };
  const worker = startWorker(workerEntry, { workerData: work });
  const result = workerAnswer<PlacePagesAnswer>(worker, 'place pages').then((answer) => answer.pages);
  result.catch(() => {}); // abandoned (this thread's half threw first): not an unhandled rejection
  return {
    result,
    stop() {
      void worker.terminate();
    },
  };
}
