import { Type } from '@sinclair/typebox';
import { NOT_FOUND, type BoardType } from '@transit/engine';
import { defineEndpoint } from './endpoint.js';
import { StopTimetable } from '../schemas-timetable.js';
import { boardParams, readWindow } from '../timetable-params.js';
import { BoardJson, jsonArrayField } from '../board-json.js';
import { RawJson } from '../http/reply.js';
import { toBusStop } from '../dto.js';
import { notFound } from '../service-lookup.js';

/** `live_error` when live=true: no live feed is wired in yet. */
export const LIVE_NOT_CONFIGURED = 'Live vehicle data is not configured on this server; departures are from the timetable only.';

const StopTimetableQuery = Type.Object({
  ...boardParams(),
  live: Type.Boolean({ default: false, description: 'Match live vehicle positions onto departures. Echoed as live_requested; while no live feed is configured, live_error says so and the board is timetable-only.' }),
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
  handle(q, ctx) {
    const window = readWindow(q);
    const stopIdx = ctx.engine.findStop(ctx.path.atcocode);
    if (stopIdx === NOT_FOUND) throw notFound(`No stop with ATCO code '${ctx.path.atcocode.slice(0, 100)}'.`);
    const board = (type: BoardType) => ctx.engine.stopBoard(stopIdx, { ...window, limit: q.limit, type });
    // Hand-rolled JSON (board-json.ts), identical to serialising the StopTimetable schema's object; the ATCO lookup is exact, so the path parameter is the stop's code.
    const json = BoardJson.for(ctx.engine);
    const stop = json.stop(stopIdx, () => toBusStop(ctx.engine.stop(stopIdx)));
    const live = `,"live_requested":${q.live},"live_error":${JSON.stringify(q.live ? LIVE_NOT_CONFIGURED : null)}`;
    return new RawJson(
      `{"request_time":"${ctx.requestTime}","atcocode":${JSON.stringify(ctx.path.atcocode)},"stop":${stop}${live}` +
        (q.type !== 'arrivals' ? jsonArrayField('departures', board('departures').map((c) => json.departure(c))) : '') +
        (q.type !== 'departures' ? jsonArrayField('arrivals', board('arrivals').map((c) => json.arrival(c))) : '') +
        '}',
    );
  },
});
