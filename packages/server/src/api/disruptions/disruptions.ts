import { Type } from '@sinclair/typebox';
import { DISRUPTION_MODES, DISRUPTION_SEVERITIES, DisruptionIndex } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, pagingParams, pointParams, StringEnum } from '../common/param-types.js';
import { DisruptionList, MAX_LISTED_STOPS, SEVERITY_TABLE } from './schemas.js';
import { readBox, readPoint } from '../common/location.js';
import { invalidParameter } from '../common/api-error.js';
import { listBody, paging } from '../common/envelope.js';
import { toDisruption, toDisruptionSources } from './dto.js';

/** Longest `path` accepted, in characters (about 5,000 points of an encoded polyline). */
export const MAX_PATH_CHARS = 50_000;

const DisruptionsQuery = Type.Object({
  mode: Type.Optional(Type.Array(StringEnum(DISRUPTION_MODES), { description: 'Only these modes (comma-separated or repeated). `tram` draws on both feeds; `rail` covers only rail situations of the bus situation feed. Default: all.' })),
  severity: Type.Optional(Type.Array(StringEnum(DISRUPTION_SEVERITIES), { description: 'Only these severities (comma-separated or repeated). Default: all; naming `good` includes good service.' })),
  atcocode: Type.Optional(Type.String({ maxLength: 50, description: 'Only disruptions naming this stop (exact ATCO code).' })),
  operator: Type.Optional(Type.String({ maxLength: 100, description: 'Operator name or code, case-insensitive substring.' })),
  line: Type.Optional(Type.String({ maxLength: 100, description: 'Line or route name, case-insensitive substring. The same number matches in other towns: use `path` to ask what disrupts a journey.' })),
  ...pointParams('of the centre of a radius search'),
  radius: Type.Integer({ minimum: 1, maximum: 50_000, default: 2000, description: 'Metres around lat/lon (max 50000). Only disruptions naming at least one stop with coordinates within it match. Only with lat/lon.' }),
  ...boxParams(null),
  path: Type.Optional(Type.String({ maxLength: MAX_PATH_CHARS, description: 'Encoded polyline (precision 5). Only disruptions naming a stop within path_radius of any segment of it (not only its vertices), matched on the complete stop list.' })),
  path_radius: Type.Integer({ minimum: 1, maximum: 5000, default: 300, description: 'Metres either side of `path` (max 5000). Only with path.' }),
  planned: Type.Optional(Type.Boolean({ description: 'true: planned works only; false: unplanned incidents only. Default: both.' })),
  active_only: Type.Boolean({ default: true, description: 'Only disruptions in force now (a validity period contains now, or none is given).' }),
  include_good_service: Type.Boolean({ default: false, description: 'Include line statuses of good service (healthy lines).' }),
  ...pagingParams(50, 100),
});

/** GET /v1/disruptions.json: planned works, incidents and line status from the two feeds, filtered and paged. */
export const disruptions = defineEndpoint({
  path: '/v1/disruptions.json',
  operationId: 'listDisruptions',
  tag: 'Disruptions',
  summary: 'Planned works, incidents and line status',
  description:
    'Disruptions from the national bus situation feed (SIRI-SX) and the capital authority line status feed, merged into one record shape. ' +
    'Filters combine (AND). lat/lon (with radius) and the bounding box are alternatives; both is a 400. ' +
    `Ordering: most disruptive first (severe, minor, information, unknown, good), then most recently raised. Each record lists at most ${MAX_LISTED_STOPS} affected stops (affected_stop_count gives the total); matching uses all of them. ` +
    '`sources` reports per feed when it was last retrieved and whether its last attempt failed (a failed feed keeps its last good records, marked stale), so an empty list is distinguishable from an outage. ' +
    SEVERITY_TABLE,
  auth: true,
  query: DisruptionsQuery,
  response: DisruptionList,
  errors: [400],
  handle(q, ctx) {
    const near = readPoint(q);
    const box = readBox(q, null);
    if (near && box) throw invalidParameter('Give either lat/lon (with radius) or a bounding box (min_lat, min_lon, max_lat, max_lon), not both.');
    if (!near && ctx.given.has('radius')) throw invalidParameter("Parameter 'radius' applies only with lat and lon.");
    if (q.path === undefined && ctx.given.has('path_radius')) throw invalidParameter("Parameter 'path_radius' applies only with 'path'.");
    const feeds = ctx.live.disruptions;
    const index = feeds?.index ?? DisruptionIndex.EMPTY;
    const nowMs = Date.now();
    const result = index.query({
      nowMs, ...paging(q), modes: q.mode, severities: q.severity, atcocode: q.atcocode, operator: q.operator, line: q.line,
      near: near && { ...near, radius: q.radius }, box, path: q.path, pathRadius: q.path_radius, planned: q.planned,
      activeOnly: q.active_only, includeGoodService: q.include_good_service || (q.severity?.includes('good') ?? false),
    });
    return listBody(ctx, q, result, (d) => toDisruption(d, nowMs), { sources: toDisruptionSources(feeds) });
  },
});
