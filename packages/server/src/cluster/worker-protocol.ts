import type { Tier } from '../auth/tiers.js';
import type { LiveConfig } from '../live/live-config.js';
import type { FeedMessage } from '../live/feed-relay.js';
import type { SharedStaticAssets } from '../http/static-assets.js';
import type { SharedTables } from '@transit/engine';

/** An API key as sent to a worker: its SHA-256 (never the plain key) and metadata. */
export interface WorkerKey {
  name: string;
  tier: string;
  enabled: boolean;
  hashHex: string;
  allow?: readonly string[];
}

/** The keys a worker accepts and where each one counts (SharedRateLimiter over `counters`). */
export interface WorkerKeys {
  keys: WorkerKey[];
  /** Shared rate-limit counters. */
  counters: SharedArrayBuffer;
  /** Key id -> slot in `counters`. */
  slots: [string, number][];
  /** Slots of `counters` handed out so far. */
  usedSlots: number;
}

/** What each worker thread starts with. */
export interface WorkerInit {
  /** The snapshot, shared by every worker (one copy in memory). */
  snapshot: SharedArrayBuffer;
  /** The tables the main thread's engine derived from it into shared memory (Engine.open's `tables`), or null: each worker derives its own. */
  tables: SharedTables | null;
  host: string;
  port: number;
  /** The keys at start, with their shared rate-limit counters. */
  keys: WorkerKeys;
  tiers: Tier[];
  live: LiveConfig;
  /** Shared request counters (RequestMetrics over routeLabels(ENDPOINTS)), or null. */
  metrics: SharedArrayBuffer | null;
  /** Write a structured access log line per request to standard output. */
  accessLog: boolean;
  /** Shared live-feed metrics (LiveMetrics), or null. */
  liveMetrics: SharedArrayBuffer | null;
  /** This worker's index (its slot in liveMetrics). */
  thread: number;
  /** The static files (the map page at `/` carries the demo's key, if any), read and compressed once by the main thread, shared by every worker. */
  assets: SharedStaticAssets;
}

/** Main thread -> worker. */
export type ToWorker =
  | { type: 'reload'; snapshot: SharedArrayBuffer; tables: SharedTables | null; label: string }
  /** Phase 1 of a keys reload: check these keys and hold them, answering keysPrepared or failed. */
  | ({ type: 'prepareKeys' } & WorkerKeys)
  /** Phase 2: every worker prepared; accept the held keys from the next request on. */
  | { type: 'commitKeys' }
  /** Phase 2 when a worker refused: drop the held keys, keep the ones in force. */
  | { type: 'abortKeys' }
  /** A live feed's poll result from the main thread's poller. */
  | FeedMessage
  /**
   * Stop accepting, stop the live feeds, let the answers being written finish (at most 5 s), then
   * close every connection still open; answered by closed, after which the main thread terminates
   * the thread (one holding a socket of uWebSockets.js would abort the process when torn down).
   */
  | { type: 'close' }
  /**
   * For tests only (never sent from anything a client reaches): throw (or reject a promise) outside
   * any handler, as a bug in a timer or a live service would, so that the worker fails.
   */
  | { type: 'fault'; kind: 'throw' | 'reject' };

/** Worker -> main thread. */
export type FromWorker =
  | { type: 'listening'; port: number }
  | { type: 'reloaded'; label: string }
  | { type: 'keysPrepared' }
  | { type: 'keysApplied' }
  | { type: 'keysAborted' }
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  /** An exception or rejection escaped outside a handler: this worker stopped accepting and stopped its live feeds; the main thread replaces it. */
  | { type: 'crashed'; message: string }
  /** A crashed worker closed its last connections (after a drain): the main thread may terminate it. */
  | { type: 'ended' };
