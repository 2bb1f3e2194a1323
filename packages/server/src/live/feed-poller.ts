import { conditionalHeaders, describeNetworkError, redactUrl, validatorsOf, type Validators } from '@transit/feeds';

/** What a poller reports about its feed (times are epoch ms, null before the first event). */
export interface FeedStatus {
  /** Feed name, e.g. `siri_vm`. */
  name: string;
  /** The URL polled, with API keys redacted. */
  url: string;
  lastAttemptAt: number | null;
  /** Last poll that ended well (new data or 304 Not Modified). */
  lastSuccessAt: number | null;
  /** Last poll that delivered new data (applied through `onData`). */
  lastChangeAt: number | null;
  /** Why the last poll failed; null when it succeeded. */
  lastError: string | null;
  consecutiveFailures: number;
  /** When the next poll is due; null when stopped. */
  nextAttemptAt: number | null;
}

/** Options of a FeedPoller. */
export interface FeedPollerOptions<T> {
  name: string;
  url: string;
  /** Extra request headers (Accept, keys sent as headers). */
  headers?: Record<string, string>;
  /** Time between polls when all is well. */
  intervalMs: number;
  /** A poll that has not completed (headers and body) by then fails. */
  timeoutMs: number;
  /** Cap of the exponential backoff after failures. Default 5 minutes. */
  maxBackoffMs?: number;
  /** Largest body accepted, in bytes. Default 256 MiB. */
  maxBytes?: number;
  /** Turns a body into data; throwing makes the poll a failure with the error's message. */
  parse(bytes: Uint8Array, fetchedAtMs: number): T;
  /** Applies parsed data; called once per new document. */
  onData(value: T, fetchedAtMs: number): void;
  /**
   * Called with the status after each poll settles and again once the next poll is scheduled
   * (so `nextAttemptAt` is current); the main thread relays it to the serving workers.
   */
  onStatus?(status: FeedStatus): void;
  /** Where failures are logged (one line each); default nowhere. */
  log?: (line: string) => void;
  /** Clock, for tests. Default Date.now. */
  now?: () => number;
}

const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Polls one feed URL on an interval: a timeout per poll, conditional requests (ETag and
 * Last-Modified; a 304 is a success without new data), exponential backoff from the interval up
 * to `maxBackoffMs` after failures, and a status anyone can read. Never rejects: every failure
 * ends in `status.lastError`.
 */
export class FeedPoller<T> {
  private readonly state: FeedStatus;
  /** The last document's ETag and Last-Modified, sent back as If-None-Match / If-Modified-Since. */
  private validators: Validators | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private stopped = true;
  private readonly now: () => number;

  constructor(private readonly options: FeedPollerOptions<T>) {
    this.now = options.now ?? Date.now;
    this.state = initialStatus(options.name, options.url);
  }

  /** A copy of the current status. */
  get status(): FeedStatus {
    return { ...this.state };
  }

  /** Polls now, then on the interval (or the backoff after failures) until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a poll in flight to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.state.nextAttemptAt = null;
    await this.running;
  }

  /** One poll now (joins one already in flight). Resolves true when new data was applied. */
  pollNow(): Promise<boolean> {
    return (this.running ??= this.poll().finally(() => (this.running = null)));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.state.nextAttemptAt = this.now() + delayMs;
    this.options.onStatus?.(this.status);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pollNow().then(() => this.schedule(this.nextDelay()));
    }, delayMs);
    this.timer.unref?.();
  }

  /** The interval, doubled per consecutive failure up to the cap. */
  private nextDelay(): number {
    const { intervalMs, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS } = this.options;
    const failures = this.state.consecutiveFailures;
    if (failures === 0) return intervalMs;
    return Math.min(Math.max(intervalMs, maxBackoffMs), intervalMs * 2 ** Math.min(failures, 20));
  }

  private async poll(): Promise<boolean> {
    const started = this.now();
    this.state.lastAttemptAt = started;
    try {
      const changed = await this.fetchAndApply(started);
      this.state.lastSuccessAt = this.now();
      this.state.lastError = null;
      this.state.consecutiveFailures = 0;
      if (changed) this.state.lastChangeAt = this.state.lastSuccessAt;
      this.options.onStatus?.(this.status);
      return changed;
    } catch (err) {
      this.state.consecutiveFailures++;
      this.state.lastError = describeError(err, this.options.timeoutMs);
      this.options.log?.(`feed ${this.options.name}: ${this.state.lastError} (failure ${this.state.consecutiveFailures} in a row)`);
      this.options.onStatus?.(this.status);
      return false;
    }
  }

  private async fetchAndApply(started: number): Promise<boolean> {
    const o = this.options;
    const headers: Record<string, string> = { ...o.headers, ...conditionalHeaders(this.validators) };
    // One timeout over headers and body: a server that trickles its body cannot hold a poll forever.
    const res = await fetch(o.url, { headers, signal: AbortSignal.timeout(o.timeoutMs), redirect: 'follow' });
    if (res.status === 304) {
      await res.body?.cancel();
      return false;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}${res.statusText ? ' ' + res.statusText : ''}`);
    }
    const bytes = await readBody(res, o.maxBytes ?? DEFAULT_MAX_BYTES);
    const value = o.parse(bytes, started);
    o.onData(value, started);
    this.validators = validatorsOf(res.headers);
    return true;
  }
}

async function readBody(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) throw new Error(`response of ${declared} bytes is over the ${maxBytes}-byte limit`);
  const buf = new Uint8Array(await res.arrayBuffer());
  if (buf.byteLength > maxBytes) throw new Error(`response of ${buf.byteLength} bytes is over the ${maxBytes}-byte limit`);
  return buf;
}

/** A one-line reason for a failed poll. */
function describeError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `no complete response within ${timeoutMs} ms`;
  return describeNetworkError(err).message;
}

/** A feed's status before its first poll (`url` is redacted here). */
export function initialStatus(name: string, url: string): FeedStatus {
  return { name, url: redactUrl(url), lastAttemptAt: null, lastSuccessAt: null, lastChangeAt: null, lastError: null, consecutiveFailures: 0, nextAttemptAt: null };
}
