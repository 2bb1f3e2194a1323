import type { LiveState } from '../live/live-state.js';
import type { FeedStatus } from '../live/feed-poller.js';

const FEEDS = ['siri_vm', 'gtfs_rt', 'siri_sx', 'line_status'] as const;
const FEED_FIELDS = ['configured', 'up', 'consecutive_failures', 'last_success', 'last_attempt'] as const;
const METHODS = ['journey_code', 'origin_time', 'position'] as const;
const REASONS = ['stale', 'unknown_line', 'no_running_trip', 'off_route', 'duplicate'] as const;
/** Cells per serving thread: per feed its fields, then vehicles matched by method and unmatched by reason, then disruption records. */
const CELLS = FEEDS.length * FEED_FIELDS.length + METHODS.length + REASONS.length + 1;

/**
 * Live-feed health and match counts per serving thread, in shared memory: each thread writes its
 * own slot (one writer per slot) from the feeds it serves (with worker threads, the statuses of
 * the main thread's pollers, relayed, and the thread's own matching counts), and the metrics
 * listener renders all slots in the Prometheus text format.
 */
export class LiveMetrics {
  private readonly cells: Float64Array;

  constructor(
    /** From `LiveMetrics.allocate(threads)`. */
    readonly buffer: SharedArrayBuffer,
  ) {
    this.cells = new Float64Array(buffer);
  }

  static allocate(threads: number): SharedArrayBuffer {
    return new SharedArrayBuffer(8 * CELLS * Math.max(1, threads));
  }

  get threads(): number {
    return this.cells.length / CELLS;
  }

  /** Copies `live`'s current feed statuses and match counts into thread `thread`'s slot. */
  record(thread: number, live: LiveState): void {
    const base = thread * CELLS;
    const statuses = new Map<string, FeedStatus>();
    for (const s of live.vehicles?.statuses() ?? []) statuses.set(s.name, s);
    const sources = live.disruptions?.sources();
    FEEDS.forEach((feed, f) => {
      const at = base + f * FEED_FIELDS.length;
      const s = statuses.get(feed);
      const d = feed === 'siri_sx' || feed === 'line_status' ? sources?.[feed] : undefined;
      const configured = s !== undefined || (d?.configured ?? false);
      const failed = s ? s.lastError !== null : (d?.failed ?? false);
      const failures = s ? s.consecutiveFailures : (d?.consecutiveFailures ?? 0);
      const success = s ? s.lastSuccessAt : (d?.lastRetrievedAt ?? null);
      const attempt = s ? s.lastAttemptAt : (d?.lastAttemptAt ?? null);
      this.cells[at] = configured ? 1 : 0;
      this.cells[at + 1] = configured && attempt !== null && !failed ? 1 : 0;
      this.cells[at + 2] = failures;
      this.cells[at + 3] = success === null ? 0 : success / 1000;
      this.cells[at + 4] = attempt === null ? 0 : attempt / 1000;
    });
    const stats = live.vehicles?.lastStats;
    let at = base + FEEDS.length * FEED_FIELDS.length;
    for (const m of METHODS) this.cells[at++] = stats?.matched[m] ?? 0;
    for (const r of REASONS) this.cells[at++] = stats?.unmatched[r] ?? 0;
    this.cells[at] = (sources?.siri_sx.recordCount ?? 0) + (sources?.line_status.recordCount ?? 0);
  }

  /** All threads' slots in the Prometheus text format. */
  render(): string {
    const out: string[] = [];
    const gauge = (name: string, help: string, rows: [string, number][]) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...rows.map(([labels, v]) => `${name}{${labels}} ${v}`));
    };
    // Rows of one feed field for every configured feed of every thread.
    const perFeed = (field: number): [string, number][] => {
      const rows: [string, number][] = [];
      for (let t = 0; t < this.threads; t++) {
        FEEDS.forEach((feed, f) => {
          const at = t * CELLS + f * FEED_FIELDS.length;
          if (this.cells[at] === 1) rows.push([`feed="${feed}",thread="${t}"`, this.cells[at + field]]);
        });
      }
      return rows;
    };
    gauge('transit_feed_up', 'Whether the feed\'s last poll succeeded (configured feeds only).', perFeed(1));
    gauge('transit_feed_consecutive_failures', 'Polls failed in a row.', perFeed(2));
    gauge('transit_feed_last_success_timestamp_seconds', 'When the feed last answered well (0: never).', perFeed(3));
    gauge('transit_feed_last_attempt_timestamp_seconds', 'When the feed was last polled (0: never).', perFeed(4));
    const matchBase = FEEDS.length * FEED_FIELDS.length;
    gauge('transit_live_vehicles_matched', 'Vehicles matched to a journey in the last matching run, by method.', Array.from({ length: this.threads }, (_, t) => METHODS.map((m, i): [string, number] => [`method="${m}",thread="${t}"`, this.cells[t * CELLS + matchBase + i]])).flat());
    gauge('transit_live_vehicles_unmatched', 'Vehicle records matched to no journey in the last matching run, by reason.', Array.from({ length: this.threads }, (_, t) => REASONS.map((r, i): [string, number] => [`reason="${r}",thread="${t}"`, this.cells[t * CELLS + matchBase + METHODS.length + i]])).flat());
    gauge('transit_disruption_records', 'Disruption records served.', Array.from({ length: this.threads }, (_, t): [string, number] => [`thread="${t}"`, this.cells[t * CELLS + CELLS - 1]]));
    return out.join('\n') + '\n';
  }
}
