import { Type } from '@sinclair/typebox';
import { formatUkTimestamp } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { Timestamp } from '../common/schemas.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** Body of GET /health. */
export const Health = Type.Object(
  {
    status: Type.Literal('ok'),
    request_time: Timestamp,
    snapshot: Type.Object({
      built_at: Type.String({ description: 'When the snapshot was built (UK local timestamp).' }),
      builder_version: Type.String(),
      feeds: Type.Integer({ minimum: 0, description: 'Number of source feeds compiled in.' }),
      service_days: Type.Union([Type.Object({ first: Day, last: Day }), Type.Null()], { description: 'First and last service dates of the timetable; null without one.' }),
      counts: Type.Object({}, { additionalProperties: Type.Integer({ minimum: 0 }), description: 'Entity counts (stops, stations, settlements, postcodes, routes, trips, ...).' }),
    }),
  },
  { title: 'Health', description: 'Liveness and provenance of the loaded snapshot.' },
);

/** GET /health: liveness and snapshot provenance; no key needed. */
export const health = defineEndpoint({
  path: '/health',
  operationId: 'health',
  tag: 'Service',
  summary: 'Liveness check and snapshot provenance',
  description: 'Needs no API key.',
  auth: false,
  query: Type.Object({}),
  response: Health,
  errors: [],
  handle(_q, ctx) {
    const info = ctx.engine.info;
    const built = Date.parse(info.builtAt);
    return {
      status: 'ok',
      request_time: ctx.requestTime,
      snapshot: {
        built_at: Number.isNaN(built) ? info.builtAt : formatUkTimestamp(built),
        builder_version: info.builderVersion,
        feeds: info.feeds.length,
        service_days: info.serviceDays,
        counts: info.counts,
      },
    };
  },
});
