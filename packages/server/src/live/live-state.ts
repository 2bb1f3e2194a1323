import type { VehicleFeeds } from './vehicle-feeds.js';
import type { DisruptionFeeds } from './disruption-feeds.js';

/** The live overlays the handlers read: each null when its feeds are not configured. */
export interface LiveState {
  vehicles: VehicleFeeds | null;
  disruptions: DisruptionFeeds | null;
}

/** No live data (embedding without feeds, most tests). */
export const NO_LIVE: LiveState = { vehicles: null, disruptions: null };
