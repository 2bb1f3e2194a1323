import type { RateDecision, RateLimiter } from '../limits/rate-limiter.js';

const WINDOW_MS = 60_000;
const COUNT_BITS = 32n;
const COUNT_MASK = (1n << COUNT_BITS) - 1n;

/**
 * Rate-limit counters in shared memory, so every worker thread of one process counts against the
 * same per-key budget. One 64-bit cell per key (the minute window in the high 32 bits, the count
 * in the low 32), updated with a compare-and-swap loop: exact under contention, no locks.
 * Keys are known at start (their slot is their index in the key list, the same in every worker).
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly cells: BigInt64Array;

  constructor(
    /** From `SharedRateLimiter.allocate(keyCount)`, shared with the other workers. */
    readonly buffer: SharedArrayBuffer,
    /** Key id -> slot. */
    private readonly slots: ReadonlyMap<string, number>,
  ) {
    this.cells = new BigInt64Array(buffer);
  }

  /** Shared memory for `keyCount` keys. */
  static allocate(keyCount: number): SharedArrayBuffer {
    return new SharedArrayBuffer(8 * Math.max(1, keyCount));
  }

  take(keyId: string, perMinute: number, nowMs: number): RateDecision {
    const slot = this.slots.get(keyId);
    if (slot === undefined) throw new Error(`no rate-limit slot for key ${keyId}`);
    const window = BigInt(Math.floor(nowMs / WINDOW_MS));
    let used = 0;
    let allowed = false;
    for (;;) {
      const cell = Atomics.load(this.cells, slot);
      const sameWindow = cell >> COUNT_BITS === window;
      used = (sameWindow ? Number(cell & COUNT_MASK) : 0) + 1;
      allowed = used <= perMinute;
      if (!allowed) break; // refused requests are not counted
      const next = (window << COUNT_BITS) | BigInt(used);
      if (Atomics.compareExchange(this.cells, slot, cell, next) === cell) break;
    }
    const resetAtS = (Number(window) + 1) * (WINDOW_MS / 1000);
    const resetS = Math.max(1, Math.ceil(resetAtS - nowMs / 1000));
    return { allowed, limit: perMinute, remaining: allowed ? perMinute - used : 0, resetS, resetAtS };
  }
}
