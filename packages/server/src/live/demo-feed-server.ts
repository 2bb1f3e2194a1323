import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A document generated for one request. */
export interface GeneratedDocument {
  body: string | Uint8Array;
  contentType: string;
}

/** A running demo feed server. */
export interface DemoFeedServer {
  /** Base URL; each route is `url + path`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A local HTTP server that generates a fresh document per request for each path in `routes`
 * (the simulated demo feeds), so the demo's live data goes through the same pollers as real
 * feeds. Listens on 127.0.0.1 on an ephemeral port; unknown paths get 404.
 */
export function startDemoFeedServer(routes: Record<string, () => GeneratedDocument>): Promise<DemoFeedServer> {
  const server = http.createServer((req, res) => {
    req.resume();
    const route = routes[(req.url ?? '/').split('?')[0]];
    if (!route) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such demo feed');
    try {
      const doc = route();
      const body = typeof doc.body === 'string' ? Buffer.from(doc.body) : Buffer.from(doc.body);
      res.writeHead(200, { 'Content-Type': doc.contentType, 'Content-Length': body.length, 'Cache-Control': 'no-store' }).end(body);
    } catch (err) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`demo feed failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
