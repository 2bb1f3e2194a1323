import type { Tier } from '../limits/tiers.js';
import type { LiveConfig } from '../live/live-config.js';

/** What each worker thread starts with. */
export interface WorkerInit {
  /** The snapshot, shared by every worker (one copy in memory). */
  snapshot: SharedArrayBuffer;
  host: string;
  port: number;
  /** Keys as records with their SHA-256 (never the plain keys). */
  keys: { name: string; tier: string; enabled: boolean; hashHex: string; allow?: readonly string[] }[];
  tiers: Tier[];
  /** Shared rate-limit counters, one slot per key in `keys` order. */
  counters: SharedArrayBuffer;
  live: LiveConfig;
  /** Shared request counters (RequestMetrics over routeLabels(ENDPOINTS)), or null. */
  metrics: SharedArrayBuffer | null;
  /** Write a structured access log line per request to standard output. */
  accessLog: boolean;
  /** Shared live-feed metrics (LiveMetrics), or null. */
  liveMetrics: SharedArrayBuffer | null;
  /** This worker's index (its slot in liveMetrics). */
  thread: number;
}

/** Main thread -> worker. */
export type ToWorker = { type: 'reload'; snapshot: SharedArrayBuffer; label: string } | { type: 'close' };

/** Worker -> main thread. */
export type FromWorker =
  | { type: 'listening'; port: number }
  | { type: 'reloaded'; label: string }
  | { type: 'failed'; message: string }
  | { type: 'closed' };
