import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, maxPointsParam, StringEnum } from '../common/param-types.js';
import { requireBox } from '../common/location.js';
import { Timestamp } from '../common/schemas.js';
import { ROUTE_MODES } from '../routes/schemas.js';

/**
 * Widest shapes box, degrees per side: a region's routes at once (far more than streets, whose
 * answer grows with every street; routes are few, simplified for the box and capped by max_points).
 */
export const SHAPES_MAX_BOX_DEGREES = 2;

const RouteShapeLine = Type.Object(
  {
    line: Type.String({ description: 'Line as boards show it: bus and tram route short name (else long name), rail operator code.' }),
    operator_code: Type.String({ description: 'Operator: agency NOC, else agency_id.' }),
    mode: StringEnum(ROUTE_MODES, { description: 'Mode of the route: bus, coach, tram, rail, ferry or other.' }),
    colour: Type.Union([Type.String({ pattern: '^#[0-9a-f]{6}$' }), Type.Null()], { description: "The feed's route_color as `#rrggbb`; null when it gives none." }),
    trip_count: Type.Integer({ minimum: 1, description: 'Trips in the timetable running along this geometry (over every route sharing it).' }),
    from_shape: Type.Boolean({ description: "True for the operator's shape (GTFS shapes.txt), false for straight lines between the stops when the trips have no shape passing their stops." }),
    polylines: Type.Array(Type.String(), { description: 'The geometry cut to the box (every point lies inside it) as encoded polylines (precision 5), simplified for the box size; one per stretch inside the box.' }),
  },
  { title: 'RouteShapeLine', description: 'One distinct path that trips run along (many trips share one).' },
);

/** Body of GET /v1/shapes.json. */
export const RouteShapesBody = Type.Object(
  {
    request_time: Timestamp,
    shapes: Type.Array(RouteShapeLine, { description: 'Distinct route geometries crossing the box: rail and tram first, then the busiest lines.' }),
    point_count: Type.Integer({ minimum: 0, description: 'Points over all polylines.' }),
    truncated: Type.Boolean({ description: 'True when `max_points` cut the answer short: zoom in (ask for a smaller box).' }),
  },
  { title: 'RouteShapeLines', description: 'Where the routes run inside a box, for drawing a map layer offline.' },
);

/** GET /v1/shapes.json: the distinct route geometries crossing a box, as lines to draw. */
export const shapes = defineEndpoint({
  path: '/v1/shapes.json',
  operationId: 'getRouteShapes',
  tag: 'Map',
  summary: 'Route shapes inside a bounding box (vector map layer)',
  description:
    "Where the timetable's trips run, one line per distinct geometry: the feed's shape when the trips have one that passes their stops, else straight lines between the stops. " +
    'Lines are cut to the box and simplified for its size (Douglas-Peucker at 1/2000 of its larger side), so a wide box stays small. ' +
    `The box is required and may span at most ${SHAPES_MAX_BOX_DEGREES} degrees on each side: wider than \`/v1/streets.json\` because a region's routes are far fewer lines than its streets, so a whole city region can be drawn at once.`,
  auth: true,
  query: Type.Object({
    ...boxParams(SHAPES_MAX_BOX_DEGREES),
    max_points: maxPointsParam('shapes'),
  }),
  response: RouteShapesBody,
  errors: [400],
  cacheable: () => true,
  handle(q, ctx) {
    const box = requireBox(q, SHAPES_MAX_BOX_DEGREES);
    const found = ctx.engine.routeShapes.inBox(box.minLat, box.minLon, box.maxLat, box.maxLon, q.max_points);
    const shapes = found.shapes.map((s) => ({ line: s.line, operator_code: s.operatorCode, mode: s.mode, colour: s.colour, trip_count: s.tripCount, from_shape: s.fromShape, polylines: s.polylines }));
    return { request_time: ctx.requestTime, shapes, point_count: found.pointCount, truncated: found.truncated };
  },
});
