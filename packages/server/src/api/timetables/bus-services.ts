import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { BusService } from './schemas.js';
import { serviceDateParam } from './params.js';
import { toBusService } from './dto.js';
import { lookUpService } from './service-lookup.js';
import { LIVE_NOT_CONFIGURED } from '../../live/vehicle-feeds.js';

/** GET /v1/bus/services/{trip_id}.json: one bus, coach or tram journey with every stop. */
export const busServices = defineEndpoint({
  path: '/v1/bus/services/{trip_id}.json',
  pathParams: Type.Object({
    trip_id: Type.String({ description: 'A trip_id, or a dated_vehicle_journey_ref (YYYY-MM-DD:trip_id) from a stop board, which also fixes the date. Percent-encode reserved characters.' }),
  }),
  operationId: 'getBusService',
  tag: 'Bus',
  summary: 'One scheduled bus journey with all its stops',
  description:
    'Every call with its aimed arrival and departure as UK timestamps on the service date. 404 when the id is unknown, names a rail service, or the journey does not run on the date (the message names the date and the next date it runs). ' +
    '`live_vehicle` and `current_stop_sequence` come from the live vehicle feeds when a matched vehicle works this journey now (see LiveVehicle); they are null otherwise: no feed configured, the feed failing or stale, a journey that has not set off or has finished, or live=false. `live_error` says when feeds are missing, failing or stale.',
  auth: true,
  query: Type.Object({
    date: serviceDateParam(),
    live: Type.Boolean({ default: true, description: 'Look up the live vehicle working the journey (null when none is matched or no live feed is configured).' }),
  }),
  response: BusService,
  errors: [400, 404],
  // Timetable-only answers may be reused within the second; live ones change with every poll.
  cacheable: (q) => !q.live,
  handle(q, ctx) {
    const trip = lookUpService(ctx, ctx.path.trip_id, q.date, 'bus');
    if (!q.live) return toBusService(trip, ctx.requestTime, null);
    const vehicles = ctx.live.vehicles;
    if (!vehicles) return toBusService(trip, ctx.requestTime, LIVE_NOT_CONFIGURED);
    const nowMs = Date.now();
    const live = vehicles.overlay(nowMs).get(trip.tripIdx, trip.serviceDay) ?? null;
    return toBusService(trip, ctx.requestTime, vehicles.liveError(nowMs), live, { nowMs, simulated: vehicles.simulated });
  },
});
