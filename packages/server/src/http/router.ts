import { formatUkTimestamp, type Engine } from '@transit/engine';
import type { ApiKeys } from '../auth/api-keys.js';
import type { Endpoint } from '../api/common/endpoint.js';
import { ENDPOINTS } from '../api/index.js';
import { buildOpenApi } from '../api/openapi.js';
import { EndpointPaths } from './endpoint-paths.js';
import { ApiError, fromQueryError } from '../api/common/api-error.js';
import { errorReply, ok, type Reply } from './reply.js';
import { RawJson } from '../api/common/raw-json.js';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.js';
import { NO_LIVE, type LiveState } from '../live/live-state.js';
import { TierTable } from '../auth/tiers.js';
import { MemoryRateLimiter, rateLimitHeaders, type RateLimiter } from '../auth/rate-limiter.js';
import { keyAllows, keyId } from '../auth/api-keys.js';
import { SecondCache, withoutApiKey } from './second-cache.js';
import { chooseCoding, compress, MIN_COMPRESS_BYTES } from './compression.js';
import type { RequestMetrics } from '../observe/request-metrics.js';
import type { AccessLogEntry } from '../observe/access-log.js';

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
  /** The `Accept-Encoding` header ('' when absent). */
  acceptEncoding?: string;
  /** The `If-None-Match` header ('' when absent). */
  ifNoneMatch?: string;
}

/** Router options; every one has a default. */
export interface RouterOptions {
  endpoints?: readonly Endpoint[];
  /** Where unexpected errors are logged; default stderr. */
  log?: (line: string) => void;
  live?: LiveState;
  /** Rate-limit tiers (default: the built-in ones); every enabled key's tier must be in it. */
  tiers?: TierTable;
  /** Request counters (default: in-process). */
  limiter?: RateLimiter;
  /** Clock, for tests. */
  now?: () => number;
  /** Request counters; its routes must be `routeLabels(endpoints)`. */
  metrics?: RequestMetrics;
  /** Called once per answered request (structured access log). */
  accessLog?: (entry: AccessLogEntry) => void;
}

/** Route labels of metrics: the endpoints' path templates in order, then `unmatched`. */
export function routeLabels(endpoints: readonly Endpoint[]): string[] {
  return [...endpoints.map((ep) => ep.path), 'unmatched'];
}

/** A reusable answer: its JSON text and a weak tag of its content. */
interface CachedBody {
  text: string;
  etag: string;
  length: number;
}

/**
 * A weak ETag of a JSON answer's content: FNV-1a (32-bit) of the text without its request_time,
 * plus its length, so answers equal but for the time they were made share a tag.
 */
export function contentTag(text: string): string {
  const at = text.indexOf('"request_time":"');
  const skipTo = at < 0 ? -1 : text.indexOf('"', at + 16);
  const h = skipTo < 0 ? fnv1a(text, 0, text.length, FNV_BASIS) : fnv1a(text, skipTo, text.length, fnv1a(text, 0, at + 16, FNV_BASIS));
  return `W/"${(h >>> 0).toString(16)}-${text.length.toString(16)}"`;
}

const FNV_BASIS = 0x811c9dc5 | 0;

/** FNV-1a (32-bit) of text[from, to) continuing from `h`. Its own function: inside contentTag the optimised loop deoptimised on every call (~0.2 ms a 12 kB journey). */
function fnv1a(text: string, from: number, to: number, h: number): number {
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

/** Whether an `If-None-Match` header ('' or undefined when absent) names `etag` or is `*`. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

/** What a request has been found to be, filled in while it is handled. */
interface Trace {
  limitHeaders: [string, string][];
  route: number;
  keyId: string | null;
}

/** A response fully rendered: status, every header, and the body. */
export interface RenderedResponse {
  status: number;
  headers: readonly (readonly [string, string])[];
  /** JSON text, compressed JSON (with Content-Encoding), or null for no body. */
  body: string | Buffer | null;
}

/** Longest path + query string accepted (characters); longer requests get 414. */
export const MAX_URL_CHARS = 8192;

const JSON_TYPE: readonly [string, string] = ['Content-Type', 'application/json; charset=utf-8'];

/**
 * Turns a request into a response, synchronously: route, method, key, parameters, engine,
 * envelope. Never throws: API errors become their envelope, anything else a logged 500.
 */
export class Router {
  private readonly byPath: Map<string, Endpoint>;
  private readonly paths: EndpointPaths;
  private document: Record<string, unknown> | undefined;
  private readonly log: (line: string) => void;
  private live: LiveState;
  private readonly tiers: TierTable;
  private limiter: RateLimiter;
  private readonly now: () => number;
  private readonly metrics: RequestMetrics | undefined;
  private readonly accessLog: ((entry: AccessLogEntry) => void) | undefined;
  private readonly routeOf: Map<Endpoint, number>;
  private readonly routeNames: string[];
  private readonly unmatched: number;
  /** 200 bodies of authenticated endpoints, reused within the same second (see SecondCache). */
  private readonly cache = new SecondCache<CachedBody>();
  /** Compressed bodies of this second, by body text. */
  private readonly brotli = new SecondCache<Buffer>(2_000);
  private readonly gzip = new SecondCache<Buffer>(2_000);
  /** Changes identity whenever the engine or live state is swapped (the cache's owner). */
  private generation: object = {};
  private clockSecond = -1;
  private clockText = '';

  /** Throws UnknownTierError when an enabled key names a tier `tiers` lacks. */
  constructor(
    private engine: Engine,
    private keys: ApiKeys,
    options: RouterOptions = {},
  ) {
    const endpoints = options.endpoints ?? ENDPOINTS;
    this.byPath = new Map(endpoints.map((ep) => [ep.path, ep]));
    this.paths = new EndpointPaths(endpoints);
    this.log = options.log ?? ((line) => process.stderr.write(line + '\n'));
    this.live = options.live ?? NO_LIVE;
    this.tiers = options.tiers ?? new TierTable();
    this.limiter = options.limiter ?? new MemoryRateLimiter();
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics;
    this.accessLog = options.accessLog;
    this.routeNames = routeLabels(endpoints);
    this.routeOf = new Map(endpoints.map((ep, i) => [ep, i]));
    this.unmatched = endpoints.length;
    if (this.metrics && this.metrics.routes.join() !== this.routeNames.join()) throw new Error('metrics routes must be routeLabels(endpoints)');
    this.tiers.checkKeys(keys.records);
  }

  /**
   * Serves `engine` and `live` from the next request on (hot reload). Requests are handled
   * synchronously, so each one sees either the old pair or the new one, never a mix.
   */
  swap(engine: Engine, live: LiveState = NO_LIVE): void {
    this.engine = engine;
    this.live = live;
    this.generation = {};
  }

  /**
   * Accepts `keys` (and counts on `limiter`, when given) from the next request on: a keys reload.
   * One assignment each, between requests, so a request sees the old keys or the new ones. Throws
   * UnknownTierError (and changes nothing) when an enabled key names an unknown tier.
   */
  setKeys(keys: ApiKeys, limiter?: RateLimiter): void {
    this.tiers.checkKeys(keys.records);
    this.keys = keys;
    if (limiter) this.limiter = limiter;
  }

  /** The OpenAPI document of the endpoints served, built once. */
  openApi(): Record<string, unknown> {
    return (this.document ??= buildOpenApi([...this.byPath.values()]));
  }

  /** Answers one request; never throws (unexpected errors are logged and become a 500). */
  handle(req: RequestInfo): RenderedResponse {
    const started = performance.now();
    const requestTime = this.requestTime(Date.now());
    // Filled in as the request is understood: rate-limit headers (on every authenticated answer,
    // errors included), the route and the key id for metrics and the access log.
    const trace: Trace = { limitHeaders: [], route: this.unmatched, keyId: null };
    let out: RenderedResponse;
    try {
      const reply = this.dispatch(req, requestTime, trace);
      out = this.encode(render(reply, req.requestId, trace.limitHeaders), req.acceptEncoding ?? '');
    } catch (err) {
      const known = err instanceof ApiError ? err : fromQueryError(err);
      if (known) {
        out = render(errorReply(known, requestTime), req.requestId, trace.limitHeaders);
      } else {
        this.log(`[${req.requestId}] ${req.method.toUpperCase()} ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        const internal = new ApiError(500, 'internal_error', `Unexpected server error; quote request id ${req.requestId} when reporting it.`);
        out = render(errorReply(internal, requestTime), req.requestId, trace.limitHeaders);
      }
    }
    const ms = performance.now() - started;
    this.metrics?.observe(trace.route, out.status, ms);
    this.accessLog?.({ req_id: req.requestId, key_id: trace.keyId, method: req.method.toUpperCase(), route: this.routeNames[trace.route], path: req.path, status: out.status, ms: Math.round(ms * 1000) / 1000 });
    return out;
  }

  private dispatch(req: RequestInfo, requestTime: string, trace: Trace): Reply {
    const limitHeaders = trace.limitHeaders;
    if (req.path.length + req.query.length > MAX_URL_CHARS) throw new ApiError(414, 'uri_too_long', `The request URL is over ${MAX_URL_CHARS} characters.`);
    const found = this.paths.find(req.path);
    if (!found) throw new ApiError(404, 'not_found', `No endpoint at ${req.path.slice(0, 200)}; see /openapi.json for the endpoints.`);
    const ep = found.ep;
    trace.route = this.routeOf.get(ep) ?? this.unmatched;
    if (req.method === 'options') return { status: 204, headers: PREFLIGHT_HEADERS, body: null };
    if (req.method !== 'get') {
      throw new ApiError(405, 'method_not_allowed', `Method ${req.method.toUpperCase().slice(0, 20)} is not allowed on ${ep.path}; use GET.`, [['Allow', 'GET, OPTIONS']]);
    }
    if (ep.auth) limitHeaders.push(...this.admit(req.apiKey, ep.path, trace));
    const { values, given } = ep.parse(req.query);
    const cacheable = ep.auth && ep.cacheable?.(values) === true;
    if (!cacheable) return ok(ep.handle(values, { engine: this.engine, requestTime, given, openApi: () => this.openApi(), path: found.params, live: this.live }));
    const key = `${req.path}?${withoutApiKey(req.query)}`;
    let cached = this.cache.get(key, requestTime, this.generation);
    if (cached === undefined) {
      const body = ep.handle(values, { engine: this.engine, requestTime, given, openApi: () => this.openApi(), path: found.params, live: this.live });
      const text = body instanceof RawJson ? body.text : JSON.stringify(body);
      cached = { text, etag: contentTag(text), length: text.length };
      this.cache.set(key, cached);
    }
    // Revalidation: the tag covers the content, not request_time, so an unchanged answer is a 304.
    const validators: [string, string][] = [['ETag', cached.etag], ['Cache-Control', 'private, max-age=0, must-revalidate']];
    if (ifNoneMatchHits(req.ifNoneMatch, cached.etag)) return { status: 304, headers: validators, body: null };
    return { status: 200, headers: validators, body: new RawJson(cached.text) };
  }

  /**
   * Compresses a JSON body of at least MIN_COMPRESS_BYTES in the best coding the client accepts
   * (brotli, gzip). Keyed by the body text itself, so a body reused within the second (the same
   * string, its hash computed once) is compressed once per coding.
   */
  private encode(out: RenderedResponse, acceptEncoding: string): RenderedResponse {
    if (typeof out.body !== 'string' || out.body.length < MIN_COMPRESS_BYTES) return out;
    const coding = chooseCoding(acceptEncoding);
    const vary: [string, string] = ['Vary', 'Accept-Encoding'];
    if (coding === 'identity') return { ...out, headers: [...out.headers, vary] };
    const cache = coding === 'br' ? this.brotli : this.gzip;
    let bytes = cache.get(out.body, this.clockText, this.generation);
    if (bytes === undefined) {
      bytes = compress(out.body, coding);
      cache.set(out.body, bytes);
    }
    return { ...out, headers: [...out.headers, vary, ['Content-Encoding', coding]], body: bytes };
  }

  /** request_time text, formatted once per second. */
  private requestTime(nowMs: number): string {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.clockSecond) {
      this.clockSecond = second;
      this.clockText = formatUkTimestamp(nowMs);
    }
    return this.clockText;
  }

  /** Checks the key, its endpoint allowance and its rate limit; returns the rate-limit headers or throws 401/403/429. */
  private admit(apiKey: string, path: string, trace: Trace): [string, string][] {
    const check = this.keys.check(apiKey);
    if (!check.ok) throw new ApiError(401, check.code, check.message, [['WWW-Authenticate', 'ApiKey']]);
    const key = check.key;
    trace.keyId = keyId(key);
    if (!keyAllows(key, path)) throw new ApiError(403, 'forbidden', `This API key is not allowed to use ${path}.`);
    const tier = this.tiers.get(key.tier)!;
    if (tier.perMinute === 0) return [];
    const decision = this.limiter.take(keyId(key), tier.perMinute, this.now());
    const headers = rateLimitHeaders(tier.name, decision);
    if (!decision.allowed) {
      throw new ApiError(429, 'rate_limited', `Rate limit of ${tier.perMinute} requests per minute (tier ${tier.name}) reached; retry in ${decision.resetS} s.`, [...headers, ['Retry-After', String(decision.resetS)]]);
    }
    return headers;
  }
}

/** Serialises a reply and adds the headers every response carries. */
function render(reply: Reply, requestId: string, limitHeaders: readonly (readonly [string, string])[]): RenderedResponse {
  const id: readonly [string, string] = ['X-Request-Id', requestId];
  if (reply.body === null) return { status: reply.status, headers: reply.status === 304 ? [...CORS_HEADERS, ...reply.headers, ...limitHeaders, id] : [...reply.headers, id], body: null };
  // A 429 carries the rate-limit headers in its own list already.
  const extra = reply.status === 429 ? [] : limitHeaders;
  return { status: reply.status, headers: [JSON_TYPE, ...CORS_HEADERS, ...reply.headers, ...extra, id], body: reply.body instanceof RawJson ? reply.body.text : JSON.stringify(reply.body) };
}

/** An API error rendered outside the Router (the static files): the same envelope and headers. */
export function renderError(err: ApiError, requestId: string): RenderedResponse {
  return render(errorReply(err, formatUkTimestamp(Date.now())), requestId, []);
}

export { UnknownTierError } from '../auth/tiers.js';
