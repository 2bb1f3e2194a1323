import uWS from 'uWebSockets.js';
import type { Engine } from '@transit/engine';
import type { ApiKeys } from './auth/api-keys.js';
import type { Endpoint } from './api/common/endpoint.js';
import { ENDPOINTS } from './api/index.js';
import { Router, type RenderedResponse, type RequestInfo } from './http/router.js';
import type { AccessLogEntry } from './observe/access-log.js';
import type { RequestMetrics } from './observe/request-metrics.js';
import { statusLine } from './http/reply.js';
import { requestId } from './http/request-id.js';
import type { LiveState } from './live/live-state.js';
import type { TierTable } from './auth/tiers.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import { loadStaticAssets, type AssetResponse, type StaticAssets } from './http/static-assets.js';
import { BodyWrites, STOP_WRITES_MS } from './http/body-writes.js';

/** The server could not bind its port (in use, or the address is not local). */
export class ListenError extends Error {
  override readonly name = 'ListenError';
}

/** Options of startServer. */
export interface ServerOptions {
  engine: Engine;
  keys: ApiKeys;
  /** TCP port; 0 picks a free one (see the returned `port`). Default 8080. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Endpoints to serve; default all of them. */
  endpoints?: readonly Endpoint[];
  /** Where unexpected errors are logged; default stderr. */
  log?: (line: string) => void;
  /** Live overlays the handlers read (see startLiveServices); default none. */
  live?: LiveState;
  /** Rate-limit tiers; default the built-in ones (free 60/min, standard 600, premium 6,000, unlimited). */
  tiers?: TierTable;
  /** Rate-limit counters; default in-process. */
  limiter?: RateLimiter;
  /** Request counters and latency histograms (routes: routeLabels of the endpoints). */
  metrics?: RequestMetrics;
  /** Called once per answered request. */
  accessLog?: (entry: AccessLogEntry) => void;
  /** Key written into the map page at `/` (serving the demo with a generated key); default none. */
  demoKey?: string | null;
  /** The static files (`/`, `/docs`); default loadStaticAssets({ demoKey }). */
  assets?: StaticAssets;
}

/** A listening server. */
export interface RunningServer {
  port: number;
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /**
   * Stops listening; each response from then on closes its connection (one with a body says
   * `Connection: close`, and the client closes it), so keep-alive clients reconnect elsewhere
   * (idle connections close on uWebSockets.js's 10 s idle timeout, or at dropConnections).
   */
  close(): Promise<void>;
  /**
   * Resolves once every answer begun has been handed whole to its socket (the kernel sends what it
   * holds even after the connection is closed), or after `limitMs`, with the number of answers
   * still being written then (0: none). See BodyWrites for the one case it cannot see.
   */
  writesDone(limitMs: number): Promise<number>;
  /**
   * Closes every connection still open at once (after close; after writesDone, so as not to cut an
   * answer). A worker thread holding no socket of uWebSockets.js can be terminated; one holding
   * any aborts the process when torn down.
   */
  dropConnections(): void;
  /**
   * After close, the stop's last step: waits for the answers being written (writesDone, at most
   * STOP_WRITES_MS), says through `say` how many it then cuts, and drops every connection.
   */
  endConnections(say: (line: string) => void): Promise<void>;
  /** Serves another snapshot (and its live overlays) from the next request on; see Router.swap. */
  swap(engine: Engine, live?: LiveState): void;
  /** Accepts other API keys (and their rate-limit counters) from the next request on; see Router.setKeys. */
  setKeys(keys: ApiKeys, limiter?: RateLimiter): void;
}

/**
 * Serves the API on uWebSockets.js. Handlers are synchronous end to end: read everything from
 * the request (valid only inside the callback), let the Router call the engine, write corked.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  let router: Router;
  try {
    router = new Router(options.engine, options.keys, { endpoints: options.endpoints ?? ENDPOINTS, log: options.log, live: options.live, tiers: options.tiers, limiter: options.limiter, metrics: options.metrics, accessLog: options.accessLog });
  } catch (err) {
    return Promise.reject(err);
  }
  const assets = options.assets ?? loadStaticAssets({ demoKey: options.demoKey });
  const app = uWS.App();
  const writes = new BodyWrites();
  let closed = false;
  // One catch-all route: the Router matches paths itself, so unknown paths and methods get the
  // API's envelope. The few static paths (`/`, `/docs`, `/explorer/`) go to the asset layer first.
  app.any('/*', (res, req) => {
    try {
      const path = req.getUrl();
      if (assets.owns(path)) write(res, assets.handle({ method: req.getMethod(), path, acceptEncoding: req.getHeader('accept-encoding'), ifNoneMatch: req.getHeader('if-none-match'), requestId: requestId(req.getHeader('x-request-id')) }), closed, writes);
      else write(res, router.handle(readRequest(req)), closed, writes);
    } catch (err) {
      // A bug past the Router's own catch. Left unanswered, the request would make uWebSockets.js
      // abort the process, whatever its handlers: close the connection (unless the answer went
      // out) and let the exception go on to uncaughtException (a worker is then replaced).
      try {
        res.close();
      } catch {
        // Already answered.
      }
      throw err;
    }
  });
  return new Promise((resolve, reject) => {
    app.listen(host, options.port ?? 8080, (socket) => {
      if (!socket) return reject(new ListenError(`Could not listen on ${host}:${options.port ?? 8080} (port in use or address not available).`));
      const port = uWS.us_socket_local_port(socket);
      const close = async () => {
        if (!closed) uWS.us_listen_socket_close(socket);
        closed = true;
      };
      // App.close (closes every socket of the app) is in this build but not in its typings.
      const dropConnections = () => (app as unknown as { close(): void }).close();
      const endConnections = async (say: (line: string) => void) => {
        const unsent = await writes.settled(STOP_WRITES_MS);
        if (unsent > 0) say(`${unsent} answer(s) still being written after ${STOP_WRITES_MS / 1000} s: cut`);
        dropConnections();
      };
      resolve({ port, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, close, writesDone: (limitMs) => writes.settled(limitMs), dropConnections, endConnections, swap: (engine, live) => router.swap(engine, live), setKeys: (keys, limiter) => router.setKeys(keys, limiter) });
    });
  });
}

function readRequest(req: uWS.HttpRequest): RequestInfo {
  const headerKey = req.getHeader('x-api-key');
  return {
    method: req.getMethod(),
    path: req.getUrl(),
    query: req.getQuery() ?? '',
    apiKey: headerKey || (req.getQuery('api_key') ?? ''),
    requestId: requestId(req.getHeader('x-request-id')),
    acceptEncoding: req.getHeader('accept-encoding'),
    ifNoneMatch: req.getHeader('if-none-match'),
  };
}

/**
 * Writes `out` corked, a body through `writes`; with `closeConnection`, the connection is closed
 * once it is sent (by the client for an answer with a body or a HEAD answer, as their
 * `Connection: close` asks).
 */
function write(res: uWS.HttpResponse, out: RenderedResponse | AssetResponse, closeConnection: boolean, writes: BodyWrites): void {
  res.cork(() => {
    res.writeStatus(statusLine(out.status));
    for (const [name, value] of out.headers) res.writeHeader(name, value);
    // HEAD: the length the GET would send, no body (this uWS build's endWithoutBody takes no length,
    // nor closeConnection: the header asks the client to close instead).
    if ('headLength' in out && out.headLength !== undefined) {
      res.writeHeader('Content-Length', String(out.headLength));
      if (closeConnection) res.writeHeader('Connection', 'close');
      res.endWithoutBody();
    } else if (out.body === null) res.end(undefined, closeConnection);
    else {
      // tryEnd has no closeConnection: say it as end(..., true) would.
      if (closeConnection) res.writeHeader('Connection', 'close');
      writes.end(res, out.body);
    }
  });
}
