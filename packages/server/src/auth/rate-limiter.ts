/** What the limiter decided for one request. */
export interface RateDecision {
  allowed: boolean;
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in the window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetS: number;
  /** When the window resets, Unix epoch seconds. */
  resetAtS: number;
}

/** Counts requests per key in fixed one-minute windows. */
export interface RateLimiter {
  /** Counts one request of `keyId` against `perMinute` (> 0) at `nowMs`. */
  take(keyId: string, perMinute: number, nowMs: number): RateDecision;
}

const WINDOW_MS = 60_000;

/**
 * In-process counters: fixed windows aligned to the minute (the same windows a shared Redis
 * counter would use, so replicas agree), one small entry per active key; entries of past windows
 * are dropped when a new window starts, so memory is bounded by the keys active in one minute.
 */
export class MemoryRateLimiter implements RateLimiter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  take(keyId: string, perMinute: number, nowMs: number): RateDecision {
    const window = Math.floor(nowMs / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const used = (this.counts.get(keyId) ?? 0) + 1;
    const allowed = used <= perMinute;
    // A refused request is not counted: a client that backs off gets its full quota next window.
    if (allowed) this.counts.set(keyId, used);
    const resetAtS = ((window + 1) * WINDOW_MS) / 1000;
    const resetS = Math.max(1, Math.ceil(resetAtS - nowMs / 1000));
    return { allowed, limit: perMinute, remaining: allowed ? perMinute - used : 0, resetS, resetAtS };
  }
}

/**
 * Rate-limit headers for a decision: the IETF draft's `RateLimit-Policy` and `RateLimit`
 * (`t` = seconds to reset), and the widely parsed `X-RateLimit-Limit/Remaining/Reset`
 * (Reset as Unix epoch seconds, as GitHub and most clients expect).
 */
export function rateLimitHeaders(tier: string, d: RateDecision): [string, string][] {
  return [
    ['RateLimit-Policy', `"${tier}";q=${d.limit};w=60`],
    ['RateLimit', `"${tier}";r=${d.remaining};t=${d.resetS}`],
    ['X-RateLimit-Limit', String(d.limit)],
    ['X-RateLimit-Remaining', String(d.remaining)],
    ['X-RateLimit-Reset', String(d.resetAtS)],
  ];
}
