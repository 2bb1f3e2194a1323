import type { TSchema } from '@sinclair/typebox';
import type { Endpoint } from './common/endpoint.js';
import { ENDPOINTS } from './index.js';
import { SchemaComponents } from './meta/openapi-schema.js';
import { isOptional } from './common/params.js';
import { errorEnvelope } from './common/schemas.js';
import { API_DESCRIPTION } from './meta/openapi-description.js';

/** Version the API description reports (spec section 9). */
export const API_VERSION = '0.1.0';

/** Each error status: its response component's name, the codes it is sent with, and its description. */
const ERROR_RESPONSES: Record<number, [name: string, codes: [string, ...string[]], description: string]> = {
  400: ['BadRequest', ['invalid_parameter', 'missing_parameter'], 'Invalid or missing parameter (`invalid_parameter`, `missing_parameter`); the message names the parameter and what it accepts.'],
  401: ['Unauthorized', ['missing_api_key', 'invalid_api_key'], 'No API key (`missing_api_key`) or an unknown or disabled one (`invalid_api_key`). Sent with `WWW-Authenticate: ApiKey`.'],
  403: ['Forbidden', ['forbidden'], 'The key is valid but not allowed to use this endpoint (`forbidden`).'],
  404: ['NotFound', ['not_found'], 'Unknown path or resource (`not_found`).'],
  405: ['MethodNotAllowed', ['method_not_allowed'], 'A method other than GET (or the CORS preflight OPTIONS) (`method_not_allowed`). Sent with `Allow: GET, OPTIONS`.'],
  414: ['UriTooLong', ['uri_too_long'], 'Path and query together are over 8,192 characters (`uri_too_long`).'],
  422: ['OutsideCoverage', ['outside_coverage'], 'The journey origin or destination lies outside the routing coverage area (`outside_coverage`); the message names which.'],
  429: ['TooManyRequests', ['rate_limited'], "The key's per-minute limit is used up (`rate_limited`). `Retry-After` gives the seconds to wait; the rate-limit headers are sent too."],
  500: ['InternalError', ['internal_error'], 'Unexpected server error (`internal_error`); the message quotes the request id (also in `X-Request-Id`).'],
};

/** Statuses every operation may answer besides its own: a method other than GET, an over-long URL, a server fault. */
const COMMON_ERRORS = [405, 414, 500];

/** Response headers of an answer that may be revalidated (the ETag/304 endpoints, see the API description). */
const VALIDATOR_HEADERS = {
  ETag: { description: 'Weak tag of the content (request_time aside); send it back in `If-None-Match`.', schema: { type: 'string' } },
  'Cache-Control': { description: '`private, max-age=0, must-revalidate`.', schema: { type: 'string' } },
};

const REQUEST_ID = { $ref: '#/components/headers/RequestId' };

/** Headers of every authenticated response from a rate-limited key (see the API description). */
const RATE_LIMIT_HEADERS: Record<string, { description: string; schema: { type: string } }> = {
  'RateLimit-Policy': { description: 'IETF draft: `"<tier>";q=<requests>;w=60`.', schema: { type: 'string' } },
  RateLimit: { description: 'IETF draft: `"<tier>";r=<remaining>;t=<seconds to reset>`.', schema: { type: 'string' } },
  'X-RateLimit-Limit': { description: 'Requests allowed per minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the minute resets, Unix epoch seconds.', schema: { type: 'integer' } },
};
const RATE_LIMIT_REFS = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((h) => [h, { $ref: `#/components/headers/${h}` }]));

/**
 * The OpenAPI 3.0.3 document of `endpoints`, generated from the same definitions that parse
 * requests: parameters from each endpoint's query schema, responses from its TypeBox schemas.
 */
export function buildOpenApi(endpoints: readonly Endpoint[] = ENDPOINTS): Record<string, unknown> {
  const components = new SchemaComponents();
  const errorResponses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([name, codes, description]) => [
      name,
      { description, headers: { 'X-Request-Id': REQUEST_ID }, content: { 'application/json': { schema: components.render(errorEnvelope(name.endsWith('Error') ? name : `${name}Error`, codes, description)) } } },
    ]),
  );
  const paths = Object.fromEntries(endpoints.map((ep) => [ep.path, { get: operation(ep, components) }]));
  return {
    openapi: '3.0.3',
    info: { title: 'UK Transit API', version: API_VERSION, description: API_DESCRIPTION },
    tags: [...new Set(endpoints.map((ep) => ep.tag))].map((name) => ({ name })),
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
    paths,
    components: {
      schemas: components.schemas,
      responses: {
        ...errorResponses,
        NotModified: { description: 'The content still has the tag sent in `If-None-Match`: no body; the validator, rate-limit and `X-Request-Id` headers are sent again.', headers: { 'X-Request-Id': REQUEST_ID, ...VALIDATOR_HEADERS } },
      },
      headers: { RequestId: { description: 'Id of this request; quote it when reporting a problem.', required: true, schema: { type: 'string' } }, ...RATE_LIMIT_HEADERS },
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
      },
    },
  };
}

function operation(ep: Endpoint, components: SchemaComponents) {
  const statuses = [...ep.errors, ...(ep.auth ? [401, 403, 429] : []), ...COMMON_ERRORS].sort((a, b) => a - b);
  const revalidated = ep.auth && ep.cacheable !== undefined;
  return {
    operationId: ep.operationId,
    tags: [ep.tag],
    summary: ep.summary,
    description: ep.description,
    ...(ep.auth ? {} : { security: [] }),
    parameters: [
      ...Object.entries(ep.pathParams?.properties ?? {}).map(([name, prop]) => pathParameter(name, prop, components)),
      ...Object.entries(ep.query.properties).map(([name, prop]) => parameter(name, prop, components)),
    ],
    responses: {
      200: {
        description: (ep.response.description as string | undefined) ?? 'OK',
        headers: { 'X-Request-Id': REQUEST_ID, ...(ep.auth ? RATE_LIMIT_REFS : {}), ...(revalidated ? VALIDATOR_HEADERS : {}) },
        content: { 'application/json': { schema: components.render(ep.response) } },
      },
      ...(revalidated ? { 304: { $ref: '#/components/responses/NotModified' } } : {}),
      ...Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/${ERROR_RESPONSES[s][0]}` }])),
    },
  };
}

/** One path parameter (`{name}` in the path): always required, percent-decoded by the server. */
function pathParameter(name: string, prop: TSchema, components: SchemaComponents) {
  const { description, ...schema } = prop;
  return { name, in: 'path', required: true, description, schema: components.render(nonEmpty(schema)) };
}

/** One query parameter: its description at parameter level, the rest (type, range, default) as its schema. */
function parameter(name: string, prop: TSchema, components: SchemaComponents) {
  const { description, ...schema } = prop;
  const repeatable = schema.type === 'array';
  return {
    name,
    in: 'query',
    required: !isOptional(prop) && prop.default === undefined,
    description,
    schema: components.render(repeatable ? { ...schema, items: nonEmpty(schema.items as TSchema) } : nonEmpty(schema)),
    ...(repeatable ? { style: 'form', explode: true } : {}),
  };
}

/** The parser refuses an empty string value (and the router an empty path segment): `minLength: 1` says so. */
function nonEmpty(schema: TSchema): TSchema {
  return schema.type === 'string' && schema.minLength === undefined ? { ...schema, minLength: 1 } : schema;
}
