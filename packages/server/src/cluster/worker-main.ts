// Entry of one serving worker thread (compiled to dist/cluster/worker-main.js): opens the shared
// snapshot, listens on the shared port, swaps snapshots and keys on request, builds its live
// overlays from the main thread's feed results, and closes gracefully.
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
      void (async () => {
        // A failure is said, not thrown (a rejection here would abort the process), and the rest still closes.
        const say = (err: unknown) => process.stderr.write(`worker ${init.thread}: close: ${err instanceof Error ? err.message : String(err)}\n`);
        await server.close().catch(say);
        await live.stop().catch(say);
        accessLog?.flush();
        send({ type: 'closed' });
      })();
    }
  };
  // Live-feed health for the metrics listener: this thread's slot, refreshed every second.
  const liveMetrics = init.liveMetrics ? new LiveMetrics(init.liveMetrics) : null;
  if (liveMetrics) setInterval(() => liveMetrics.record(init.thread, live.state), 1000).unref();
  send({ type: 'listening', port: server.port });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  // Failed before listening: nothing to close; without the port the thread ends by itself.
  port.close();
}
