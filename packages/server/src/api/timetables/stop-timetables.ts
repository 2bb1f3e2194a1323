import { Type } from '@sinclair/typebox';
import { NOT_FOUND, type BoardType } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { StopTimetable } from './schemas.js';
import { boardParams, readWindow } from './params.js';
import { BoardJson, jsonArrayField } from './board-json.js';
import { RawJson } from '../common/raw-json.js';
import { toBusStop } from '../common/dto.js';
import { notFound } from './service-lookup.js';
import { LIVE_NOT_CONFIGURED } from '../../live/vehicle-feeds.js';

/** `live_error` when live=true and no vehicle feed is configured. */
export { LIVE_NOT_CONFIGURED };

const StopTimetableQuery = Type.Object({
  ...boardParams(),
  live: Type.Boolean({
    default: false,
    description:
      'Match live vehicle positions (SIRI-VM / GTFS-realtime) onto departures; arrivals stay timetabled. Echoed as live_requested. Matched departures get expected_departure_time, status and live_vehicle; journeys aimed up to 30 minutes before the window that are expected inside it are added, and rows are then ordered by best_departure_estimate. When no feed is configured, or a feed fails or goes stale, live_error says why and unmatched rows stay timetabled.',
  }),
});

/** GET /v1/bus/stop_timetables/{atcocode}.json: scheduled departures and/or arrivals at a stop. */
export const stopTimetables = defineEndpoint({
  path: '/v1/bus/stop_timetables/{atcocode}.json',
  pathParams: Type.Object({ atcocode: Type.String({ description: 'ATCO code of the stop (exact, case-sensitive), as on /v1/bus/stops.json.' }) }),
  operationId: 'getStopTimetable',
  tag: 'Bus',
  summary: 'Departures and arrivals at a bus, tram or rail stop',
  description:
    'Calls in [datetime + from_offset, datetime + to_offset), earliest first (ties by trip_id), at most `limit` per list. Journeys running after midnight on the previous service day are included. ' +
    '`departures` (type departures or both) leaves out journeys ending at the stop and calls without pickup; `arrivals` (type arrivals or both) leaves out journeys starting there and calls without drop-off.',
  auth: true,
  query: StopTimetableQuery,
  response: StopTimetable,
  errors: [400, 404],
  // Timetable-only answers may be reused within the second; live ones change with every poll.
  cacheable: (q) => !q.live,
  handle(q, ctx) {
    const window = readWindow(q);
    const stopIdx = ctx.engine.findStop(ctx.path.atcocode);
    if (stopIdx === NOT_FOUND) throw notFound(`No stop with ATCO code '${ctx.path.atcocode.slice(0, 100)}'.`);
    const board = (type: BoardType) => ctx.engine.stopBoard(stopIdx, { ...window, limit: q.limit, type });
    // Hand-rolled JSON (board-json.ts), identical to serialising the StopTimetable schema's object; the ATCO lookup is exact, so the path parameter is the stop's code.
    const json = BoardJson.for(ctx.engine);
    const stop = json.stop(stopIdx, () => toBusStop(ctx.engine.stop(stopIdx)));
    const vehicles = q.live ? ctx.live.vehicles : null;
    const nowMs = Date.now();
    const liveError = !q.live ? null : vehicles ? vehicles.liveError(nowMs) : LIVE_NOT_CONFIGURED;
    const live = `,"live_requested":${q.live},"live_error":${JSON.stringify(liveError)}`;
    const departures = () => {
      if (!vehicles) return board('departures').map((c) => json.departure(c));
      const liveCtx = { nowMs, simulated: vehicles.simulated };
      return ctx.engine.liveStopBoard(stopIdx, { ...window, limit: q.limit, type: 'departures' }, vehicles.overlay(nowMs)).map((c) => json.departure(c, c.live, liveCtx));
    };
    return new RawJson(
      `{"request_time":"${ctx.requestTime}","atcocode":${JSON.stringify(ctx.path.atcocode)},"stop":${stop}${live}` +
        (q.type !== 'arrivals' ? jsonArrayField('departures', departures()) : '') +
        (q.type !== 'departures' ? jsonArrayField('arrivals', board('arrivals').map((c) => json.arrival(c))) : '') +
        '}',
    );
  },
});
