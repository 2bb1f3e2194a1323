import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, pagingParams, pointParams, StringEnum } from '../common/param-types.js';
import { BusStop, listEnvelope, STOP_TYPES } from '../common/schemas.js';
import { readSpatial } from '../common/location.js';
import { listBody, paging } from '../common/envelope.js';
import { toBusStop } from '../common/dto.js';

/** Widest bus stop bounding box, in degrees per side. */
export const STOPS_MAX_BOX_DEGREES = 1;

const BusStopsQuery = Type.Object({
  ...pointParams('of the centre of a radius search'),
  radius: Type.Integer({ minimum: 1, maximum: 5000, default: 400, description: 'Radius in metres around lat/lon. Only with lat/lon.' }),
  ...boxParams(STOPS_MAX_BOX_DEGREES),
  type: Type.Optional(Type.Array(StringEnum(STOP_TYPES), { description: 'Only these stop types. Repeat the parameter or separate values with commas. Default: all types.' })),
  ...pagingParams(20, 100),
});

/** GET /v1/bus/stops.json: bus, tram and rail stops within a radius or inside a box. */
export const busStops = defineEndpoint({
  path: '/v1/bus/stops.json',
  operationId: 'searchBusStops',
  tag: 'Bus',
  summary: 'Bus, tram and rail stops near a point or inside a bounding box',
  description:
    'Give lat/lon (radius search, nearest first, with `distance`) or a bounding box (no `distance`), not both. ' +
    'Absent text fields are null; `towards`, `towards_next` and `bearing` tell apart stops sharing a name.',
  auth: true,
  query: BusStopsQuery,
  response: listEnvelope('BusStopList', BusStop, 'Stops, nearest first on a radius search.'),
  errors: [400],
  cacheable: () => true,
  handle(q, ctx) {
    const where = readSpatial(q, ctx.given, STOPS_MAX_BOX_DEGREES);
    const result = ctx.engine.stops({ ...where, types: q.type, ...paging(q) });
    return listBody(ctx, q, result, toBusStop);
  },
});
