import type { Engine } from '@transit/engine';
import type { LiveConfig } from './live-config.js';
import type { LiveState } from './live-state.js';
import { startVehicleFeeds } from './vehicle-feeds.js';
import { startDisruptionFeeds } from './disruption-feeds.js';
import type { FeedSources } from './feed-source.js';

/** Live feeds started for a server. */
export interface LiveServices {
  state: LiveState;
  /** Stops every poller (and any simulated feed server). */
  stop(): Promise<void>;
}

/**
 * Starts the pollers `config` asks for (and the demo's simulated feeds when `config.simulate`);
 * with `sources` from a FeedRelay, a worker's overlays fed by the main thread's pollers instead.
 */
export async function startLiveServices(options: { engine: Engine; config: LiveConfig; log?: (line: string) => void; sources?: FeedSources }): Promise<LiveServices> {
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const vehicles = await startVehicleFeeds(options.engine, options.config, log, options.sources);
  const disruptions = await startDisruptionFeeds(options.engine, options.config, log, options.sources);
  return {
    state: { vehicles, disruptions },
    stop: async () => {
      await Promise.all([vehicles?.stop(), disruptions?.stop()]);
    },
  };
}
