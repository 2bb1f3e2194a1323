import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { RailService } from './schemas.js';
import { serviceDateParam } from './params.js';
import { toRailService } from './dto.js';
import { lookUpService } from './service-lookup.js';

/** GET /v1/rail/services/{trip_id}.json: one train with every station it calls at. */
export const railServices = defineEndpoint({
  path: '/v1/rail/services/{trip_id}.json',
  pathParams: Type.Object({
    trip_id: Type.String({ description: 'A trip_id from a station board or route timetable (a YYYY-MM-DD:trip_id reference is also accepted and fixes the date). Percent-encode reserved characters.' }),
  }),
  operationId: 'getRailService',
  tag: 'Rail',
  summary: 'One scheduled train with all its calling points',
  description:
    'Every call with its aimed arrival and departure as UK timestamps on the service date; no live position (rail is timetable-only). ' +
    '404 when the id is unknown, names a bus service, or the train does not run on the date (the message names the date and the next date it runs).',
  auth: true,
  query: Type.Object({ date: serviceDateParam() }),
  response: RailService,
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    return toRailService(lookUpService(ctx, ctx.path.trip_id, q.date, 'rail'), ctx.requestTime);
  },
});
