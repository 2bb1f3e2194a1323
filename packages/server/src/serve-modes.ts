import { Engine, type SharedTables } from '@transit/engine';
import type { ApiKeys } from './auth/api-keys.js';
import type { TierTable } from './auth/tiers.js';
import type { LiveConfig } from './live/live-config.js';
import type { DemoFeeds } from './live/simulated-feeds.js';
import { startLiveServices } from './live/live-services.js';
import { FeedHub } from './live/feed-hub.js';
import { ListenError, startServer } from './server.js';
import { openEngine, type SnapshotApart } from './snapshot-source.js';
import { probePort, startCluster, toShared } from './cluster/cluster.js';
import { createAccessLog } from './observe/access-log.js';
import { SharedRateLimiter } from './auth/shared-rate-limiter.js';
import { RedisRateSync } from './auth/redis-rate-sync.js';
import { keyId } from './auth/api-keys.js';
import { redactUrl } from '@transit/feeds';
import type { RequestMetrics } from './observe/request-metrics.js';
import type { LiveMetrics } from './observe/live-metrics.js';

/** What `transit serve` needs, whichever way it serves. */
export interface ServeSetup {
  /** Reads the snapshot bytes (the file, or the demo built in memory); called again on reload. */
  loadSnapshot(): Promise<Uint8Array>;
  /** Reads the snapshot file for workers (readSnapshotApart), in place of loadSnapshot there; absent: loadSnapshot's bytes are shared whole. */
  loadSnapshotApart?: (() => Promise<SnapshotApart>) | null;
  keys: ApiKeys;
  tiers: TierTable;
  live: LiveConfig;
  /** Generators of the demo's simulated feeds (needed when `live.simulate`; the CLI passes the builder's). */
  demoFeeds?: DemoFeeds | null;
  host: string;
  port: number;
  log: (line: string) => void;
  /** Shared request counters (over routeLabels(ENDPOINTS)), or null. */
  metrics: RequestMetrics | null;
  /** Write a JSON access log line per request to standard output. */
  accessLog: boolean;
  /** Share rate-limit counts with other replicas through this Redis; null: this process only. */
  redisUrl: string | null;
  /** Live-feed metrics, one slot per serving thread, or null. */
  liveMetrics: LiveMetrics | null;
  /** Key written into the map page at `/` (the demo's generated key), or null. */
  demoKey?: string | null;
}

/** A serving API, in this thread or in worker threads. */
export interface Serving {
  url: string;
  threads: number;
  engine: Engine;
  /** Loads the snapshot again and swaps it in without dropping a request. */
  reload(): Promise<void>;
  /**
   * Accepts `keys` from the next request on in every serving thread (tiers already checked);
   * rate-limit counts of keys kept go on. Resolves when every thread has them; rejects, with
   * every thread still on the previous keys, when any thread refuses them.
   */
  reloadKeys(keys: ApiKeys): Promise<void>;
  /**
   * Stops accepting, stops the live feeds, lets the answers being written finish (at most
   * STOP_WRITES_MS, 5 s) and closes every connection; with worker threads, ends them. Nothing of
   * the server is left running.
   */
  close(): Promise<void>;
  /** Worker threads replaced so far (always 0 from the main thread). */
  readonly replacements: number;
  /**
   * Settles, with the reason, when serving cannot go on (worker threads in a crash loop, see
   * RunningCluster.failed): close, then exit with a failure status. Never from the main thread,
   * where an exception outside a handler ends the process (its supervisor restarts it).
   */
  readonly failed: Promise<Error>;
}

/** Serves from this thread (one core). */
export async function serveInProcess(setup: ServeSetup): Promise<Serving> {
  const limits = await startSharedLimits(setup);
  let engine = openEngine(await setup.loadSnapshot());
  // Landmarks and the like are built before the server listens, not in its first journey request.
  engine.prepareJourneys();
  // The pollers live in the hub, across reloads; the overlays matched onto the snapshot read it.
  const hub = await FeedHub.start({ engine, config: setup.live, log: setup.log, demoFeeds: setup.demoFeeds ?? undefined });
  const startLive = (e: Engine) => startLiveServices({ engine: e, config: setup.live, log: setup.log, sources: hub.sources });
  let live = await startLive(engine);
  const accessLog = setup.accessLog ? createAccessLog(setup.log) : null;
  const server = await startServer({ engine, keys: setup.keys, port: setup.port, host: setup.host, live: live.state, tiers: setup.tiers, metrics: setup.metrics ?? undefined, accessLog: accessLog?.write, limiter: limits?.limiter, demoKey: setup.demoKey }).catch(async (err: unknown) => {
    await live.stop();
    await hub.stop();
    await limits?.sync.stop();
    throw err;
  });
  const metricsTimer = setup.liveMetrics ? setInterval(() => setup.liveMetrics!.record(0, live.state), 1000).unref() : null;
  return {
    url: server.url,
    threads: 1,
    get engine() {
      return engine;
    },
    reload: async () => {
      const next = openEngine(await setup.loadSnapshot());
      next.prepareJourneys();
      // New overlays over the new snapshot, matched at once from the hub's latest documents.
      const nextLive = await startLive(next);
      hub.setEngine(next);
      server.swap(next, nextLive.state);
      const old = live;
      engine = next;
      live = nextLive;
      await old.stop();
    },
    reloadKeys: async (keys) => {
      if (!limits) return server.setKeys(keys); // in-process counters are by key id: kept keys keep theirs
      const limiter = SharedRateLimiter.forKeys(keys.records.map(keyId), limits.limiter);
      server.setKeys(keys, limiter);
      limits.sync.setLimiter(limiter);
      limits.limiter = limiter;
    },
    close: async () => {
      if (metricsTimer) clearInterval(metricsTimer);
      await server.close();
      await live.stop();
      await hub.stop();
      await limits?.sync.stop();
      await accessLog?.flush();
      await server.endConnections(setup.log);
    },
    replacements: 0,
    failed: new Promise<Error>(() => undefined),
  };
}

/**
 * Serves from `threads` worker threads sharing one snapshot in shared memory and one port. Live
 * feeds are polled and parsed once, in this thread (FeedHub, which keeps its pollers across
 * reloads), and each result is sent to every worker, which matches it onto its snapshot and swaps
 * its overlay (FeedRelay); this thread builds no overlay.
 */
export async function serveInWorkers(setup: ServeSetup, threads: number): Promise<Serving> {
  const first = await openShared(setup);
  let engine = first.engine;
  // Every worker listens on the same port: check it (or pick a free one) before any starts.
  const port = await probePort(setup.host, setup.port);
  const limits = await startSharedLimits(setup);
  let limiter = limits?.limiter ?? SharedRateLimiter.forKeys(setup.keys.records.map(keyId));
  // The pollers (and the demo's simulated feed servers) of every worker, started first so the
  // workers begin with the latest results.
  const feeds = await FeedHub.start({ engine, config: setup.live, log: setup.log, demoFeeds: setup.demoFeeds ?? undefined });
  const cluster = await startCluster({ snapshot: first.shared, tables: first.tables, workers: threads, keys: setup.keys, tiers: setup.tiers, live: setup.live, host: setup.host, port, metrics: setup.metrics?.buffer ?? null, accessLog: setup.accessLog, limiter, feeds, liveMetrics: setup.liveMetrics?.buffer ?? null, demoKey: setup.demoKey ?? null, log: setup.log }).catch(async (err: unknown) => {
    await feeds.stop();
    await limits?.sync.stop();
    throw err;
  });
  return {
    url: cluster.url,
    threads: cluster.workers,
    get engine() {
      return engine;
    },
    reload: async () => {
      const next = await openShared(setup);
      // Workers rematch the latest feed results onto the new snapshot; the pollers go on (with
      // their ETag and Last-Modified), the simulated feeds now generated from the new timetable.
      await cluster.reload(next.shared, 'reload', next.tables);
      engine = next.engine;
      feeds.setEngine(engine);
    },
    reloadKeys: async (keys) => {
      const next = SharedRateLimiter.forKeys(keys.records.map(keyId), limiter);
      // Every worker or none (two phases); Redis syncs the new counters only once they are used.
      await cluster.setKeys(keys, next);
      limits?.sync.setLimiter(next);
      limiter = next;
    },
    close: async () => {
      await cluster.close();
      await feeds.stop();
      await limits?.sync.stop();
    },
    get replacements() {
      return cluster.replacements;
    },
    failed: cluster.failed,
  };
}

/**
 * The snapshot in shared memory, viewed by every worker and by this thread; the tables an engine
 * opened with `share` derives from it (into shared memory too: the workers view them instead of
 * deriving their own); and this thread's engine, over the same bytes and tables as a worker's.
 * Read apart (readSnapshotApart) when the setup can, so that the sections only read at open are
 * held only until the tables are derived.
 */
async function openShared(setup: ServeSetup): Promise<{ shared: SharedArrayBuffer; tables: SharedTables; engine: Engine }> {
  const apart = setup.loadSnapshotApart ? await setup.loadSnapshotApart() : null;
  const shared = apart ? apart.shared : toShared(await setup.loadSnapshot());
  const tables = Engine.open(shared, { share: true, openOnly: apart?.openOnly }).deriveSharedTables();
  return { shared, tables, engine: Engine.open(shared, { tables }) };
}

/** With a Redis URL: shared-memory counters for this process, synced with the other replicas. */
async function startSharedLimits(setup: ServeSetup): Promise<{ limiter: SharedRateLimiter; readonly sync: RedisRateSync } | null> {
  if (!setup.redisUrl) return null;
  const limiter = SharedRateLimiter.forKeys(setup.keys.records.map(keyId));
  const sync = new RedisRateSync({ url: setup.redisUrl, limiter, log: setup.log });
  try {
    await sync.start();
  } catch (err) {
    await sync.stop();
    throw new RedisConfigError(`cannot reach Redis at ${redactUrl(setup.redisUrl)}: ${(err as Error).message}`);
  }
  return { limiter, sync };
}

/** The configured Redis cannot be reached at start. */
export class RedisConfigError extends Error {
  override readonly name = 'RedisConfigError';
}
