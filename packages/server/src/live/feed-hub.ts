import v8 from 'node:v8';
import type { Engine } from '@transit/engine';
import { parseGtfsRt, parseLineStatus, parseSiriSx, parseSiriVm } from '@transit/feeds';
import { demoLineStatus, demoSiriSx, simulatedSiriVm } from '@transit/builder';
import type { FeedConfig, LiveConfig } from './live-config.js';
import { FeedPoller, type FeedStatus } from './feed-poller.js';
import { RelayedFeed, type FeedChannel, type FeedMessage, type FeedSubscriber } from './feed-relay.js';
import type { FeedSources } from './feed-source.js';
import { startDemoFeedServer, type DemoFeedServer } from './demo-feed-server.js';

/** Poll interval and timeout of the demo's simulated feeds (vehicles, disruptions). */
const SIMULATED_VEHICLES: Omit<FeedConfig, 'url'> = { intervalMs: 10_000, timeoutMs: 10_000, headers: {} };
const SIMULATED_DISRUPTIONS: Omit<FeedConfig, 'url'> = { intervalMs: 30_000, timeoutMs: 5_000, headers: {} };

/** The latest of one feed: its poller's status and its last document. */
interface FeedEntry {
  poller: FeedPoller<unknown>;
  value: unknown;
  fetchedAtMs: number;
  /** `value` serialised once for the worker threads; made when first needed. */
  shared: SharedArrayBuffer | null;
}

/**
 * The live feeds of one `transit serve` process, owned across snapshot reloads: one FeedPoller
 * per configured feed (its ETag and Last-Modified survive a reload, so it goes on sending
 * conditional requests), the demo's simulated feed servers (generating from the snapshot served
 * now, see setEngine) and each feed's latest document. Matching is the consumers' work: the
 * overlays of this thread read it through `sources`, worker threads through `attach`; a reload
 * only builds new overlays, which get the latest documents at once.
 */
export class FeedHub implements FeedChannel {
  private readonly feeds = new Map<string, FeedEntry>();
  private readonly subscribers = new Map<string, Set<FeedSubscriber>>();
  private readonly targets = new Set<(msg: FeedMessage) => void>();
  private demo: DemoFeedServer | null = null;

  private constructor(
    private engine: Engine,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Starts a poller per feed `config` asks for (with `config.simulate`, the demo's simulated
   * feeds served locally; their first disruption poll is awaited). Never rejects on a feed
   * failure: that ends in the feed's status.
   */
  static async start(options: { engine: Engine; config: LiveConfig; log: (line: string) => void }): Promise<FeedHub> {
    const hub = new FeedHub(options.engine, options.log);
    await hub.open(options.config);
    return hub;
  }

  /** Overlays of this thread fed by the hub (startLiveServices({ sources })): they never poll. */
  readonly sources: FeedSources = { local: false, feed: (options) => new RelayedFeed(this, options) };

  /** Names of the feeds polled. */
  get names(): string[] {
    return [...this.feeds.keys()];
  }

  /** The snapshot served from now on (the simulated feeds generate their next documents from it). */
  setEngine(engine: Engine): void {
    this.engine = engine;
  }

  status(name: string): FeedStatus | undefined {
    return this.feeds.get(name)?.poller.status;
  }

  subscribe(name: string, s: FeedSubscriber): () => void {
    let subs = this.subscribers.get(name);
    if (!subs) this.subscribers.set(name, (subs = new Set()));
    subs.add(s);
    const feed = this.feeds.get(name);
    if (feed && feed.value !== undefined) this.deliver(s, name, feed.value, feed.fetchedAtMs);
    return () => subs.delete(s);
  }

  /** Sends each feed's latest state to `send` now (a worker thread), then every poll's. */
  attach(send: (msg: FeedMessage) => void): void {
    for (const [name, feed] of this.feeds) send(this.message(name, feed, feed.value !== undefined));
    this.targets.add(send);
  }

  /** Polls every feed once now (tests); resolves when all polls have settled. */
  async pollNow(): Promise<void> {
    await Promise.all([...this.feeds.values()].map((f) => f.poller.pollNow()));
  }

  /** Stops every poller and the simulated feed server. */
  async stop(): Promise<void> {
    await Promise.all([...this.feeds.values()].map((f) => f.poller.stop()));
    await this.demo?.close();
  }

  private async open(config: LiveConfig): Promise<void> {
    let { siriVm, siriSx, lineStatus } = config;
    const simVehicles = config.simulate && !siriVm && !config.gtfsRt;
    const simDisruptions = config.simulate && !siriSx && !lineStatus;
    if (simVehicles || simDisruptions) {
      this.demo = await startDemoFeedServer({
        '/siri-vm': () => ({ body: simulatedSiriVm(this.engine, Date.now()), contentType: 'application/xml' }),
        '/siri-sx.xml': () => ({ body: demoSiriSx(this.engine, Date.now()), contentType: 'application/xml' }),
        '/line-status.json': () => ({ body: demoLineStatus(Date.now()), contentType: 'application/json' }),
      });
    }
    if (simVehicles) {
      siriVm = { url: `${this.demo!.url}/siri-vm`, ...SIMULATED_VEHICLES };
      this.log(`live: simulated SIRI-VM feed of the demo timetable at ${siriVm.url} (vehicles are simulated, not real)`);
    }
    if (simDisruptions) {
      siriSx = { url: `${this.demo!.url}/siri-sx.xml`, ...SIMULATED_DISRUPTIONS };
      lineStatus = { url: `${this.demo!.url}/line-status.json`, ...SIMULATED_DISRUPTIONS };
      this.log(`disruptions: simulated SIRI-SX and line status served at ${this.demo!.url}`);
    }
    const parsers: [string, FeedConfig | null, (bytes: Uint8Array) => unknown][] = [
      ['siri_vm', siriVm, parseSiriVm],
      ['gtfs_rt', config.gtfsRt, parseGtfsRt],
      ['siri_sx', siriSx, parseSiriSx],
      ['line_status', lineStatus, parseLineStatus],
    ];
    for (const [name, feed, parse] of parsers) if (feed) this.add(name, feed, parse);
    // The demo's boards show disruptions from the first request on.
    if (simDisruptions) await Promise.all(['siri_sx', 'line_status'].map((n) => this.feeds.get(n)!.poller.pollNow()));
    for (const f of this.feeds.values()) f.poller.start();
  }

  private add(name: string, feed: FeedConfig, parse: (bytes: Uint8Array) => unknown): void {
    let fresh = false;
    const entry: FeedEntry = {
      value: undefined,
      fetchedAtMs: 0,
      shared: null,
      poller: new FeedPoller<unknown>({
        name,
        url: feed.url,
        headers: feed.headers,
        intervalMs: feed.intervalMs,
        timeoutMs: feed.timeoutMs,
        log: this.log,
        parse: (bytes) => parse(bytes),
        onData: (value, fetchedAtMs) => {
          Object.assign(entry, { value, fetchedAtMs, shared: null });
          fresh = true;
          for (const s of this.subscribers.get(name) ?? []) this.deliver(s, name, value, fetchedAtMs);
        },
        onStatus: () => {
          if (this.targets.size) {
            const msg = this.message(name, entry, fresh);
            for (const send of this.targets) send(msg);
          }
          fresh = false;
        },
      }),
    };
    this.feeds.set(name, entry);
  }

  /** A feed's status for the workers, with its document (serialised once) when `withData`. */
  private message(name: string, feed: FeedEntry, withData: boolean): FeedMessage {
    if (withData && feed.value !== undefined && !feed.shared) {
      const bytes = v8.serialize(feed.value);
      feed.shared = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(feed.shared).set(bytes);
    }
    const data = withData ? feed.shared : null;
    return { type: 'feed', name, status: feed.poller.status, data, fetchedAtMs: data ? feed.fetchedAtMs : 0 };
  }

  /** A consumer that fails to apply a document keeps its previous overlay; the process lives on. */
  private deliver(s: FeedSubscriber, name: string, value: unknown, fetchedAtMs: number): void {
    try {
      s(value, fetchedAtMs);
    } catch (err) {
      this.log(`feed ${name}: could not apply the document: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
