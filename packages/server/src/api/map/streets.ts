import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, maxPointsParam } from '../common/param-types.js';
import { requireBox } from '../common/location.js';
import { Timestamp } from '../common/schemas.js';

/** Widest streets box, degrees per side. */
export const STREETS_MAX_BOX_DEGREES = 0.25;

/** Body of GET /v1/streets.json. */
export const StreetLinesBody = Type.Object(
  {
    request_time: Timestamp,
    available: Type.Boolean({ description: 'False when the snapshot has no street graph (built without `--osm`); `lines` is then empty.' }),
    lines: Type.Array(Type.String(), { description: 'Streets as encoded polylines (precision 5), each a run between junctions; a line may run past the box to its next junction.' }),
    point_count: Type.Integer({ minimum: 0, description: 'Points over all lines.' }),
    truncated: Type.Boolean({ description: 'True when `max_points` cut the answer short: zoom in (ask for a smaller box).' }),
  },
  { title: 'StreetLines', description: 'The street network inside a box, for drawing a base map offline.' },
);

/** GET /v1/streets.json: the snapshot's street graph inside a box, as lines to draw. */
export const streets = defineEndpoint({
  path: '/v1/streets.json',
  operationId: 'getStreetLines',
  tag: 'Map',
  summary: 'Street network inside a bounding box (vector base map)',
  description:
    'Lines of the OpenStreetMap street graph compiled into the snapshot (`transit build --osm`), for drawing a base map with no tile server. ' +
    `The box is required and may span at most ${STREETS_MAX_BOX_DEGREES} degrees on each side. Without a street graph the answer is empty with \`available: false\`.`,
  auth: true,
  query: Type.Object({
    ...boxParams(STREETS_MAX_BOX_DEGREES),
    max_points: maxPointsParam('lines'),
  }),
  response: StreetLinesBody,
  errors: [400],
  cacheable: () => true,
  handle(q, ctx) {
    const box = requireBox(q, STREETS_MAX_BOX_DEGREES);
    const graph = ctx.engine.streets;
    if (!graph) return { request_time: ctx.requestTime, available: false, lines: [], point_count: 0, truncated: false };
    const found = graph.linesInBox(box.minLat, box.minLon, box.maxLat, box.maxLon, q.max_points);
    return { request_time: ctx.requestTime, available: true, lines: found.lines, point_count: found.pointCount, truncated: found.truncated };
  },
});
