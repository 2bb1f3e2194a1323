import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { pagingParams } from '../common/param-types.js';
import { RailRouteDetail } from './schemas.js';
import { paging } from '../common/envelope.js';
import { toRailRouteDetail } from './dto.js';
import { findRouteOr404, serviceDateParam } from './params.js';
import { readServiceDate } from '../timetables/params.js';

const RailRouteQuery = Type.Object({
  date: serviceDateParam,
  ...pagingParams(50, 200),
});

/** GET /v1/rail/routes/{route_id}.json: a train operator's longest train and every train it runs on a date. */
export const railRoute = defineEndpoint({
  path: '/v1/rail/routes/{route_id}.json',
  operationId: 'getRailRoute',
  tag: 'Rail',
  summary: 'A rail route: every train of one operator on a date, paged',
  description:
    '`timetable` is every train the operator runs on `date`, in departure order, paged by `page` and `limit` (default 50): thousands for large operators, so page through it. ' +
    '`representative_stops` are the calling points of the operator’s longest train (most calls). `directions` is always empty. Unknown operator: 404.',
  auth: true,
  query: RailRouteQuery,
  pathParams: Type.Object({ route_id: Type.String({ description: 'Rail route id: the 2-letter train operating company code (e.g. NT), any case.' }) }),
  response: RailRouteDetail,
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    // Parameters first: a bad date is a 400 whether or not the route exists.
    const day = readServiceDate(q.date);
    const routeIdx = findRouteOr404(ctx.engine, 'rail', ctx.path.route_id);
    const detail = ctx.engine.route(routeIdx, { day, ...paging(q) });
    return toRailRouteDetail(detail, q, ctx.requestTime);
  },
});
