import { workerData, type MessagePort } from 'node:worker_threads';
import type { PlacePageChoice, PlacePageColumns } from '@transit/engine';

/** What compilePlacePagesOnTwoThreads hands its worker (place-pages-threads.ts). */
export interface PlacePagesWork {
  /** The place-search sections as a snapshot of their own, viewed by both threads. */
  snapshot: SharedArrayBuffer;
  choice: PlacePageChoice;
  /** Set to 1 (and notified) once the answer is on `port`. */
  done: Int32Array;
  port: MessagePort;
}

/** The worker's answer: its part of the pages, or the message of what it threw. */
export type PlacePagesAnswer = { pages: PlacePageColumns } | { error: { name: string; message: string } };

// The worker thread's whole job: one part of compilePlacePages, posted back, then `done` raised
// (the main thread waits on it synchronously, so the answer must be posted first). The engine is
// imported inside the try: a failure to load it is an answer too, never a thread that stays silent.
const { snapshot, choice, done, port } = workerData as PlacePagesWork;
try {
  const { compilePlacePages, SnapshotReader } = await import('@transit/engine');
  const pages = compilePlacePages(new SnapshotReader(snapshot), choice);
  port.postMessage({ pages } satisfies PlacePagesAnswer, Object.values(pages).map((a: Uint32Array | Uint8Array) => a.buffer as ArrayBuffer));
} catch (err) {
  const e = err instanceof Error ? err : new Error(String(err));
  port.postMessage({ error: { name: e.name, message: e.message } } satisfies PlacePagesAnswer);
} finally {
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
}
