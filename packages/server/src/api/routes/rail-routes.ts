import { Type } from '@sinclair/typebox';
import { NOT_FOUND } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { pagingParams } from '../common/param-types.js';
import { listEnvelope } from '../common/schemas.js';
import { RailRouteSummary } from './schemas.js';
import { listBody, paging } from '../common/envelope.js';
import { ApiError, missingParameter } from '../common/api-error.js';
import { toRailRoute } from './dto.js';
import { MAX_ROUTE_TEXT } from './params.js';

const RailRoutesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: MAX_ROUTE_TEXT, description: 'Operator name or 2-letter operator code, case ignored: exact codes and names first, then codes starting with it, then names containing it.' })),
  operator: Type.Optional(Type.String({ maxLength: MAX_ROUTE_TEXT, description: 'Operator name or code, case-insensitive substring.' })),
  crs_code: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'Only operators calling at this station (3-letter CRS code, any case); an unknown station is 404.' })),
  ...pagingParams(20, 100),
});

/** GET /v1/rail/routes.json: train operators by code, name or station. */
export const railRoutes = defineEndpoint({
  path: '/v1/rail/routes.json',
  operationId: 'searchRailRoutes',
  tag: 'Rail',
  summary: 'Search rail routes (train operators) by code, name or station',
  description:
    'Give at least one of `q`, `operator`, `crs_code` (else 400 missing_parameter); every one given must match. ' +
    'A rail route is one train operating company; its id is its 2-letter code. Order: best `q` match first, then code.',
  auth: true,
  query: RailRoutesQuery,
  response: listEnvelope('RailRouteList', RailRouteSummary, 'Train operators, best match first.'),
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    if (q.q === undefined && q.operator === undefined && q.crs_code === undefined) throw missingParameter('Supply q (operator name or code), operator or crs_code.');
    const stationIdx = q.crs_code === undefined ? undefined : ctx.engine.findStation(q.crs_code);
    if (stationIdx === NOT_FOUND) throw new ApiError(404, 'not_found', `No station with CRS code '${q.crs_code}'.`);
    const result = ctx.engine.routes({ kind: 'rail', text: q.q, operator: q.operator, stationIdx, ...paging(q) });
    return listBody(ctx, q, result, toRailRoute);
  },
});
