import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Engine } from '@transit/engine';
import { compileQueryParser, type QueryParser } from './params.js';
import { pathParamNames, type PathParams } from './path-template.js';
import type { LiveState } from '../../live/live-state.js';

/** What a handler gets besides its parsed query. */
export interface HandlerContext {
  engine: Engine;
  /** `request_time` of this response (UK local timestamp). */
  requestTime: string;
  /** Query parameter names the client sent (to tell an explicit value from a default). */
  given: ReadonlySet<string>;
  /** The OpenAPI document this server publishes. */
  openApi(): object;
  /** Path parameters (`{atcocode}`, ...), percent-decoded; empty on fixed paths. */
  path: PathParams;
  /** Live overlays (vehicles, disruptions); each null when not configured. */
  live: LiveState;
}

/**
 * One endpoint, defined once: its query parameters (a TypeBox object, one property per
 * parameter) drive both the request parser and the OpenAPI parameters; `response` is the
 * 200 schema. `handle` is synchronous: validate, call the engine, map to DTOs.
 */
export interface EndpointDefinition<Q extends TObject = TObject> {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  /** False only for /health and /openapi.json. */
  auth: boolean;
  query: Q;
  /** Templated paths: one string schema (with its description) per `{name}` in `path`, for the OpenAPI document. */
  pathParams?: TObject;
  response: TSchema;
  /** Statuses besides 200, 401 (with auth) and 500 that the endpoint answers, each with the error envelope. */
  errors: readonly (400 | 404 | 422)[];
  handle(q: Static<Q>, ctx: HandlerContext): unknown;
  /**
   * Whether a 200 answer to `q` may be reused for the same request within the same second: true
   * when it depends only on the query, the snapshot and the clock (not on live overlays, which
   * change between polls). Default: not reused.
   */
  cacheable?(q: Static<Q>): boolean;
}

/** An endpoint with its compiled query parser. */
export interface Endpoint extends EndpointDefinition {
  parse: QueryParser<Record<string, unknown>>;
}

/** Compiles an endpoint definition (its query parser is built here, once). */
export function defineEndpoint<Q extends TObject>(definition: EndpointDefinition<Q>): Endpoint {
  const names = pathParamNames(definition.path);
  const described = Object.keys(definition.pathParams?.properties ?? {});
  if (names.join() !== described.join()) throw new Error(`${definition.path}: pathParams must describe exactly ${names.join(', ') || 'no parameters'}`);
  return { ...definition, parse: compileQueryParser(definition.query) } as unknown as Endpoint;
}
