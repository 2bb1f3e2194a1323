import { DisruptionIndex, type Disruption, type DisruptionDelivery, type Engine } from '@transit/engine';
import { parseLineStatus, parseSiriSx } from '@transit/feeds';
import type { FeedConfig, LiveConfig } from './live-config.js';
import type { FeedStatus } from './feed-poller.js';
import { feedPollerOptions, LOCAL_FEEDS, SIMULATED_ELSEWHERE, type FeedSource, type FeedSources } from './feed-source.js';
import { startSimulatedFeeds, type DemoFeeds, type SimulatedFeeds } from './simulated-feeds.js';

/** The two disruption feeds, by the name `sources` reports them under. */
export type DisruptionFeedName = 'siri_sx' | 'line_status';
export const DISRUPTION_FEED_NAMES: readonly DisruptionFeedName[] = ['siri_sx', 'line_status'];

/** What `sources` says about one feed (times epoch ms, null before the event). */
export interface DisruptionSourceStatus {
  /** False when this feed is not configured (then every other field is empty). */
  configured: boolean;
  /** True for the demo's generated feeds. */
  simulated: boolean;
  /** URL polled, API keys redacted; null when not configured. */
  url: string | null;
  /** Last poll that ended well (new document or 304 Not Modified). */
  lastRetrievedAt: number | null;
  /** Last poll that delivered a new document. */
  lastChangedAt: number | null;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  /** The last attempt failed; `error` says why. */
  failed: boolean;
  error: string | null;
  consecutiveFailures: number;
  /** The records served are from an earlier document because the latest attempt failed. */
  stale: boolean;
  /** Records from this feed in the current index. */
  recordCount: number;
}

/** The disruption feeds of a server: the current merged index and each feed's status. */
export interface DisruptionFeeds {
  /** Current merged index; replaced as a whole (never mutated) when a feed delivers. */
  readonly index: DisruptionIndex;
  /** Status of both feeds, configured or not. */
  sources(): Record<DisruptionFeedName, DisruptionSourceStatus>;
  /** Polls every feed once now (tests, start-up); resolves when all polls have settled. */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts pollers for `config.siriSx` and `config.lineStatus`; with `config.simulate` (the demo,
 * nothing configured), a local feed server generating (by `demoFeeds`) a SIRI-SX document over
 * the snapshot's own lines and a line-status document, polled through the same pollers (first poll awaited).
 * A failed poll keeps that feed's last good records (reported stale). Null when there is nothing
 * to poll. `sources`: this thread polls (default) or receives the main thread's feeds (a worker).
 */
export async function startDisruptionFeeds(engine: Engine, config: LiveConfig, log: (line: string) => void, sources: FeedSources = LOCAL_FEEDS, demoFeeds?: DemoFeeds): Promise<DisruptionFeeds | null> {
  let demo: SimulatedFeeds | null = null;
  let siriSx = config.siriSx;
  let lineStatus = config.lineStatus;
  const simulated = config.simulate && !siriSx && !lineStatus;
  if (simulated && !sources.local) {
    siriSx = lineStatus = SIMULATED_ELSEWHERE;
  } else if (simulated) {
    demo = await startSimulatedFeeds(demoFeeds, () => engine, { vehicles: false, disruptions: true }, log);
    siriSx = demo.siriSx;
    lineStatus = demo.lineStatus;
  }
  if (!siriSx && !lineStatus) return null;
  const feeds = new DisruptionFeedSet(engine, { siri_sx: siriSx, line_status: lineStatus }, simulated, log, sources);
  if (demo) await feeds.pollNow();
  feeds.start();
  return {
    get index() {
      return feeds.index;
    },
    sources: () => feeds.sources(),
    pollNow: () => feeds.pollNow(),
    stop: async () => {
      await feeds.stop();
      await demo?.close();
    },
  };
}

/** The pollers and the latest good records of each feed; rebuilds and swaps the index on each delivery. */
class DisruptionFeedSet {
  index = DisruptionIndex.EMPTY;
  private readonly records: Record<DisruptionFeedName, Disruption[]> = { siri_sx: [], line_status: [] };
  private readonly pollers: Partial<Record<DisruptionFeedName, FeedSource>> = {};

  constructor(
    private readonly engine: Engine,
    configs: Record<DisruptionFeedName, FeedConfig | null>,
    private readonly simulated: boolean,
    log: (line: string) => void,
    sources: FeedSources,
  ) {
    const parsers = { siri_sx: parseSiriSx, line_status: parseLineStatus };
    for (const name of DISRUPTION_FEED_NAMES) {
      const c = configs[name];
      if (!c) continue;
      this.pollers[name] = sources.feed<DisruptionDelivery>(feedPollerOptions(name, c, log, parsers[name], (delivery) => this.apply(name, delivery.records)));
    }
  }

  start(): void {
    for (const p of Object.values(this.pollers)) p.start();
  }

  async stop(): Promise<void> {
    await Promise.all(Object.values(this.pollers).map((p) => p.stop()));
  }

  async pollNow(): Promise<void> {
    await Promise.all(Object.values(this.pollers).map((p) => p.pollNow()));
  }

  sources(): Record<DisruptionFeedName, DisruptionSourceStatus> {
    const status = (name: DisruptionFeedName) => sourceStatus(this.pollers[name]?.status ?? null, this.simulated, this.records[name].length);
    return { siri_sx: status('siri_sx'), line_status: status('line_status') };
  }

  /** New records of one feed: rebuild the merged index and swap it in (one assignment). */
  private apply(name: DisruptionFeedName, records: Disruption[]): void {
    this.records[name] = records;
    this.index = DisruptionIndex.build([...this.records.siri_sx, ...this.records.line_status], this.engine);
  }
}

function sourceStatus(s: FeedStatus | null, simulated: boolean, recordCount: number): DisruptionSourceStatus {
  if (!s) {
    return { configured: false, simulated: false, url: null, lastRetrievedAt: null, lastChangedAt: null, lastAttemptAt: null, nextAttemptAt: null, failed: false, error: null, consecutiveFailures: 0, stale: false, recordCount: 0 };
  }
  const failed = s.lastError !== null;
  return {
    configured: true,
    simulated,
    url: s.url,
    lastRetrievedAt: s.lastSuccessAt,
    lastChangedAt: s.lastChangeAt,
    lastAttemptAt: s.lastAttemptAt,
    nextAttemptAt: s.nextAttemptAt,
    failed,
    error: s.lastError,
    consecutiveFailures: s.consecutiveFailures,
    stale: failed && s.lastChangeAt !== null,
    recordCount,
  };
}
