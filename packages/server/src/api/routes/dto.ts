import type { Static } from '@sinclair/typebox';
import { formatUkTimestamp, type RouteDetail, type RouteJourney, type RouteStop, type RouteSummary } from '@transit/engine';
import type {
  BusRouteDetail as BusRouteDetailSchema,
  BusRouteDirection as BusRouteDirectionSchema,
  BusRouteJourney as BusRouteJourneySchema,
  BusRouteSummary as BusRouteSummarySchema,
  RailRouteDetail as RailRouteDetailSchema,
  RailRouteJourney as RailRouteJourneySchema,
  RailRouteSummary as RailRouteSummarySchema,
  RouteStop as RouteStopSchema,
} from './schemas.js';
import type { PageValues } from '../common/envelope.js';

/** Route response shapes (snake_case), typed from the schemas the OpenAPI document publishes. */
export type BusRouteDto = Static<typeof BusRouteSummarySchema>;
export type RailRouteDto = Static<typeof RailRouteSummarySchema>;
export type BusRouteDetailDto = Static<typeof BusRouteDetailSchema>;
export type RailRouteDetailDto = Static<typeof RailRouteDetailSchema>;
export type BusRouteDirectionDto = Static<typeof BusRouteDirectionSchema>;
export type RouteStopDto = Static<typeof RouteStopSchema>;
export type BusRouteJourneyDto = Static<typeof BusRouteJourneySchema>;
export type RailRouteJourneyDto = Static<typeof RailRouteJourneySchema>;

/** Fields shared by list items and details of both kinds. */
function routeBase(r: Omit<RouteSummary, 'directions'>): RailRouteDto {
  return { id: r.id, line: r.line, line_name: r.lineName, operator: r.operator, operator_code: r.operatorCode, mode: r.mode, journey_count: r.journeyCount };
}

/** Engine route → bus route list item. */
export function toBusRoute(r: RouteSummary): BusRouteDto {
  return { ...routeBase(r), directions: r.directions.map((d) => ({ direction: d.direction, origin: d.origin, destination: d.destination })) };
}

/** Engine route → rail route list item. */
export function toRailRoute(r: RouteSummary): RailRouteDto {
  return routeBase(r);
}

function toRouteStop(s: RouteStop): RouteStopDto {
  return { atcocode: s.atcocode, crs_code: s.crsCode, name: s.name, latitude: s.latitude, longitude: s.longitude };
}

function toBusJourney(j: RouteJourney): BusRouteJourneyDto {
  return {
    trip_id: j.tripId,
    direction: j.direction,
    departure_time: formatUkTimestamp(j.departure),
    arrival_time: formatUkTimestamp(j.arrival),
    origin: j.origin.name,
    destination: j.destination.name,
    stop_count: j.stopCount,
  };
}

function toRailJourney(j: RouteJourney): RailRouteJourneyDto {
  return {
    trip_id: j.tripId,
    origin: j.origin.name,
    origin_crs_code: j.origin.crsCode,
    destination: j.destination.name,
    destination_crs_code: j.destination.crsCode,
    departure_time: formatUkTimestamp(j.departure),
    arrival_time: formatUkTimestamp(j.arrival),
    stop_count: j.stopCount,
  };
}

/** The paged part of a detail: the date, page fields and the journeys of this page. */
function detailTail<J>(r: RouteDetail, q: PageValues, requestTime: string, toJourney: (j: RouteJourney) => J) {
  return {
    request_time: requestTime,
    date: r.date,
    representative_stops: r.representativeStops.map(toRouteStop),
    page: q.page,
    limit: q.limit,
    results_count: r.timetable.total,
    timetable: r.timetable.items.map(toJourney),
  };
}

/** Engine route detail → bus route detail body. */
export function toBusRouteDetail(r: RouteDetail, q: PageValues & { direction?: number }, requestTime: string): BusRouteDetailDto {
  const directions: BusRouteDirectionDto[] = r.directions.map((d) => ({
    direction: d.direction,
    origin: d.origin,
    destination: d.destination,
    stop_count: d.stopCount,
    shape: d.shape && { polyline: d.shape.polyline, point_count: d.shape.pointCount, length_m: d.shape.lengthMetres },
  }));
  return { ...routeBase(r), direction: q.direction ?? null, directions, ...detailTail(r, q, requestTime, toBusJourney) };
}

/** Engine route detail → rail route detail body (`directions` always empty). */
export function toRailRouteDetail(r: RouteDetail, q: PageValues, requestTime: string): RailRouteDetailDto {
  return { ...routeBase(r), directions: [], ...detailTail(r, q, requestTime, toRailJourney) };
}
