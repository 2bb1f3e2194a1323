import { createServer } from 'node:net';
import type { SharedTables } from '@transit/engine';
import type { ApiKeys } from '../auth/api-keys.js';
import { ListenError } from '../server.js';
import type { TierTable } from '../auth/tiers.js';
import type { LiveConfig } from '../live/live-config.js';
import { SharedRateLimiter } from '../auth/shared-rate-limiter.js';
import type { FeedHub } from '../live/feed-hub.js';
import { keyId } from '../auth/api-keys.js';
import { loadStaticAssets } from '../http/static-assets.js';
import { lacksOpenOnlySections } from '../snapshot-source.js';
import type { WorkerKeys } from './worker-protocol.js';
import { Supervisor, failureBudget } from './supervisor.js';

/** Options of startCluster. */
export interface ClusterOptions {
  /** The snapshot in shared memory that every worker views (see toShared). */
  snapshot: SharedArrayBuffer;
  /** Tables derived from it into shared memory (`Engine.open(snapshot, { share: true }).deriveSharedTables()`) that every worker views instead of deriving its own; default none. Required for a snapshot from readSnapshotApart (its `openOnly` passed to that open). */
  tables?: SharedTables | null;
  workers: number;
  keys: ApiKeys;
  tiers: TierTable;
  live: LiveConfig;
  host?: string;
  /** 0 picks a free port (probePort) that every worker then listens on. */
  port?: number;
  /** Shared request counters, or null. */
  metrics?: SharedArrayBuffer | null;
  /** Shared rate-limit counters over the keys (SharedRateLimiter.forKeys); default new ones. */
  limiter?: SharedRateLimiter;
  /** The main thread's live-feed pollers: every worker gets their results (workers poll nothing; a failed one is detached). */
  feeds?: Pick<FeedHub, 'attach'> | null;
  /** Shared live-feed metrics (LiveMetrics.allocate(workers)), or null. */
  liveMetrics?: SharedArrayBuffer | null;
  accessLog?: boolean;
  /** Key written into the map page at `/` (the demo's generated key), or null. */
  demoKey?: string | null;
  /** Where worker replacements are said; default stderr. */
  log?: (line: string) => void;
}

/** Serving worker threads sharing one port and one snapshot. */
export interface RunningCluster {
  port: number;
  url: string;
  workers: number;
  /**
   * Swaps every worker to a new snapshot (read once into new shared memory). Resolves when all
   * have swapped; each request is answered wholly from the old snapshot or wholly from the new.
   * `tables` as in ClusterOptions.
   */
  reload(snapshot: SharedArrayBuffer, label: string, tables?: SharedTables | null): Promise<void>;
  /**
   * Every worker accepts `keys`, counting on `limiter` (SharedRateLimiter.forKeys over the previous
   * one), from its next request on; resolves when all have applied them. All or none: when a
   * worker refuses them (an unknown tier), none applies them and this rejects saying so.
   */
  setKeys(keys: ApiKeys, limiter: SharedRateLimiter): Promise<void>;
  /**
   * Graceful stop: every worker stops accepting and stops its live feeds, lets the answers it is
   * still writing finish (at most 5 s: what a client has not taken by then is cut; see
   * BodyWrites), closes its connections, and its thread is ended. Resolves once every thread has
   * ended: nothing of the cluster is left running, and the process may exit as it likes.
   */
  close(): Promise<void>;
  /** Workers replaced so far (each after failing outside a handler, or its thread ending). */
  readonly replacements: number;
  /**
   * Settles, with the reason, when workers failed more often than the respawn budget allows
   * (failureBudget(workers) within 60 s: a crash loop) and every worker was stopped and its
   * thread ended: the process should then exit with a failure status for its supervisor to
   * restart it. Never settles otherwise.
   */
  readonly failed: Promise<Error>;
}

/**
 * The bytes as a SharedArrayBuffer for the workers: the bytes' own buffer when they already are
 * the whole of one (readSnapshotBytes reads into shared memory), else a copy.
 */
export function toShared(bytes: Uint8Array): SharedArrayBuffer {
  if (bytes.buffer instanceof SharedArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer;
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

/**
 * Serves with `workers` threads, each a full uWebSockets.js server over the same snapshot in a
 * SharedArrayBuffer, listening on the same port (the kernel spreads connections across them).
 * Rate-limit counters are shared memory too, so a key's budget is the same whatever the worker.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  checkTables(options.snapshot, options.tables, 'startCluster');
  const host = options.host ?? '127.0.0.1';
  const base = {
    snapshot: options.snapshot,
    tables: options.tables ?? null,
    host,
    keys: workerKeys(options.keys, options.limiter ?? SharedRateLimiter.forKeys(options.keys.records.map(keyId))),
    tiers: options.tiers.names.map((n) => options.tiers.get(n)!),
    live: options.live,
    metrics: options.metrics ?? null,
    accessLog: options.accessLog ?? false,
    liveMetrics: options.liveMetrics ?? null,
    // Read and compressed once here; the workers view the same bytes (no copy, no compression).
    assets: (await loadStaticAssets({ demoKey: options.demoKey }).precompress()).toShared(),
  };
  const workers = Math.max(1, options.workers);
  // A port the first worker picked itself (listening on 0) is not shared: the next worker's listen fails on it.
  const probed = options.port === 0 ? await probePort(host, 0) : (options.port ?? 8080);
  const log = options.log ?? ((line: string) => void process.stderr.write(line + '\n'));
  const supervisor = new Supervisor(base, probed, options.feeds ?? null, log, failureBudget(workers));
  const port = await supervisor.start(workers);
  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    workers,
    reload: async (snapshot, label, tables = null) => {
      checkTables(snapshot, tables, 'reload');
      await supervisor.reload(snapshot, tables, label);
    },
    setKeys: (keys, limiter) => supervisor.setKeys(workerKeys(keys, limiter)),
    close: () => supervisor.close(),
    get replacements() {
      return supervisor.replacements;
    },
    failed: supervisor.failed,
  };
}

/**
 * Throws, before any worker opens it, for a snapshot read apart without tables: a worker would
 * fail at open on the sections it lacks, with an error about the bytes (a profile delta past its
 * offsets) rather than the arguments.
 */
function checkTables(snapshot: SharedArrayBuffer, tables: SharedTables | null | undefined, what: string): void {
  if (tables || !lacksOpenOnlySections(snapshot)) return;
  throw new TypeError(`${what}: the snapshot was read apart (readSnapshotApart), without the sections only read at open, and no tables were given: pass tables = Engine.open(shared, { share: true, openOnly }).deriveSharedTables()`);
}

/**
 * Binds host:port for a moment to check it is free (0: any free port) and returns the port;
 * ListenError when it cannot be bound. Worker threads all listen on the port found here.
 */
export function probePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', () => reject(new ListenError(`Could not listen on ${host}:${port} (port in use or address not available).`)));
    s.listen(port, host, () => {
      const { port: bound } = s.address() as { port: number };
      s.close(() => resolve(bound));
    });
  });
}

/** Keys as workers receive them: hashes only, with their counter slots. */
function workerKeys(keys: ApiKeys, limiter: SharedRateLimiter): WorkerKeys {
  return {
    keys: keys.records.map((r) => ({ name: r.name, tier: r.tier, enabled: r.enabled, hashHex: r.hash.toString('hex'), ...(r.allow ? { allow: r.allow } : {}) })),
    counters: limiter.buffer,
    slots: [...limiter.slots],
    usedSlots: limiter.usedSlots,
  };
}
