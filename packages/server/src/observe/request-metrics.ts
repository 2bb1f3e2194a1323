/** Upper bounds of the latency histogram buckets, in milliseconds (then +Inf). */
export const LATENCY_BUCKETS_MS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1000] as const;
const CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
/** Cells per route: a count per status class, a count per bucket (+Inf last), the sum in microseconds. */
const CELLS = CLASSES.length + LATENCY_BUCKETS_MS.length + 1 + 1;

/**
 * Request counts and latency histograms per route, in shared memory so that every worker thread
 * adds to the same counters (BigInt64 cells updated with Atomics.add) and any thread can render
 * them in the Prometheus text format.
 */
export class RequestMetrics {
  private readonly cells: BigInt64Array;

  constructor(
    /** From `RequestMetrics.allocate(routes.length)`. */
    readonly buffer: SharedArrayBuffer,
    /** Route labels by index (endpoint path templates, and `unmatched`). */
    readonly routes: readonly string[],
  ) {
    this.cells = new BigInt64Array(buffer);
    if (this.cells.length < routes.length * CELLS) throw new Error('metrics buffer too small for the routes');
  }

  static allocate(routeCount: number): SharedArrayBuffer {
    return new SharedArrayBuffer(8 * CELLS * routeCount);
  }

  /** Counts one answered request. Called per request: no allocation. */
  observe(route: number, status: number, ms: number): void {
    const base = route * CELLS;
    const cls = status >= 500 ? 3 : status >= 400 ? 2 : status >= 300 ? 1 : 0;
    Atomics.add(this.cells, base + cls, 1n);
    let b = 0;
    while (b < LATENCY_BUCKETS_MS.length && ms > LATENCY_BUCKETS_MS[b]) b++;
    Atomics.add(this.cells, base + CLASSES.length + b, 1n);
    Atomics.add(this.cells, base + CELLS - 1, BigInt(Math.round(ms * 1000)));
  }

  /** The counters in the Prometheus text exposition format. */
  render(): string {
    const lines = [
      '# HELP transit_http_requests_total Requests answered, by route and status class.',
      '# TYPE transit_http_requests_total counter',
    ];
    const hist = ['# HELP transit_http_request_duration_seconds Time to answer a request inside the server, by route.', '# TYPE transit_http_request_duration_seconds histogram'];
    this.routes.forEach((route, r) => {
      const base = r * CELLS;
      const label = `route="${route.replace(/["\\\n]/g, '_')}"`;
      CLASSES.forEach((cls, i) => lines.push(`transit_http_requests_total{${label},status="${cls}"} ${Atomics.load(this.cells, base + i)}`));
      let cumulative = 0n;
      for (let b = 0; b <= LATENCY_BUCKETS_MS.length; b++) {
        cumulative += Atomics.load(this.cells, base + CLASSES.length + b);
        const le = b < LATENCY_BUCKETS_MS.length ? String(LATENCY_BUCKETS_MS[b] / 1000) : '+Inf';
        hist.push(`transit_http_request_duration_seconds_bucket{${label},le="${le}"} ${cumulative}`);
      }
      hist.push(`transit_http_request_duration_seconds_sum{${label}} ${Number(Atomics.load(this.cells, base + CELLS - 1)) / 1e6}`);
      hist.push(`transit_http_request_duration_seconds_count{${label}} ${cumulative}`);
    });
    return [...lines, ...hist].join('\n') + '\n';
  }
}
