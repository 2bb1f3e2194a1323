import { Type } from '@sinclair/typebox';
import { NOT_FOUND, type BoardType } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { StationTimetable } from './schemas.js';
import { boardParams, readWindow } from './params.js';
import { toBoardStation } from './dto.js';
import { BoardJson, jsonArrayField } from './board-json.js';
import { RawJson } from '../common/raw-json.js';
import { notFound } from './service-lookup.js';

/** GET /v1/rail/station_timetables/{crs_code}.json: scheduled trains at a station. */
export const stationTimetables = defineEndpoint({
  path: '/v1/rail/station_timetables/{crs_code}.json',
  pathParams: Type.Object({ crs_code: Type.String({ description: '3-letter CRS code of the station, any case.' }) }),
  operationId: 'getStationTimetable',
  tag: 'Rail',
  summary: 'Departures and arrivals of trains at a rail station',
  description:
    "Trains calling at any of the station's platforms in [datetime + from_offset, datetime + to_offset), earliest first (ties by trip_id), at most `limit` per list; trains after midnight on the previous service day are included. " +
    'Rail is timetable-only: expected times are null and best estimates equal the aimed times. `platform` is null where the timetable has none.',
  auth: true,
  query: Type.Object(boardParams()),
  response: StationTimetable,
  errors: [400, 404],
  cacheable: () => true,
  handle(q, ctx) {
    const window = readWindow(q);
    const stationIdx = ctx.engine.findStation(ctx.path.crs_code);
    if (stationIdx === NOT_FOUND) throw notFound(`No rail station with CRS code '${ctx.path.crs_code.slice(0, 20)}'.`);
    const board = (type: BoardType) => ctx.engine.stationBoard(stationIdx, { ...window, limit: q.limit, type });
    const station = toBoardStation(ctx.engine.station(stationIdx));
    const json = BoardJson.for(ctx.engine);
    // Hand-rolled JSON (board-json.ts), identical to serialising the StationTimetable schema's object.
    const head = JSON.stringify({ request_time: ctx.requestTime, crs_code: station.crs_code, station });
    return new RawJson(
      head.slice(0, -1) +
        (q.type !== 'arrivals' ? jsonArrayField('departures', board('departures').map((c) => json.railDeparture(c))) : '') +
        (q.type !== 'departures' ? jsonArrayField('arrivals', board('arrivals').map((c) => json.railArrival(c))) : '') +
        '}',
    );
  },
});
