import { formatDay, type TripDetail } from '@transit/engine';
import type { HandlerContext } from '../common/endpoint.js';
import { ApiError, invalidParameter } from '../common/api-error.js';
import { readServiceDate } from './params.js';

/**
 * The journey a service detail request names: `id` is a trip_id (run on `date`, default today)
 * or a dated_vehicle_journey_ref `YYYY-MM-DD:trip_id` (run on its own date; a different
 * explicit `date` is a 400). 404 when the id is unknown, belongs to the other API
 * (rail vs bus), or the journey does not run on the date.
 */
export function lookUpService(ctx: HandlerContext, id: string, date: string | undefined, kind: 'bus' | 'rail'): TripDetail {
  const { engine } = ctx;
  // Parameters first: a bad date is a 400 whether or not the service exists.
  let day = readServiceDate(date);
  const ref = engine.resolveTrip(id);
  if (!ref) throw notFound(`No service with trip_id or dated_vehicle_journey_ref '${id.slice(0, 200)}'.`);
  if (ref.serviceDay !== null) {
    if (date !== undefined && day !== ref.serviceDay) throw invalidParameter(`Parameter 'date' (${date}) contradicts the date in '${id.slice(0, 200)}'; leave date out or make them equal.`);
    day = ref.serviceDay;
  }
  const summary = engine.tripSummary(ref.tripIdx);
  if ((summary.mode === 'rail') !== (kind === 'rail')) {
    const other = kind === 'rail' ? 'bus' : 'rail';
    throw notFound(`Service '${summary.tripId}' is not a ${kind} service; see /v1/${other}/services/${encodeURIComponent(summary.tripId)}.json.`);
  }
  const detail = engine.trip(ref.tripIdx, day);
  if (detail) return detail;
  const next = engine.nextTripDay(ref.tripIdx, day);
  throw notFound(`Service '${summary.tripId}' does not run on ${formatDay(day)}${Number.isNaN(next) ? '' : `; it next runs on ${formatDay(next)}`}.`);
}

/** 404 `not_found` with a message naming what is missing. */
export function notFound(message: string): ApiError {
  return new ApiError(404, 'not_found', message);
}
