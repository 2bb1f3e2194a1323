import { formatUkTimestamp, type Engine } from '@transit/engine';
import type { ApiKeys } from './auth.js';
import type { Endpoint } from './endpoints/endpoint.js';
import { ENDPOINTS } from './endpoints/index.js';
import { buildOpenApi } from './openapi.js';
import { EndpointPaths } from './path-template.js';
import { ApiError, fromQueryError } from './http/api-error.js';
import { errorReply, ok, RawJson, type Reply } from './http/reply.js';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './http/cors.js';
import { NO_LIVE, type LiveState } from './live/live-state.js';

/** What the server reads from a request before handling it (the uWS request dies with its callback). */
export interface RequestInfo {
  /** Lower case, as uWebSockets.js reports it. */
  method: string;
  path: string;
  /** Raw query string without `?`. */
  query: string;
  /** From `X-Api-Key`, else the `api_key` query parameter; '' when neither. */
  apiKey: string;
  requestId: string;
}

/** A response fully rendered: status, every header, and the body text (null: none). */
export interface RenderedResponse {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: string | null;
}

const JSON_TYPE: readonly [string, string] = ['Content-Type', 'application/json; charset=utf-8'];

/**
 * Turns a request into a response, synchronously: route, method, key, parameters, engine,
 * envelope. Never throws: API errors become their envelope, anything else a logged 500.
 */
export class Router {
  private readonly byPath: Map<string, Endpoint>;
  private readonly paths: EndpointPaths;
  private document: Record<string, unknown> | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly keys: ApiKeys,
    endpoints: readonly Endpoint[] = ENDPOINTS,
    private readonly log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
    private readonly live: LiveState = NO_LIVE,
  ) {
    this.byPath = new Map(endpoints.map((ep) => [ep.path, ep]));
    this.paths = new EndpointPaths(endpoints);
  }

  /** The OpenAPI document of the endpoints served, built once. */
  openApi(): Record<string, unknown> {
    return (this.document ??= buildOpenApi([...this.byPath.values()]));
  }

  /** Answers one request; never throws (unexpected errors are logged and become a 500). */
  handle(req: RequestInfo): RenderedResponse {
    const requestTime = formatUkTimestamp(Date.now());
    try {
      const reply = this.dispatch(req, requestTime);
      return render(reply, req.requestId);
    } catch (err) {
      const known = err instanceof ApiError ? err : fromQueryError(err);
      if (known) return render(errorReply(known, requestTime), req.requestId);
      this.log(`[${req.requestId}] ${req.method.toUpperCase()} ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      const internal = new ApiError(500, 'internal_error', `Unexpected server error; quote request id ${req.requestId} when reporting it.`);
      return render(errorReply(internal, requestTime), req.requestId);
    }
  }

  private dispatch(req: RequestInfo, requestTime: string): Reply {
    const found = this.paths.find(req.path);
    if (!found) throw new ApiError(404, 'not_found', `No endpoint at ${req.path.slice(0, 200)}; see /openapi.json for the endpoints.`);
    const ep = found.ep;
    if (req.method === 'options') return { status: 204, headers: PREFLIGHT_HEADERS, body: null };
    if (req.method !== 'get') {
      throw new ApiError(405, 'method_not_allowed', `Method ${req.method.toUpperCase().slice(0, 20)} is not allowed on ${ep.path}; use GET.`, [['Allow', 'GET, OPTIONS']]);
    }
    if (ep.auth) {
      const check = this.keys.check(req.apiKey);
      if (!check.ok) throw new ApiError(401, check.code, check.message, [['WWW-Authenticate', 'ApiKey']]);
    }
    const { values, given } = ep.parse(req.query);
    return ok(ep.handle(values, { engine: this.engine, requestTime, given, openApi: () => this.openApi(), path: found.params, live: this.live }));
  }
}

/** Serialises a reply and adds the headers every response carries. */
function render(reply: Reply, requestId: string): RenderedResponse {
  const id: readonly [string, string] = ['X-Request-Id', requestId];
  if (reply.body === null) return { status: reply.status, headers: [...reply.headers, id], body: null };
  return { status: reply.status, headers: [JSON_TYPE, ...CORS_HEADERS, ...reply.headers, id], body: reply.body instanceof RawJson ? reply.body.text : JSON.stringify(reply.body) };
}
