import v8 from 'node:v8';
import { initialStatus, type FeedPollerOptions, type FeedStatus } from './feed-poller.js';
import type { FeedSource, FeedSources } from './feed-source.js';

/**
 * Main thread (FeedHub) -> workers: one feed's status after a poll, with the parsed document when the poll
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

/** Receives one feed's documents (parsed), with when each was fetched (epoch ms). */
export type FeedSubscriber = (value: unknown, fetchedAtMs: number) => void;

/**
 * Where a thread's overlays get feeds they do not poll themselves: the main thread's FeedHub (in
 * the same thread) or a worker's FeedRelay (documents sent by the hub).
 */
export interface FeedChannel {
  /** The feed's current status as its poller reports it; undefined before any news. */
  status(name: string): FeedStatus | undefined;
  /** Delivers the latest document at once (if any), then each new one; returns the unsubscribe. */
  subscribe(name: string, s: FeedSubscriber): () => void;
}

/**
 * A worker thread's side: receives the main thread's FeedMessages and hands each new document
 * (deserialised once per message) to the feed sets subscribed to it; a set started later (a
 * snapshot reload) gets the latest document at once. Statuses read are the main thread's.
 */
export class FeedRelay implements FeedChannel {
  private readonly latest = new Map<string, FeedMessage>();
  private readonly subscribers = new Map<string, Set<FeedSubscriber>>();

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

  subscribe(name: string, s: FeedSubscriber): () => void {
    let subs = this.subscribers.get(name);
    if (!subs) this.subscribers.set(name, (subs = new Set()));
    subs.add(s);
    const last = this.latest.get(name);
    if (last?.data) this.deliver(s, name, v8.deserialize(Buffer.from(last.data)), last.fetchedAtMs);
    return () => subs.delete(s);
  }

  /** A set that fails to apply a document keeps its previous overlay; the worker lives on. */
  private deliver(s: FeedSubscriber, name: string, value: unknown, fetchedAtMs: number): void {
    try {
      s(value, fetchedAtMs);
    } catch (err) {
      this.log(`feed ${name}: could not apply the relayed document: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** One feed of an overlay set that does not poll: the status and documents of a FeedChannel. */
export class RelayedFeed<T> implements FeedSource {
  private unsubscribe: (() => void) | null = null;
  private readonly initial: FeedStatus;

  constructor(
    private readonly relay: FeedChannel,
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

  /** The channel's poller polls; nothing to do here. */
  async pollNow(): Promise<boolean> {
    return false;
  }
}
