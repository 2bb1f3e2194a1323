import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, pagingParams, pointParams } from '../common/param-types.js';
import { listEnvelope, RailStation } from '../common/schemas.js';
import { readSpatial } from '../common/location.js';
import { listBody, paging } from '../common/envelope.js';
import { toRailStation } from '../common/dto.js';

const RailStationsQuery = Type.Object({
  ...pointParams('of the centre of a radius search'),
  radius: Type.Integer({ minimum: 1, maximum: 50_000, default: 5000, description: 'Radius in metres around lat/lon. Only with lat/lon.' }),
  ...boxParams(null),
  ...pagingParams(20, 100),
});

/** GET /v1/rail/stations.json: rail stations within a radius or inside a box. */
export const railStations = defineEndpoint({
  path: '/v1/rail/stations.json',
  operationId: 'searchRailStations',
  tag: 'Rail',
  summary: 'Rail stations near a point or inside a bounding box',
  description: 'Give lat/lon (radius search, nearest first, with `distance`) or a bounding box of any size (no `distance`), not both.',
  auth: true,
  query: RailStationsQuery,
  response: listEnvelope('RailStationList', RailStation, 'Stations, nearest first on a radius search.'),
  errors: [400],
  cacheable: () => true,
  handle(q, ctx) {
    const where = readSpatial(q, ctx.given, null);
    const result = ctx.engine.stations({ ...where, ...paging(q) });
    return listBody(ctx, q, result, toRailStation);
  },
});
