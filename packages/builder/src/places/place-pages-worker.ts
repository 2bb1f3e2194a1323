import { parentPort, workerData } from 'node:worker_threads';
import type { PlacePageColumns } from '@transit/engine';
import type { PlacePageChoice } from './compile-place-pages.js';
import { workerFailure, type WorkerFailure } from '../builder-worker.js';

/** What compilePlacePagesOnTwoThreads hands its worker (place-pages-threads.ts). */
export interface PlacePagesWork {
  /** The place-search sections as a snapshot of their own, viewed by both threads. */
  snapshot: SharedArrayBuffer;
  choice: PlacePageChoice;
}

/** The worker's answer: its part of the pages, or the message of what it threw. */
export type PlacePagesAnswer = { pages: PlacePageColumns } | WorkerFailure;

// The worker thread's whole job: one part of compilePlacePages, posted back. The modules are
// imported inside the try: a failure to load them is an answer too. (A thread that ends without
// answering is an error on the main thread, which awaits the answer or the thread's exit.)
const { snapshot, choice } = workerData as PlacePagesWork;
try {
  const { SnapshotReader } = await import('@transit/engine');
  const { compilePlacePages } = await import('./compile-place-pages.js');
  const pages = compilePlacePages(new SnapshotReader(snapshot), choice);
  parentPort!.postMessage({ pages } satisfies PlacePagesAnswer, Object.values(pages).map((a: Uint32Array | Uint8Array) => a.buffer as ArrayBuffer));
} catch (err) {
  parentPort!.postMessage(workerFailure(err) satisfies PlacePagesAnswer);
}
