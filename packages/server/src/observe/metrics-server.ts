import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running metrics listener. */
export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `render()` as Prometheus text at `GET /metrics` on its own port (kept off the API port,
 * so it can stay on a private interface without API keys).
 */
export function startMetricsServer(options: { host: string; port: number; render: () => string }): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    req.resume();
    if ((req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('see /metrics');
    res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }).end(options.render());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** Gauges of the process and its snapshot, in the Prometheus text format. */
export function processGauges(info: { builtAt: string; threads: number; replacements: number; startedAt: number }, nowMs = Date.now()): string {
  const built = Date.parse(info.builtAt) / 1000;
  return [
    '# HELP transit_snapshot_built_timestamp_seconds When the served snapshot was built.',
    '# TYPE transit_snapshot_built_timestamp_seconds gauge',
    `transit_snapshot_built_timestamp_seconds ${built}`,
    '# HELP transit_snapshot_age_seconds Age of the served snapshot.',
    '# TYPE transit_snapshot_age_seconds gauge',
    `transit_snapshot_age_seconds ${Math.max(0, nowMs / 1000 - built).toFixed(0)}`,
    '# HELP transit_worker_threads Serving threads.',
    '# TYPE transit_worker_threads gauge',
    `transit_worker_threads ${info.threads}`,
    '# HELP transit_worker_replacements_total Worker threads replaced after failing outside a request.',
    '# TYPE transit_worker_replacements_total counter',
    `transit_worker_replacements_total ${info.replacements}`,
    '# HELP transit_uptime_seconds Time since the server started.',
    '# TYPE transit_uptime_seconds gauge',
    `transit_uptime_seconds ${((nowMs - info.startedAt) / 1000).toFixed(0)}`,
    '# HELP process_resident_memory_bytes Resident memory of the process (all threads).',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
  ].join('\n') + '\n';
}
