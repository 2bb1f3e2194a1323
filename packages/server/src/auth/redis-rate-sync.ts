import { Redis } from 'ioredis';
import { packCell, unpackCell, type SharedRateLimiter } from './shared-rate-limiter.js';

/** Options of RedisRateSync. */
export interface RedisRateSyncOptions {
  /** e.g. `redis://127.0.0.1:6379/0`. */
  url: string;
  limiter: SharedRateLimiter;
  /** How often this process's counts are pushed and the others' read. Default 100 ms. */
  intervalMs?: number;
  log?: (line: string) => void;
  /** Key prefix in Redis. Default `transit:rl:`. */
  prefix?: string;
}

/**
 * Shares per-key, per-minute counts between replicas through Redis without putting Redis on the
 * request path (handlers stay synchronous): requests count in shared memory; every interval the
 * counts added since the last push are sent with INCRBY to `prefix + keyId + ':' + minute` (which
 * expires after two minutes), and each reply, the replicas' total, minus this process's own count
 * becomes the "others" count the limiter adds. Over-admission is bounded by what the other
 * replicas admit within one interval. If Redis is unreachable, each replica limits on its own
 * counts until it is back (logged once per outage).
 */
export class RedisRateSync {
  private readonly redis: Redis;
  private limiter: SharedRateLimiter;
  private pushed: { window: number; count: number }[];
  private slotKeys: string[];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(private readonly options: RedisRateSyncOptions) {
    this.redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    this.redis.on('error', () => undefined); // reported by sync() once per outage
    this.limiter = options.limiter;
    this.pushed = Array.from({ length: options.limiter.keyCount }, () => ({ window: -1, count: 0 }));
    this.slotKeys = [];
    for (const [keyId, slot] of options.limiter.slots) this.slotKeys[slot] = keyId;
  }

  /** Syncs `limiter` from now on (a keys reload, see SharedRateLimiter.forKeys); what was pushed per key is kept. */
  setLimiter(limiter: SharedRateLimiter): void {
    const pushedById = new Map<string, { window: number; count: number }>();
    this.slotKeys.forEach((id, slot) => pushedById.set(id, this.pushed[slot]));
    this.limiter = limiter;
    this.slotKeys = [];
    for (const [keyId, slot] of limiter.slots) this.slotKeys[slot] = keyId;
    this.pushed = Array.from({ length: limiter.keyCount }, (_, slot) => (this.slotKeys[slot] !== undefined ? pushedById.get(this.slotKeys[slot]) : undefined) ?? { window: -1, count: 0 });
  }

  /** Connects and starts syncing; rejects when Redis cannot be reached at start. */
  async start(): Promise<void> {
    await this.redis.connect();
    const tick = () => {
      this.timer = setTimeout(() => void this.syncNow().finally(tick), this.options.intervalMs ?? 100);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.redis.disconnect();
  }

  /** One exchange with Redis now (joins one in flight). */
  syncNow(): Promise<void> {
    return (this.running ??= this.sync().finally(() => (this.running = null)));
  }

  private async sync(): Promise<void> {
    const limiter = this.limiter;
    const prefix = this.options.prefix ?? 'transit:rl:';
    const window = Math.floor(Date.now() / 60_000);
    const pipeline = this.redis.pipeline();
    const sent: { id: string; window: number; count: number }[] = [];
    for (let slot = 0; slot < limiter.keyCount; slot++) {
      const mine = unpackCell(Atomics.load(limiter.cells, slot));
      if (mine.window !== window || mine.count === 0 || this.slotKeys[slot] === undefined) continue; // idle this minute, or no key's slot: nothing to share
      const last = this.pushed[slot];
      const delta = mine.count - (last.window === window ? last.count : 0);
      const key = `${prefix}${this.slotKeys[slot]}:${window}`;
      pipeline.incrby(key, delta).expire(key, 120);
      sent.push({ id: this.slotKeys[slot], window, count: mine.count });
    }
    if (sent.length === 0) return;
    try {
      const replies = (await pipeline.exec()) ?? [];
      // By key id: the keys may have been reloaded (new slots, a new buffer) during the exchange.
      const current = this.limiter;
      sent.forEach((s, i) => {
        const [err, total] = replies[2 * i] ?? [new Error('no reply'), 0];
        if (err) throw err;
        const slot = current.slots.get(s.id);
        if (slot === undefined) return;
        this.pushed[slot] = { window: s.window, count: s.count };
        Atomics.store(current.cells, current.keyCount + slot, packCell(s.window, Math.max(0, Number(total) - s.count)));
      });
      if (this.failing) this.options.log?.('rate limits: Redis reachable again; counts shared across replicas');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.options.log?.(`rate limits: Redis unreachable (${(err as Error).message}); limiting on this replica's counts until it is back`);
      this.failing = true;
    }
  }
}
