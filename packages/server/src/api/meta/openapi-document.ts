import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';

/** GET /openapi.json: the OpenAPI 3.0.3 document generated from the endpoint definitions; no key needed. */
export const openApiDocument = defineEndpoint({
  path: '/openapi.json',
  operationId: 'openapi',
  tag: 'Service',
  summary: 'This OpenAPI 3.0.3 description',
  description:
    'Generated at start-up from the same definitions that validate requests. Needs no API key. ' +
    'The one response without `request_time`: an OpenAPI document allows no extra root fields.',
  auth: false,
  query: Type.Object({}),
  response: Type.Object({}, { additionalProperties: true, description: 'An OpenAPI 3.0.3 document.' }),
  errors: [],
  handle(_q, ctx) {
    return ctx.openApi();
  },
});
