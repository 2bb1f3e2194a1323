// Entry of one serving worker thread (compiled to dist/cluster/worker-main.js): opens the shared
// snapshot, listens on the shared port, swaps snapshots and keys on request, builds its live
// overlays from the main thread's feed results, closes gracefully (the answers it is writing
// finish, then its connections close, so that the main thread can end the thread), and stops
// serving when an exception escapes outside a handler (the main thread then replaces it).
import { parentPort, workerData } from 'node:worker_threads';
import { Engine } from '@transit/engine';
import { ApiKeys } from '../auth/api-keys.js';
import { TierTable } from '../auth/tiers.js';
import { startServer } from '../server.js';
import { StaticAssets } from '../http/static-assets.js';
import { startLiveServices, type LiveServices } from '../live/live-services.js';
import { FeedRelay } from '../live/feed-relay.js';
import { SharedRateLimiter } from '../auth/shared-rate-limiter.js';
import { RequestMetrics } from '../observe/request-metrics.js';
import { createAccessLog } from '../observe/access-log.js';
import { LiveMetrics } from '../observe/live-metrics.js';
import { routeLabels } from '../http/router.js';
import { ENDPOINTS } from '../api/index.js';
import type { FromWorker, ToWorker, WorkerInit, WorkerKeys } from './worker-protocol.js';

const init = workerData as WorkerInit;
const port = parentPort!;
const send = (msg: FromWorker) => port.postMessage(msg);
// Live-set messages (an out-of-order delivery, say) are the same in every worker: thread 0 says them.
const log = init.thread === 0 ? (line: string) => process.stderr.write(line + '\n') : () => undefined;
// Feed results arrive from the start (the latest first); the overlays are built from them here.
const relay = new FeedRelay(log);
let control: ((msg: ToWorker) => void) | null = null;
port.on('message', (msg: ToWorker) => {
  try {
    if (msg.type === 'feed') relay.receive(msg);
    else control?.(msg);
  } catch (err) {
    // An exception leaving this handler would end the thread with uWebSockets.js's handles open,
    // which aborts the whole process: a message this thread cannot handle is dropped and said.
    process.stderr.write(`worker ${init.thread}: message dropped: ${err instanceof Error ? err.message : String(err)}\n`);
  }
});

/** How long a failed worker goes on answering on its open connections (each closed after its response) before it closes them: uWebSockets.js closes idle ones after 10 s (HTTP_IDLE_TIMEOUT_S in its HttpContext.h). */
const DRAIN_MS = 10_000;
/** Once serving: stop accepting, let requests in flight finish, stop the live feeds (once; never rejects). */
let stop: (() => Promise<void>) | null = null;
/** Once serving: let the answers being written finish (at most STOP_WRITES_MS), then close every connection still open (once; never rejects), so that the main thread can terminate this thread. */
let drop: (() => Promise<void>) | null = null;
/** The first failure outside a handler, if any. */
let failure: Error | null = null;

/**
 * An exception or rejection no handler caught (a timer, a live service, a promise nobody awaits).
 * Left to end the thread, it would close the thread's event loop with uWebSockets.js's sockets
 * open, which aborts the whole process. Instead (once) the worker stops accepting and tells the
 * main thread, which starts a replacement; after a drain it closes its last connections and says
 * so, and the main thread terminates it. Before it listens, it is a start failure.
 */
function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  if (failure) return void process.stderr.write(`worker ${init.thread}: failed again while stopping: ${message}\n`);
  process.stderr.write(`worker ${init.thread}: failed: ${message}\n${err instanceof Error ? `${err.stack}\n` : ''}`);
  failure = err instanceof Error ? err : new Error(message);
  // Before listening: the start (below) sees `failure` once its server is up and fails.
  if (!stop) return;
  void stop().then(() => {
    send({ type: 'crashed', message });
    setTimeout(() => void drop!().then(() => send({ type: 'ended' })), DRAIN_MS);
  });
}
// Per thread: a worker's `process` is its own, and these see only this thread's failures (the
// main thread's handlers are not called for them, nor these for the main thread's).
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

/** The keys and their counters as this thread uses them. */
function openKeys(k: WorkerKeys): { keys: ApiKeys; limiter: SharedRateLimiter } {
  const records = k.keys.map((w) => ({ name: w.name, tier: w.tier, enabled: w.enabled, hash: Buffer.from(w.hashHex, 'hex'), ...(w.allow ? { allow: w.allow } : {}) }));
  return { keys: new ApiKeys(records), limiter: new SharedRateLimiter(k.counters, new Map(k.slots), k.usedSlots) };
}

try {
  const { keys, limiter } = openKeys(init.keys);
  const engine = Engine.open(init.snapshot, { tables: init.tables ?? undefined });
  // Landmarks and the like are built before this worker listens, not in its first journey request.
  engine.prepareJourneys();
  const startLive = (e: Engine) => startLiveServices({ engine: e, config: init.live, log, sources: relay.sources });
  let live: LiveServices = await startLive(engine);
  const metrics = init.metrics ? new RequestMetrics(init.metrics, routeLabels(ENDPOINTS)) : undefined;
  const accessLog = init.accessLog ? createAccessLog() : null;
  const tiers = new TierTable(init.tiers);
  // Keys of a reload in progress: checked and held until every worker has them (commitKeys).
  let pendingKeys: { keys: ApiKeys; limiter: SharedRateLimiter } | null = null;
  const server = await startServer({ engine, keys, port: init.port, host: init.host, live: live.state, tiers, limiter, metrics, accessLog: accessLog?.write, assets: StaticAssets.fromShared(init.assets) });
  let stopping: Promise<void> | null = null;
  // This thread's live-metrics slot: a replacement writes it once this one has stopped.
  let metricsTimer: NodeJS.Timeout | null = null;
  const stopServing = () =>
    (stopping ??= (async () => {
      if (metricsTimer) clearInterval(metricsTimer);
      // A failure is said, not thrown (a rejection here would fail the worker), and the rest still closes.
      const say = (err: unknown) => process.stderr.write(`worker ${init.thread}: close: ${err instanceof Error ? err.message : String(err)}\n`);
      await server.close().catch(say);
      await live.stop().catch(say);
      await accessLog?.flush();
    })());
  let dropping: Promise<void> | null = null;
  const dropAll = () =>
    (dropping ??= server.endConnections((line) => process.stderr.write(`worker ${init.thread}: ${line}\n`)));
  [stop, drop] = [stopServing, dropAll];
  control = (msg: ToWorker) => {
    if (msg.type === 'prepareKeys') {
      try {
        const next = openKeys(msg);
        tiers.checkKeys(next.keys.records);
        pendingKeys = next;
        send({ type: 'keysPrepared' });
      } catch (err) {
        pendingKeys = null;
        send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      }
    } else if (msg.type === 'commitKeys') {
      // Checked in phase 1 against the same tiers: this cannot throw.
      if (pendingKeys) server.setKeys(pendingKeys.keys, pendingKeys.limiter);
      pendingKeys = null;
      send({ type: 'keysApplied' });
    } else if (msg.type === 'abortKeys') {
      pendingKeys = null;
      send({ type: 'keysAborted' });
    } else if (msg.type === 'reload') {
      void (async () => {
        try {
          const next = Engine.open(msg.snapshot, { tables: msg.tables ?? undefined });
          next.prepareJourneys();
          const nextLive = await startLive(next);
          // Stopped meanwhile (failed or closed): it keeps nothing running.
          if (stopping) {
            await nextLive.stop();
            return send({ type: 'failed', message: 'reload abandoned: this worker stopped meanwhile' });
          }
          // One assignment: the next request sees the new snapshot and its overlays together.
          server.swap(next, nextLive.state);
          const old = live;
          live = nextLive;
          await old.stop();
          send({ type: 'reloaded', label: msg.label });
        } catch (err) {
          send({ type: 'failed', message: `reload failed: ${err instanceof Error ? err.message : String(err)}` });
        }
      })();
    } else if (msg.type === 'close') {
      void stopServing()
        .then(dropAll)
        .then(() => send({ type: 'closed' }));
    } else if (msg.type === 'fault') {
      const err = new Error(`fault injected (${msg.kind}, for tests)`);
      if (msg.kind === 'throw') setTimeout(() => { throw err; });
      else void Promise.reject(err);
    }
  };
  // A failure outside a handler while starting: the start fails.
  if (failure) {
    await stopServing();
    await dropAll();
    throw failure;
  }
  // Live-feed health for the metrics listener: this thread's slot, refreshed every second.
  const liveMetrics = init.liveMetrics ? new LiveMetrics(init.liveMetrics) : null;
  if (liveMetrics) metricsTimer = setInterval(() => liveMetrics.record(init.thread, live.state), 1000).unref();
  send({ type: 'listening', port: server.port });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  // Failed before listening: nothing to close; without the port the thread ends by itself.
  port.close();
}
