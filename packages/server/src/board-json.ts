import { formatUkTimestamp, type BoardCall } from '@transit/engine';
import { apiMode } from './dto-timetable.js';

/**
 * Hand-rolled JSON for board entries: the fields that depend only on the trip (line, operator,
 * destination, ...) are serialised once per trip and kept, so a board costs a few string
 * concatenations per departure instead of a JSON.stringify of every field. The output is
 * byte-identical to JSON.stringify of the DTOs in dto-timetable.ts (test/server/board-json.test.ts
 * checks it); change both together.
 */
const q = JSON.stringify;

/** Trip-only JSON fragments by kind and trip, bounded: cleared when it reaches MAX_TRIPS entries. */
const MAX_TRIPS = 50_000;
const fragments = new Map<string, string>();

function fragment(key: string, build: () => string): string {
  let text = fragments.get(key);
  if (text === undefined) {
    if (fragments.size >= MAX_TRIPS) fragments.clear();
    fragments.set(key, (text = build()));
  }
  return text;
}

const head = (c: BoardCall, withCode: boolean, withOrigin: boolean, withDirection: boolean) =>
  `{"line":${q(c.line)},"line_name":${q(c.lineName)},"operator":${q(c.operator)}` +
  (withCode ? `,"operator_code":${q(c.operatorCode)}` : '') +
  (withOrigin ? `,"origin":${q(c.origin)}` : '') +
  `,"destination":${q(c.destination)}` +
  (withDirection ? `,"direction":${q(c.direction)}` : '') +
  `,"mode":${q(apiMode(c.mode))}`;

/** Same as JSON.stringify(toDeparture(c)). */
export function departureJson(c: BoardCall): string {
  const aimed = formatUkTimestamp(c.time);
  return (
    fragment('d' + c.tripId, () => head(c, true, false, true)) +
    `,"aimed_departure_time":"${aimed}","expected_departure_time":null,"best_departure_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","dated_vehicle_journey_ref":${q(c.datedRef)}` +
    fragment('t' + c.tripId, () => `,"trip_id":${q(c.tripId)},"live_vehicle":null}`)
  );
}

/** Same as JSON.stringify(toArrival(c)). */
export function arrivalJson(c: BoardCall): string {
  const aimed = formatUkTimestamp(c.time);
  return (
    fragment('a' + c.tripId, () => head(c, true, true, true)) +
    `,"aimed_arrival_time":"${aimed}","expected_arrival_time":null,"best_arrival_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","dated_vehicle_journey_ref":${q(c.datedRef)}` +
    fragment('t' + c.tripId, () => `,"trip_id":${q(c.tripId)},"live_vehicle":null}`)
  );
}

/** Same as JSON.stringify(toRailDeparture(c)). */
export function railDepartureJson(c: BoardCall): string {
  const aimed = formatUkTimestamp(c.time);
  return (
    fragment('D' + c.tripId, () => head(c, false, false, false)) +
    `,"aimed_departure_time":"${aimed}","expected_departure_time":null,"best_departure_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","trip_id":${q(c.tripId)},"platform":${q(c.platform)}}`
  );
}

/** Same as JSON.stringify(toRailArrival(c)). */
export function railArrivalJson(c: BoardCall): string {
  const aimed = formatUkTimestamp(c.time);
  return (
    fragment('A' + c.tripId, () => head(c, false, true, false)) +
    `,"aimed_arrival_time":"${aimed}","expected_arrival_time":null,"best_arrival_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","trip_id":${q(c.tripId)},"platform":${q(c.platform)}}`
  );
}

/** `"key":[a,b,...]` from already serialised entries, with a leading comma. */
export function jsonArrayField(key: string, entries: string[]): string {
  return `,${q(key)}:[${entries.join(',')}]`;
}
