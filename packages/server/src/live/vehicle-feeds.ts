import type { Engine } from '@transit/engine';
import type { LiveConfig } from './live-config.js';

/** Vehicle feeds (SIRI-VM, GTFS-realtime) and their matched overlay. */
export interface VehicleFeeds {
  stop(): Promise<void>;
}

/** Starts the configured vehicle feeds; null when none is configured. */
export async function startVehicleFeeds(_engine: Engine, _config: LiveConfig, _log: (line: string) => void): Promise<VehicleFeeds | null> {
  return null;
}
