import { LiveOverlay, formatUkTimestamp, type Engine, type LiveMatchStats, type VehicleDelivery, type VehicleRecord } from '@transit/engine';
import { parseGtfsRt, parseSiriVm } from '@transit/feeds';
import type { FeedConfig, LiveConfig } from './live-config.js';
import type { FeedStatus } from './feed-poller.js';
import { LOCAL_FEEDS, SIMULATED_ELSEWHERE, type FeedSource, type FeedSources } from './feed-source.js';
import { startDemoFeedServer, type DemoFeedServer } from './demo-feed-server.js';
import { simulatedSiriVm } from '@transit/builder';

/** A feed that has delivered no new document for this long is stale (REFERENCE.md: failing after 5 minutes of silence). */
export const STALE_AFTER_MS = 5 * 60_000;

/** `live_error` when no vehicle feed is configured. */
export const LIVE_NOT_CONFIGURED = 'Live vehicle data is not configured on this server; departures are from the timetable only.';

/** Vehicle feeds (SIRI-VM, GTFS-realtime) and their matched overlay. */
export interface VehicleFeeds {
  /** The overlay queries read now: the last one matched, or empty when every feed is stale. Swapped whole per poll. */
  overlay(nowMs?: number): LiveOverlay;
  /** Why live estimates are missing or degraded (null when every feed is fresh). */
  liveError(nowMs?: number): string | null;
  /** Each poller's status. */
  statuses(): FeedStatus[];
  /** Counts of the last matching run. */
  readonly lastStats: LiveMatchStats;
  /** True when the vehicles come from a simulated feed (the demo's, or any SIRI-VM delivery with ProducerRef SIMULATED), not a real one. */
  readonly simulated: boolean;
  /** SIRI-VM deliveries ignored because their ResponseTimestamp was older than the previous one. */
  readonly outOfOrderDiscarded: number;
  /** Polls every feed once now (tests). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

/** What a vehicle feed's poll parses to. */
type Parsed = VehicleDelivery;

/**
 * Starts a poller per configured vehicle feed (config.siriVm, config.gtfsRt; with
 * config.simulate and no real feed, a simulated SIRI-VM feed of the demo timetable served
 * locally). Each new document replaces that feed's records; all current records are then matched
 * onto the snapshot and the new overlay replaces the old one in a single assignment. Null when
 * nothing is configured (live is off and boards say so). `sources` says whether this thread polls
 * the feeds (default) or receives them from the main thread's pollers (a serving worker).
 */
export async function startVehicleFeeds(engine: Engine, config: LiveConfig, log: (line: string) => void, sources: FeedSources = LOCAL_FEEDS): Promise<VehicleFeeds | null> {
  let siri = config.siriVm;
  let demo: DemoFeedServer | null = null;
  const simulated = !siri && !config.gtfsRt && config.simulate;
  if (simulated && sources.local) {
    demo = await startDemoFeedServer({ '/siri-vm': () => ({ body: simulatedSiriVm(engine, Date.now()), contentType: 'application/xml' }) });
    siri = { url: `${demo.url}/siri-vm`, intervalMs: 10_000, timeoutMs: 10_000, headers: {} };
    log(`live: simulated SIRI-VM feed of the demo timetable at ${siri.url} (vehicles are simulated, not real)`);
  } else if (simulated) {
    siri = SIMULATED_ELSEWHERE;
  }
  if (!siri && !config.gtfsRt) return null;
  const feeds = new VehicleFeedSet(engine, config, siri, log, simulated, sources);
  feeds.start();
  const stopFeeds = feeds.stop.bind(feeds);
  feeds.stop = async () => {
    await stopFeeds();
    await demo?.close();
  };
  return feeds;
}

/** The pollers and the overlay they feed. */
class VehicleFeedSet implements VehicleFeeds {
  private readonly pollers: FeedSource[] = [];
  /** Current records per feed name. */
  private readonly records = new Map<string, VehicleRecord[]>();
  private current: LiveOverlay = LiveOverlay.EMPTY;
  private lastSiriResponseMs = -Infinity;
  private readonly startedAt = Date.now();
  outOfOrderDiscarded = 0;

  constructor(
    private readonly engine: Engine,
    private readonly config: LiveConfig,
    siri: FeedConfig | null,
    private readonly log: (line: string) => void,
    private readonly demo: boolean,
    private readonly sources: FeedSources,
  ) {
    if (siri) this.pollers.push(this.poller('siri_vm', siri, (b) => parseSiriVm(b)));
    if (config.gtfsRt) this.pollers.push(this.poller('gtfs_rt', config.gtfsRt, (b) => parseGtfsRt(b)));
  }

  private poller(name: string, feed: FeedConfig, parse: (bytes: Uint8Array) => Parsed): FeedSource {
    return this.sources.feed<Parsed>({
      name,
      url: feed.url,
      headers: feed.headers,
      intervalMs: feed.intervalMs,
      timeoutMs: feed.timeoutMs,
      log: this.log,
      parse: (bytes) => parse(bytes),
      onData: (d, fetchedAtMs) => this.apply(name, d, fetchedAtMs),
    });
  }

  /** New records of one feed: rematch everything and swap the overlay. */
  private apply(name: string, d: Parsed, fetchedAtMs: number): void {
    if (d.source === 'siri_vm' && Number.isFinite(d.producedAtMs)) {
      if (d.producedAtMs < this.lastSiriResponseMs) {
        this.outOfOrderDiscarded++;
        this.log(`feed ${name}: delivery of ${new Date(d.producedAtMs).toISOString()} is older than the previous one; discarded`);
        return;
      }
      this.lastSiriResponseMs = d.producedAtMs;
    }
    if (d.source === 'siri_vm') this.siriSimulated = d.producer === 'SIMULATED';
    this.records.set(name, d.records);
    const all = [...this.records.values()].flat();
    this.current = this.engine.matchVehicles(all, fetchedAtMs, { maxVehicleAgeS: this.config.maxVehicleAgeS });
  }

  private siriSimulated = false;

  get simulated(): boolean {
    return this.demo || this.siriSimulated;
  }

  get lastStats(): LiveMatchStats {
    return this.current.stats;
  }

  start(): void {
    for (const p of this.pollers) p.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.pollers.map((p) => p.stop()));
  }

  async pollNow(): Promise<void> {
    await Promise.all(this.pollers.map((p) => p.pollNow()));
  }

  statuses(): FeedStatus[] {
    return this.pollers.map((p) => p.status);
  }

  overlay(nowMs = Date.now()): LiveOverlay {
    // Fixes older than the age limit are not shown, even if the last overlay still holds them.
    return nowMs - this.current.builtAtMs > this.config.maxVehicleAgeS * 1000 ? LiveOverlay.EMPTY : this.current;
  }

  liveError(nowMs = Date.now()): string | null {
    const problems: string[] = [];
    for (const s of this.statuses()) {
      const since = (ms: number | null) => (ms === null ? 'start-up' : formatUkTimestamp(ms));
      if (s.lastError !== null) problems.push(`${s.name} feed failing since ${since(s.lastSuccessAt ?? this.startedAt)} (${s.consecutiveFailures} failed polls): ${s.lastError}`);
      else if (s.lastSuccessAt === null) problems.push(`${s.name} feed has not answered yet`);
      else if (nowMs - (s.lastChangeAt ?? this.startedAt) > STALE_AFTER_MS) problems.push(`${s.name} feed stale: no new data since ${since(s.lastChangeAt)}`);
    }
    if (!problems.length) return null;
    const fallback = this.overlay(nowMs).size > 0 ? 'live estimates may be out of date' : 'departures are from the timetable only';
    return `${problems.join('; ')}; ${fallback}.`;
  }
}
