import type { RateDecision, RateLimiter } from './rate-limiter.js';

const WINDOW_MS = 60_000;
const COUNT_BITS = 32n;
const COUNT_MASK = (1n << COUNT_BITS) - 1n;

/** A cell's (window, count): the minute window in the high 32 bits, the count in the low 32. */
export function unpackCell(cell: bigint): { window: number; count: number } {
  return { window: Number(cell >> COUNT_BITS), count: Number(cell & COUNT_MASK) };
}

export function packCell(window: number, count: number): bigint {
  return (BigInt(window) << COUNT_BITS) | BigInt(count);
}

/**
 * Rate-limit counters in shared memory, so every worker thread of one process counts against the
 * same per-key budget. Per key two 64-bit cells: this process's count in the current minute
 * (updated with a compare-and-swap loop: exact under contention, no locks) and the count other
 * replicas reported for that minute (written by RedisRateSync when several replicas share
 * Redis; zero otherwise). A key's slot is fixed for the buffer's life and the same in every
 * worker; a keys reload keeps the slots of unchanged keys (so their counts) and gives new keys
 * unused slots (forKeys).
 */
export class SharedRateLimiter implements RateLimiter {
  /** [slot] this process's (window, count); [keyCount + slot] the other replicas' (window, count). */
  readonly cells: BigInt64Array;
  /** Slots in the buffer (its capacity in keys). */
  readonly keyCount: number;
  /** Slots handed out so far (slots of removed keys are not reused, so no count carries over). */
  readonly usedSlots: number;

  constructor(
    /** From `SharedRateLimiter.allocate(keyCount)`, shared with the other workers. */
    readonly buffer: SharedArrayBuffer,
    /** Key id -> slot. */
    readonly slots: ReadonlyMap<string, number>,
    usedSlots?: number,
  ) {
    this.cells = new BigInt64Array(buffer);
    this.keyCount = this.cells.length / 2;
    this.usedSlots = usedSlots ?? Math.max(0, ...slots.values()) + (slots.size ? 1 : 0);
  }

  /** Shared memory for `keyCount` keys. */
  static allocate(keyCount: number): SharedArrayBuffer {
    return new SharedArrayBuffer(16 * Math.max(1, keyCount));
  }

  /**
   * Counters for `keyIds`: with `previous`, its buffer and the slots of the keys still present
   * (their counts go on), new keys in unused slots; when these run out, a new buffer with the kept
   * keys' counts copied (requests counted on the old buffer during the switch may be missed).
   * Room is left for as many keys again (at least 64), so reloads rarely need a new buffer.
   */
  static forKeys(keyIds: readonly string[], previous?: SharedRateLimiter): SharedRateLimiter {
    const ids = [...new Set(keyIds)];
    if (previous) {
      const slots = new Map<string, number>();
      let used = previous.usedSlots;
      for (const id of ids) slots.set(id, previous.slots.get(id) ?? used++);
      if (used <= previous.keyCount) return new SharedRateLimiter(previous.buffer, slots, used);
    }
    const next = new SharedRateLimiter(SharedRateLimiter.allocate(Math.max(64, 2 * ids.length)), new Map(ids.map((id, i) => [id, i])), ids.length);
    ids.forEach((id, slot) => {
      const old = previous?.slots.get(id);
      if (old === undefined) return;
      Atomics.store(next.cells, slot, Atomics.load(previous!.cells, old));
      Atomics.store(next.cells, next.keyCount + slot, Atomics.load(previous!.cells, previous!.keyCount + old));
    });
    return next;
  }

  take(keyId: string, perMinute: number, nowMs: number): RateDecision {
    const slot = this.slots.get(keyId);
    if (slot === undefined) throw new Error(`no rate-limit slot for key ${keyId}`);
    const window = Math.floor(nowMs / WINDOW_MS);
    const remote = unpackCell(Atomics.load(this.cells, this.keyCount + slot));
    const others = remote.window === window ? remote.count : 0;
    let used = 0;
    let allowed = false;
    for (;;) {
      const cell = Atomics.load(this.cells, slot);
      const mine = unpackCell(cell);
      used = (mine.window === window ? mine.count : 0) + 1;
      allowed = used + others <= perMinute;
      if (!allowed) break; // refused requests are not counted
      if (Atomics.compareExchange(this.cells, slot, cell, packCell(window, used)) === cell) break;
    }
    const resetAtS = (window + 1) * (WINDOW_MS / 1000);
    const resetS = Math.max(1, Math.ceil(resetAtS - nowMs / 1000));
    return { allowed, limit: perMinute, remaining: allowed ? perMinute - used - others : 0, resetS, resetAtS };
  }
}
