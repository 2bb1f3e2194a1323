import v8 from 'node:v8';
import { FeedPoller, initialStatus, type FeedPollerOptions, type FeedStatus } from './feed-poller.js';
import type { FeedSource, FeedSources } from './feed-source.js';

/**
 * Main thread -> workers: one feed's status after a poll, with the parsed document when the poll
 * delivered a new one (`v8.serialize`d once into shared memory, so N workers cost no N copies).
 */
export interface FeedMessage {
  type: 'feed';
  name: string;
  status: FeedStatus;
  data: SharedArrayBuffer | null;
  /** When the document in `data` was fetched, epoch ms (0 without data). */
  fetchedAtMs: number;
}

/** A message's status with the previous message's data when it carries none (the state a late subscriber needs). */
function merge(prev: FeedMessage | undefined, msg: FeedMessage): FeedMessage {
  return msg.data || !prev ? msg : { ...msg, data: prev.data, fetchedAtMs: prev.fetchedAtMs };
}

/**
 * The main thread's side when worker threads serve: every feed is polled and parsed once, here,
 * and each poll's status and new data are sent to every attached worker. Keeps the latest state
 * of each feed for workers attached later.
 */
export class FeedBroadcaster {
  private readonly latest = new Map<string, FeedMessage>();
  private readonly targets = new Set<(msg: FeedMessage) => void>();

  /** Pollers that publish instead of applying (startLiveServices over these builds no overlay). */
  readonly sources: FeedSources = { local: true, feed: (options) => this.poller(options) };

  /** Sends the latest state of every feed to `send` now, then every update. */
  attach(send: (msg: FeedMessage) => void): void {
    for (const msg of this.latest.values()) send(msg);
    this.targets.add(send);
  }

  private poller<T>(options: FeedPollerOptions<T>): FeedPoller<T> {
    let pending: SharedArrayBuffer | null = null;
    let pendingAt = 0;
    return new FeedPoller<T>({
      ...options,
      onData: (value, fetchedAtMs) => {
        const bytes = v8.serialize(value);
        pending = new SharedArrayBuffer(bytes.byteLength);
        new Uint8Array(pending).set(bytes);
        pendingAt = fetchedAtMs;
      },
      onStatus: (status) => {
        const msg: FeedMessage = { type: 'feed', name: options.name, status, data: pending, fetchedAtMs: pending ? pendingAt : 0 };
        pending = null;
        this.latest.set(msg.name, merge(this.latest.get(msg.name), msg));
        for (const send of this.targets) send(msg);
      },
    });
  }
}

type Subscriber = (value: unknown, fetchedAtMs: number) => void;

/**
 * A worker thread's side: receives the main thread's FeedMessages and hands each new document
 * (deserialised once per message) to the feed sets subscribed to it; a set started later (a
 * snapshot reload) gets the latest document at once. Statuses read are the main thread's.
 */
export class FeedRelay {
  private readonly latest = new Map<string, FeedMessage>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();

  constructor(private readonly log: (line: string) => void) {}

  readonly sources: FeedSources = { local: false, feed: (options) => new RelayedFeed(this, options) };

  receive(msg: FeedMessage): void {
    this.latest.set(msg.name, merge(this.latest.get(msg.name), msg));
    const subs = this.subscribers.get(msg.name);
    if (!msg.data || !subs?.size) return;
    const value = v8.deserialize(Buffer.from(msg.data));
    for (const s of subs) this.deliver(s, msg.name, value, msg.fetchedAtMs);
  }

  status(name: string): FeedStatus | undefined {
    return this.latest.get(name)?.status;
  }

  subscribe(name: string, s: Subscriber): () => void {
    let subs = this.subscribers.get(name);
    if (!subs) this.subscribers.set(name, (subs = new Set()));
    subs.add(s);
    const last = this.latest.get(name);
    if (last?.data) this.deliver(s, name, v8.deserialize(Buffer.from(last.data)), last.fetchedAtMs);
    return () => subs.delete(s);
  }

  /** A set that fails to apply a document keeps its previous overlay; the worker lives on. */
  private deliver(s: Subscriber, name: string, value: unknown, fetchedAtMs: number): void {
    try {
      s(value, fetchedAtMs);
    } catch (err) {
      this.log(`feed ${name}: could not apply the relayed document: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** One feed of a worker's set: the main thread's status and documents. */
class RelayedFeed<T> implements FeedSource {
  private unsubscribe: (() => void) | null = null;
  private readonly initial: FeedStatus;

  constructor(
    private readonly relay: FeedRelay,
    private readonly options: FeedPollerOptions<T>,
  ) {
    this.initial = initialStatus(options.name, options.url);
  }

  get status(): FeedStatus {
    return { ...(this.relay.status(this.options.name) ?? this.initial) };
  }

  start(): void {
    this.unsubscribe ??= this.relay.subscribe(this.options.name, (value, at) => this.options.onData(value as T, at));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The main thread polls; a worker has nothing to do now. */
  async pollNow(): Promise<boolean> {
    return false;
  }
}
