import type { Engine } from '@transit/engine';
import type { FeedConfig } from './live-config.js';
import { startDemoFeedServer, type GeneratedDocument } from './demo-feed-server.js';

/**
 * Generators of the demo's simulated live documents. The builder writes them (simulatedSiriVm,
 * demoSiriSx, demoLineStatus); the CLI or a test hands them to the server, which never imports
 * the builder. Each call generates a fresh document for `nowMs` (epoch ms).
 */
export interface DemoFeeds {
  /** A SIRI-VM delivery of simulated vehicles running `engine`'s timetable. */
  siriVm(engine: Engine, nowMs: number): string;
  /** A SIRI-SX document over `engine`'s own lines. */
  siriSx(engine: Engine, nowMs: number): string;
  /** A line-status JSON document. */
  lineStatus(nowMs: number): string;
}

/** Simulated feeds served locally: the feed configs the pollers use (null: not simulated). */
export interface SimulatedFeeds {
  siriVm: FeedConfig | null;
  siriSx: FeedConfig | null;
  lineStatus: FeedConfig | null;
  /** Stops the local feed server. */
  close(): Promise<void>;
}

/** Poll interval and timeout of the demo's simulated feeds (vehicles, disruptions). */
const SIMULATED_VEHICLES: Omit<FeedConfig, 'url'> = { intervalMs: 10_000, timeoutMs: 10_000, headers: {} };
const SIMULATED_DISRUPTIONS: Omit<FeedConfig, 'url'> = { intervalMs: 30_000, timeoutMs: 5_000, headers: {} };

/**
 * Starts a local feed server generating the demo's simulated vehicles and/or disruptions from
 * `engine()` (read per request, so a reloaded snapshot is simulated from then on) and returns the
 * feed configs polling it. Throws when `demo` (the generators) was not given.
 */
export async function startSimulatedFeeds(demo: DemoFeeds | undefined, engine: () => Engine, want: { vehicles: boolean; disruptions: boolean }, log: (line: string) => void): Promise<SimulatedFeeds> {
  if (!demo) throw new Error('simulated live feeds (LiveConfig.simulate) need the demo feed generators (demoFeeds)');
  const routes: Record<string, () => GeneratedDocument> = {};
  if (want.vehicles) routes['/siri-vm'] = () => ({ body: demo.siriVm(engine(), Date.now()), contentType: 'application/xml' });
  if (want.disruptions) {
    routes['/siri-sx.xml'] = () => ({ body: demo.siriSx(engine(), Date.now()), contentType: 'application/xml' });
    routes['/line-status.json'] = () => ({ body: demo.lineStatus(Date.now()), contentType: 'application/json' });
  }
  const server = await startDemoFeedServer(routes);
  const feeds: SimulatedFeeds = { siriVm: null, siriSx: null, lineStatus: null, close: () => server.close() };
  if (want.vehicles) {
    feeds.siriVm = { url: `${server.url}/siri-vm`, ...SIMULATED_VEHICLES };
    log(`live: simulated SIRI-VM feed of the demo timetable at ${feeds.siriVm.url} (vehicles are simulated, not real)`);
  }
  if (want.disruptions) {
    feeds.siriSx = { url: `${server.url}/siri-sx.xml`, ...SIMULATED_DISRUPTIONS };
    feeds.lineStatus = { url: `${server.url}/line-status.json`, ...SIMULATED_DISRUPTIONS };
    log(`disruptions: simulated SIRI-SX and line status served at ${server.url}`);
  }
  return feeds;
}
