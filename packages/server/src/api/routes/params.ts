import { Type } from '@sinclair/typebox';
import { NOT_FOUND, type Engine, type RouteKind } from '@transit/engine';
import { ApiError } from '../common/api-error.js';
import { MAX_YEAR, MIN_YEAR, SERVICE_DATE_PATTERN } from '../timetables/params.js';

/** Longest `q` / `operator` accepted on route searches, in characters. */
export const MAX_ROUTE_TEXT = 100;

/** `date` of a route detail: a service date (read with readServiceDate, as service detail reads it). */
export const serviceDateParam = Type.Optional(
  Type.String({ maxLength: 10, pattern: SERVICE_DATE_PATTERN, description: `Service date of the timetable, YYYY-MM-DD (YYYYMMDD also accepted), years ${MIN_YEAR} to ${MAX_YEAR}. Default: today in UK local time.` }),
);

/** The route's dense index, or 404 `not_found`. */
export function findRouteOr404(engine: Engine, kind: RouteKind, routeId: string): number {
  const idx = engine.findRoute(kind, routeId);
  if (idx === NOT_FOUND) throw new ApiError(404, 'not_found', `No ${kind} route '${routeId.slice(0, 60)}'; search /v1/${kind}/routes.json for route ids.`);
  return idx;
}
