import { Type } from '@sinclair/typebox';
import { dateOfDay, dayNumber, parseDay, ukDayOf, ukLocalToEpoch, type DayNumber } from '@transit/engine';
import { StringEnum } from '../common/param-types.js';
import { invalidParameter } from '../common/api-error.js';

/** Bounds of `from_offset` / `to_offset`, minutes from `datetime`: one day back, two days ahead. */
export const MIN_BOARD_OFFSET = -1440;
export const MAX_BOARD_OFFSET = 2880;
/** Largest board `limit` (calls per list). */
export const MAX_BOARD_LIMIT = 100;
export const BOARD_TYPES = ['departures', 'arrivals', 'both'] as const;

/**
 * Years a `datetime` or service `date` may name. Beyond them no timetable runs, and a late enough
 * one (9999-12-31) made answers with five-digit years that break the timestamp format.
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 2099;

/** `datetime` as the parser reads it (its `pattern` in the OpenAPI document too). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+\- ])(\d{2})(?::?(\d{2}))?)?$/;

/** `pattern` of a `datetime` parameter: the shape parseDateTime reads (it also checks the calendar). */
export const DATE_TIME_PATTERN = DATE_TIME.source;

/** `pattern` of a service `date`: YYYY-MM-DD or YYYYMMDD (readServiceDate also checks the calendar). */
export const SERVICE_DATE_PATTERN = '^\\d{4}-?\\d{2}-?\\d{2}$';

/** Query parameters of stop and station boards. */
export function boardParams() {
  const offset = (what: string, dflt: number) =>
    Type.Integer({ minimum: MIN_BOARD_OFFSET, maximum: MAX_BOARD_OFFSET, default: dflt, description: `${what} of the window, in minutes relative to \`datetime\` (negative: before it). to_offset must be greater than from_offset.` });
  return {
    datetime: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: DATE_TIME_PATTERN,
        description:
          `Anchor of the window, ISO 8601 (years ${MIN_YEAR} to ${MAX_YEAR}): YYYY-MM-DDThh:mm[:ss[.sss]] with an optional offset (Z, +01:00, +0100; a space in place of an unencoded +). ` +
          'Without an offset it is UK local time (in the repeated autumn hour the first, BST, instant; in the skipped spring hour, one hour later). Default: now.',
      }),
    ),
    from_offset: offset('Start (inclusive)', 0),
    to_offset: offset('End (exclusive)', 60),
    limit: Type.Integer({ minimum: 1, maximum: MAX_BOARD_LIMIT, default: 20, description: `Most calls per list, earliest first (at most ${MAX_BOARD_LIMIT}).` }),
    type: StringEnum(BOARD_TYPES, { default: 'departures', description: 'departures (journeys ending here left out), arrivals (journeys starting here left out, journeys ending here included) or both.' }),
  };
}

/** The board window in epoch ms: [datetime + from_offset, datetime + to_offset). */
export function readWindow(q: { datetime?: string; from_offset: number; to_offset: number }, now = Date.now()): { from: number; to: number } {
  // datetime is read first, as the parameters are listed: its error is reported before the offsets'.
  const anchor = q.datetime === undefined ? now : parseDateTime(q.datetime);
  if (q.to_offset <= q.from_offset) throw invalidParameter(`Parameter 'to_offset' must be greater than from_offset; got from_offset=${q.from_offset}, to_offset=${q.to_offset}.`);
  return { from: anchor + q.from_offset * 60_000, to: anchor + q.to_offset * 60_000 };
}

/** Epoch ms of an ISO 8601 date-time; without an offset, UK local time. Throws 400 naming `datetime`. */
export function parseDateTime(text: string): number {
  const m = DATE_TIME.exec(text);
  const fail = () => invalidParameter(`Parameter 'datetime' must be an ISO 8601 date-time from ${MIN_YEAR} to ${MAX_YEAR} such as 2026-03-05T08:30 or 2026-03-05T08:30:00+00:00; got '${text.slice(0, 40)}'.`);
  if (!m) throw fail();
  const [y, mo, d, h, mi] = [+m[1], +m[2], +m[3], +m[4], +m[5]];
  const s = m[6] ? +m[6] : 0;
  const ms = m[7] ? Math.floor(+`0.${m[7]}` * 1000) : 0;
  const day = dayNumber(y, mo, d);
  const [y2, mo2, d2] = dateOfDay(day);
  if (y < MIN_YEAR || y > MAX_YEAR || y2 !== y || mo2 !== mo || d2 !== d || h > 23 || mi > 59 || s > 59) throw fail();
  const secondsOfDay = h * 3600 + mi * 60 + s;
  if (!m[8] && !m[9]) return ukLocalToEpoch(day, secondsOfDay) + ms;
  const offsetMinutes = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (+m[10] * 60 + (m[11] ? +m[11] : 0));
  if (m[9] && (+m[10] > 18 || (m[11] !== undefined && +m[11] > 59))) throw fail();
  return (day * 86_400 + secondsOfDay) * 1000 + ms - offsetMinutes * 60_000;
}

/** `date` of service detail: YYYY-MM-DD (YYYYMMDD also accepted); default today in UK local time. Throws 400 naming `date`. */
export function readServiceDate(date: string | undefined, now = Date.now()): DayNumber {
  if (date === undefined) return ukDayOf(now);
  const day = parseDay(date);
  const year = Number(date.slice(0, 4));
  if (Number.isNaN(day) || year < MIN_YEAR || year > MAX_YEAR) throw invalidParameter(`Parameter 'date' must be a date YYYY-MM-DD from ${MIN_YEAR} to ${MAX_YEAR}; got '${date.slice(0, 40)}'.`);
  return day;
}

/** The `date` parameter of service detail. */
export function serviceDateParam() {
  return Type.Optional(
    Type.String({
      maxLength: 10,
      pattern: SERVICE_DATE_PATTERN,
      description: `Service date of the journey (YYYY-MM-DD, years ${MIN_YEAR} to ${MAX_YEAR}; times after midnight belong to the day the journey started). Default: today in UK local time. A dated_vehicle_journey_ref path carries its own date.`,
    }),
  );
}
