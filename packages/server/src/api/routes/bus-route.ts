import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { pagingParams } from '../common/param-types.js';
import { BusRouteDetail } from './schemas.js';
import { paging } from '../common/envelope.js';
import { toBusRouteDetail } from './dto.js';
import { findRouteOr404, serviceDateParam } from './params.js';
import { readServiceDate } from '../timetables/params.js';

const BusRouteQuery = Type.Object({
  date: serviceDateParam,
  direction: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: 'Only journeys in this GTFS direction (0 or 1); also picks the direction of `representative_stops`.' })),
  ...pagingParams(50, 200),
});

/** GET /v1/bus/routes/{route_id}.json: a bus route with directions, longest journey and one day's timetable. */
export const busRoute = defineEndpoint({
  path: '/v1/bus/routes/{route_id}.json',
  operationId: 'getBusRoute',
  tag: 'Bus',
  summary: 'A bus route: directions with paths, longest journey and one day’s journeys',
  description:
    '`directions` name each direction by its longest journey (most calls, then longest run) and give that journey’s path (`shape`, null without geometry). ' +
    '`representative_stops` are the calls of the longest single journey (of `direction` when given), not a union. ' +
    '`timetable` is the `date`’s journeys in departure order, paged by `page` and `limit` (default 50); `results_count` counts them all. Unknown route: 404.',
  auth: true,
  query: BusRouteQuery,
  pathParams: Type.Object({ route_id: Type.String({ description: 'Bus route id, `<operator code>-<line>` (e.g. DVBS-52), from the route search; any case.' }) }),
  response: BusRouteDetail,
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    // Parameters first: a bad date is a 400 whether or not the route exists.
    const day = readServiceDate(q.date);
    const routeIdx = findRouteOr404(ctx.engine, 'bus', ctx.path.route_id);
    const detail = ctx.engine.route(routeIdx, { day, direction: q.direction as 0 | 1 | undefined, ...paging(q) });
    return toBusRouteDetail(detail, q, ctx.requestTime);
  },
});
