// Entry of one serving worker thread (compiled to dist/cluster/worker-main.js): opens the shared
// snapshot, listens on the shared port, swaps snapshots on request and closes gracefully.
import { parentPort, workerData } from 'node:worker_threads';
import { Engine } from '@transit/engine';
import { ApiKeys } from '../auth.js';
import { TierTable } from '../limits/tiers.js';
import { keyId } from '../auth.js';
import { startServer } from '../server.js';
import { startLiveServices, type LiveServices } from '../live/live-services.js';
import { SharedRateLimiter } from './shared-rate-limiter.js';
import { RequestMetrics } from '../observe/request-metrics.js';
import { createAccessLog } from '../observe/access-log.js';
import { LiveMetrics } from '../observe/live-metrics.js';
import { routeLabels } from '../router.js';
import { ENDPOINTS } from '../endpoints/index.js';
import type { FromWorker, ToWorker, WorkerInit } from './worker-protocol.js';

const init = workerData as WorkerInit;
const port = parentPort!;
const send = (msg: FromWorker) => port.postMessage(msg);

try {
  const records = init.keys.map((k) => ({ name: k.name, tier: k.tier, enabled: k.enabled, hash: Buffer.from(k.hashHex, 'hex'), ...(k.allow ? { allow: k.allow } : {}) }));
  const keys = new ApiKeys(records);
  const limiter = new SharedRateLimiter(init.counters, new Map(records.map((r, i) => [keyId(r), i])));
  const engine = Engine.open(init.snapshot);
  let live: LiveServices = await startLiveServices({ engine, config: init.live });
  const metrics = init.metrics ? new RequestMetrics(init.metrics, routeLabels(ENDPOINTS)) : undefined;
  const accessLog = init.accessLog ? createAccessLog() : null;
  const server = await startServer({ engine, keys, port: init.port, host: init.host, live: live.state, tiers: new TierTable(init.tiers), limiter, metrics, accessLog: accessLog?.write });
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'reload') {
      void (async () => {
        try {
          const next = Engine.open(msg.snapshot);
          const nextLive = await startLiveServices({ engine: next, config: init.live });
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
        await server.close();
        await live.stop();
        accessLog?.flush();
        send({ type: 'closed' });
      })();
    }
  });
  // Live-feed health for the metrics listener: this thread's slot, refreshed every second.
  const liveMetrics = init.liveMetrics ? new LiveMetrics(init.liveMetrics) : null;
  if (liveMetrics) setInterval(() => liveMetrics.record(init.thread, live.state), 1000).unref();
  send({ type: 'listening', port: server.port });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
}
