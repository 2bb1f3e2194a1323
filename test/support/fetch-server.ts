import http from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FetchIo } from '@transit/cli';
export { runTransit } from './cli-process.js';

/** One request the server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  status: number;
}

/** A local HTTP server of real files, standing in for the official hosts in `transit fetch` tests. */
export interface FileServer {
  url: string;
  requests: SeenRequest[];
  /** Requests for `path` (query string ignored). */
  seen(path: string): SeenRequest[];
  /** The next `times` GETs of `path` send headers and half the body, then drop the connection. */
  dropNext(path: string, times?: number): void;
  /** The next GET of `path` sends headers and half the body, then stalls (the connection stays open). */
  stallNext(path: string): void;
  /** Serves `file` at `path` from now on (a new ETag and Last-Modified). */
  serve(path: string, file: string): void;
  close(): Promise<void>;
}

interface Entry {
  bytes: Buffer;
  etag: string;
  lastModified: string;
}

const entry = (file: string): Entry => {
  const bytes = readFileSync(file);
  const etag = `"${createHash('sha1').update(bytes).digest('hex').slice(0, 20)}"`;
  return { bytes, etag, lastModified: statSync(file).mtime.toUTCString() };
};

/**
 * Serves `files` (URL path -> file on disk) on 127.0.0.1 at a random port, like a static file
 * host: ETag and Last-Modified, If-None-Match -> 304, `Range: bytes=N-` -> 206 unless If-Range
 * no longer matches (then 200), 404 for anything else. Every request is recorded.
 */
export async function startFileServer(files: Record<string, string>): Promise<FileServer> {
  const table = new Map(Object.entries(files).map(([p, f]) => [p, entry(f)]));
  const drops = new Map<string, number>();
  const stalls = new Set<string>();
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const seen: SeenRequest = { method: req.method ?? '', path: u.pathname, query: u.searchParams, headers: req.headers, status: 0 };
    requests.push(seen);
    const send = (status: number, headers: Record<string, string | number> = {}, body?: Buffer) => {
      seen.status = status;
      res.writeHead(status, headers);
      res.end(body);
    };
    const e = table.get(u.pathname);
    if (!e) return send(404, { 'content-type': 'text/plain' }, Buffer.from('not found\n'));
    const validators = { etag: e.etag, 'last-modified': e.lastModified, 'accept-ranges': 'bytes' };
    if (req.headers['if-none-match'] === e.etag) return send(304, validators);
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    if (range && (!ifRange || ifRange === e.etag || ifRange === e.lastModified)) {
      start = Number(range[1]);
      if (start >= e.bytes.length) return send(416, { 'content-range': `bytes */${e.bytes.length}` });
    }
    const body = e.bytes.subarray(start);
    const headers = { ...validators, 'content-length': body.length, 'content-type': 'application/octet-stream', ...(start > 0 && { 'content-range': `bytes ${start}-${e.bytes.length - 1}/${e.bytes.length}` }) };
    if (stalls.delete(u.pathname)) {
      seen.status = start > 0 ? 206 : 200;
      res.writeHead(seen.status, headers);
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      return;
    }
    const drop = drops.get(u.pathname) ?? 0;
    if (drop > 0 && req.method === 'GET') {
      drops.set(u.pathname, drop - 1);
      seen.status = start > 0 ? 206 : 200;
      res.writeHead(seen.status, headers);
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    send(start > 0 ? 206 : 200, headers, req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seen: (p) => requests.filter((r) => r.path === p),
    dropNext: (p, times = 1) => void drops.set(p, times),
    stallNext: (p) => void stalls.add(p),
    serve: (p, f) => void table.set(p, entry(f)),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A port on 127.0.0.1 that nothing listens on (connection refused). */
export async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A FetchIo capturing output (not a terminal: progress prints plain lines), for in-process `runFetchCli`. */
export function captureIo(env: Record<string, string> = {}): FetchIo & { stdout: string; stderr: string } {
  const io = { stdout: '', stderr: '', env, stderrIsTTY: false, out: (t: string) => void (io.stdout += t), err: (t: string) => void (io.stderr += t) };
  return io;
}

/** SHA-256 of a file, hex. */
export const sha256File = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** What the tests serve for `transit fetch south_yorkshire` (real files of ../shared/data, by source name). */
export function southYorkshireFiles(data: (...parts: string[]) => string): Record<string, { path: string; file: string }> {
  return {
    gtfs: { path: '/bods/gtfs-file/yorkshire.zip', file: data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip') },
    naptan: { path: '/naptan/access-nodes/370.csv', file: data('naptan/370Stops.csv') },
    postcodes_s: { path: '/postcodes/S.csv', file: data('postcodes/S.csv') },
    postcodes_dn: { path: '/postcodes/DN.csv', file: data('postcodes/DN.csv') },
    rail_stations: { path: '/rail/stations.csv', file: data('rail_stations/uk_railway_stations.csv') },
    // The mirror layout: --osm-mirror URL serves the South Yorkshire extract's path (a real Newport PBF).
    osm_south_yorkshire: { path: '/europe/united-kingdom/england/south-yorkshire-latest.osm.pbf', file: data('osm/newport_wales_2023-06-13.osm.pbf') },
  };
}

/** `--source NAME=URL` for every source of `files` but OSM (which comes through `--osm-mirror`), and no NPTG (none in shared/data). */
export function overrideArgs(url: string, files: Record<string, { path: string }>): string[] {
  const args = Object.entries(files)
    .filter(([name]) => !name.startsWith('osm_'))
    .flatMap(([name, f]) => ['--source', `${name}=${url}${f.path}`]);
  return [...args, '--source', 'nptg=off', '--osm-mirror', url];
}
