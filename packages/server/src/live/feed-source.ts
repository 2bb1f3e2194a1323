import type { FeedConfig } from './live-config.js';
import { FeedPoller, type FeedPollerOptions, type FeedStatus } from './feed-poller.js';

/** One live feed as the vehicle and disruption sets see it: a status and deliveries through `onData`. */
export interface FeedSource {
  /** A copy of the feed's current status. */
  readonly status: FeedStatus;
  start(): void;
  stop(): Promise<void>;
  /** One poll now (tests, start-up); resolves true when new data was applied. */
  pollNow(): Promise<boolean>;
}

/**
 * Where a thread's live feeds come from. `local`: this thread polls and parses each feed itself
 * (one serving thread, or the main thread of a cluster); otherwise the feeds are relayed from
 * the main thread's pollers (worker threads), and the demo's simulated feed servers run there.
 */
export interface FeedSources {
  readonly local: boolean;
  /** The source of one feed; `options.parse` is used only where the feed is polled. */
  feed<T>(options: FeedPollerOptions<T>): FeedSource;
}

/** Each feed polled by a FeedPoller in this thread (the default). */
export const LOCAL_FEEDS: FeedSources = {
  local: true,
  feed: (options) => new FeedPoller(options),
};

/**
 * The config a relayed set gives a simulated feed: the main thread runs the demo feed server and
 * polls it, so only the name matters here (the URL and status shown come from the main thread).
 */
export const SIMULATED_ELSEWHERE: FeedConfig = { url: 'http://127.0.0.1/simulated-in-main-thread', intervalMs: 0, timeoutMs: 0, headers: {} };

/**
 * The poller options of one configured feed: its URL, headers, interval and timeout, with
 * `parse` given the body only and `onData` each new document.
 */
export function feedPollerOptions<T>(name: string, feed: FeedConfig, log: (line: string) => void, parse: (bytes: Uint8Array) => T, onData: (value: T, fetchedAtMs: number) => void): FeedPollerOptions<T> {
  return { name, url: feed.url, headers: feed.headers, intervalMs: feed.intervalMs, timeoutMs: feed.timeoutMs, log, parse: (bytes) => parse(bytes), onData };
}
