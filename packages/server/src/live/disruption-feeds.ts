import type { Engine } from '@transit/engine';
import type { LiveConfig } from './live-config.js';

/** Disruption feeds (SIRI-SX, line status) and their merged index. */
export interface DisruptionFeeds {
  stop(): Promise<void>;
}

/** Starts the configured disruption feeds; null when none is configured. */
export async function startDisruptionFeeds(_engine: Engine, _config: LiveConfig, _log: (line: string) => void): Promise<DisruptionFeeds | null> {
  return null;
}
