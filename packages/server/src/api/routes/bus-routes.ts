import { Type } from '@sinclair/typebox';
import { NOT_FOUND } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { pagingParams } from '../common/param-types.js';
import { listEnvelope } from '../common/schemas.js';
import { BusRouteSummary } from './schemas.js';
import { listBody, paging } from '../common/envelope.js';
import { ApiError, missingParameter } from '../common/api-error.js';
import { toBusRoute } from './dto.js';
import { MAX_ROUTE_TEXT } from './params.js';

const BusRoutesQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: MAX_ROUTE_TEXT, description: 'Line number or line name, case ignored: exact line numbers first, then line numbers starting with it, containing it, then line names containing it.' })),
  operator: Type.Optional(Type.String({ maxLength: MAX_ROUTE_TEXT, description: 'Operator name or code (NOC or agency id), case-insensitive substring.' })),
  atcocode: Type.Optional(Type.String({ maxLength: 64, description: 'Only routes calling at this stop (ATCO code); an unknown stop is 404.' })),
  ...pagingParams(20, 100),
});

/** GET /v1/bus/routes.json: bus routes (line number + operator) by line, operator or stop. */
export const busRoutes = defineEndpoint({
  path: '/v1/bus/routes.json',
  operationId: 'searchBusRoutes',
  tag: 'Bus',
  summary: 'Search bus routes by line number or name, operator, or stop',
  description:
    'Give at least one of `q`, `operator`, `atcocode` (else 400 missing_parameter); every one given must match. ' +
    'A bus route is every journey of one line number by one operator (trams included); its id is `<operator code>-<line>`. ' +
    'Order: best `q` match first, then line number (natural order: 1, 1a, 2, 10, X1), then operator code.',
  auth: true,
  query: BusRoutesQuery,
  response: listEnvelope('BusRouteList', BusRouteSummary, 'Bus routes, best match first.'),
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    if (q.q === undefined && q.operator === undefined && q.atcocode === undefined) throw missingParameter('Supply q (line number or name), operator or atcocode.');
    const stopIdx = q.atcocode === undefined ? undefined : ctx.engine.findStop(q.atcocode);
    if (stopIdx === NOT_FOUND) throw new ApiError(404, 'not_found', `No stop with atcocode '${q.atcocode!.slice(0, 64)}'.`);
    const result = ctx.engine.routes({ kind: 'bus', text: q.q, operator: q.operator, stopIdx, ...paging(q) });
    return listBody(ctx, q, result, toBusRoute);
  },
});
