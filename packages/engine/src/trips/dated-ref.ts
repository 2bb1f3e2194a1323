import { formatDay, parseDay, type DayNumber } from '../time.js';

/**
 * A dated trip reference (the API's `dated_vehicle_journey_ref`): the service date, a colon and
 * the trip_id, e.g. `2026-03-05:VJ_123`. It names one run of a trip, so a journey shown after
 * midnight on yesterday's service day resolves to the right date.
 */
export function datedTripRef(day: DayNumber, tripId: string): string {
  return `${formatDay(day)}:${tripId}`;
}

/** Splits a dated reference into its day and trip_id; null when the text is not one. */
export function parseDatedTripRef(text: string): { day: DayNumber; tripId: string } | null {
  if (text.length < 12 || text.charCodeAt(10) !== 58) return null; // ':' after YYYY-MM-DD
  const day = parseDay(text.slice(0, 10));
  if (Number.isNaN(day) || text.charCodeAt(4) !== 45) return null; // '-': the ISO form only
  return { day, tripId: text.slice(11) };
}
