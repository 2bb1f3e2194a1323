import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fault the replay server plays instead of the next document. */
export type ReplayFault =
  | { kind: 'status'; status: number }
  /** Answers only after `delayMs` (beyond a poller's timeout, it is a timeout). */
  | { kind: 'slow'; delayMs: number }
  /** 200 with bytes that are no feed document. */
  | { kind: 'garbage' }
  /** 200 with the first half of the next document. */
  | { kind: 'truncate' }
  /** 200 with an empty body. */
  | { kind: 'empty' }
  /** The connection is destroyed without an answer. */
  | { kind: 'reset' };

/** Options of startReplayServer. */
export interface ReplayServerOptions {
  /** Recorded documents (file paths or bytes), served one per request in turn. */
  files: readonly (string | Uint8Array)[];
  /** Content-Type of the documents. Default from the first file's extension, else octet-stream. */
  contentType?: string;
  /** After the last document: start again (true, default) or keep serving the last one. */
  loop?: boolean;
  /** Default 127.0.0.1 and an ephemeral port. */
  host?: string;
  port?: number;
}

/** A running replay server. */
export interface ReplayServer {
  /** Base URL; any path serves the feed. */
  url: string;
  /** Requests received so far (faults included). */
  readonly requestCount: number;
  /** Plays `fault` on every request until cleared with null. */
  setFault(fault: ReplayFault | null): void;
  close(): Promise<void>;
}

interface Doc {
  body: Buffer;
  etag: string;
}

/**
 * A real local HTTP server that replays recorded feed documents, one per request, with an ETag
 * per document (a request whose If-None-Match names the document about to be served gets 304),
 * and scripted faults. Tests point the live pollers at it; `transit replay` serves it by hand.
 */
export function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  if (options.files.length === 0) throw new Error('startReplayServer needs at least one document');
  const docs: Doc[] = options.files.map((f) => {
    const body = typeof f === 'string' ? readFileSync(f) : Buffer.from(f);
    return { body, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"` };
  });
  const contentType = options.contentType ?? guessType(options.files[0]);
  const loop = options.loop ?? true;
  let next = 0;
  let requestCount = 0;
  let fault: ReplayFault | null = null;

  const server = http.createServer((req, res) => {
    requestCount++;
    req.resume();
    const doc = docs[next];
    const f = fault;
    if (f) return playFault(f, doc, contentType, res);
    next = loop ? (next + 1) % docs.length : Math.min(next + 1, docs.length - 1);
    if (req.headers['if-none-match'] === doc.etag) {
      res.writeHead(304, { ETag: doc.etag }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': doc.body.length, ETag: doc.etag }).end(doc.body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
        get requestCount() {
          return requestCount;
        },
        setFault: (f) => (fault = f),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function playFault(f: ReplayFault, doc: Doc, contentType: string, res: http.ServerResponse): void {
  switch (f.kind) {
    case 'status':
      res.writeHead(f.status, { 'Content-Type': 'text/plain' }).end(`replayed fault: HTTP ${f.status}`);
      return;
    case 'slow': {
      const timer = setTimeout(() => {
        if (!res.destroyed) res.writeHead(200, { 'Content-Type': contentType }).end(doc.body);
      }, f.delayMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case 'garbage':
      res.writeHead(200, { 'Content-Type': contentType }).end(Buffer.from('\u0000\u00ffnot a feed document <<<{{{', 'latin1'));
      return;
    case 'truncate':
      res.writeHead(200, { 'Content-Type': contentType }).end(doc.body.subarray(0, Math.floor(doc.body.length / 2)));
      return;
    case 'empty':
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': 0 }).end();
      return;
    case 'reset':
      res.socket?.destroy();
      return;
  }
}

function guessType(file: string | Uint8Array | undefined): string {
  if (typeof file !== 'string') return 'application/octet-stream';
  if (/\.xml$/i.test(file)) return 'application/xml';
  if (/\.json$/i.test(file)) return 'application/json';
  return 'application/octet-stream';
}
