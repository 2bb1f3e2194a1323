/**
 * The time model. The API speaks UK local time (Europe/London); GTFS times are seconds from the
 * service day's reference instant, "noon minus 12 hours" local, and may exceed 86 400.
 * UK rules (since 1996, EU-aligned): BST (+01:00) from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October; GMT (+00:00) otherwise. No Intl or I/O needed.
 */

/** Seconds since the service day's reference instant (noon minus 12 h, local); may exceed 86 400. */
export type Seconds = number;
/** Days since 1970-01-01 of a calendar date. */
export type DayNumber = number;

const DAY_MS = 86_400_000;

/** Day number of a calendar date. */
export function dayNumber(year: number, month: number, day: number): DayNumber {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** Calendar date of a day number as [year, month, day]. */
export function dateOfDay(day: DayNumber): [number, number, number] {
  const d = new Date(day * DAY_MS);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/** `YYYY-MM-DD` of a day number. */
export function formatDay(day: DayNumber): string {
  const [y, m, d] = dateOfDay(day);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/** Parses `YYYY-MM-DD` or GTFS `YYYYMMDD`; returns NaN when it is not a real date. */
export function parseDay(text: string): DayNumber {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!m) return NaN;
  const y = +m[1], mo = +m[2], d = +m[3];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return NaN;
  const day = dayNumber(y, mo, d);
  const [y2, mo2, d2] = dateOfDay(day);
  return y2 === y && mo2 === mo && d2 === d ? day : NaN;
}

/** Day of week of a day number, 0 = Monday ... 6 = Sunday (GTFS calendar.txt order). */
export function weekday(day: DayNumber): number {
  return (day + 3) % 7; // 1970-01-01 was a Thursday
}

/** Epoch ms of 01:00 UTC on the last Sunday of `month` (1-12) in `year`. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = dayNumber(year, month + 1, 0);
  const sunday = lastDay - ((weekday(lastDay) + 1) % 7);
  return sunday * DAY_MS + 3_600_000;
}

/** BST [start, end) instants of the last year asked for: formatting is called per departure, so the year's rules are computed once. */
let bstYear = NaN;
let bstStart = 0;
let bstEnd = 0;
const YEAR_MS = 365.2425 * DAY_MS;

/** UK offset from UTC in minutes (0 or 60) at an instant (epoch ms). */
export function ukOffsetMinutes(epochMs: number): number {
  // Mid-year instants need no exact year: only late December/early January can be off by one, and both are GMT.
  const year = 1970 + Math.floor(epochMs / YEAR_MS);
  if (year !== bstYear) {
    bstYear = year;
    bstStart = lastSundayOneUtc(year, 3);
    bstEnd = lastSundayOneUtc(year, 10);
  }
  return epochMs >= bstStart && epochMs < bstEnd ? 60 : 0;
}

/** Epoch ms of a UK local wall-clock time; in the skipped spring hour it moves forward, in the repeated autumn hour it takes the first (BST) instant. */
export function ukLocalToEpoch(day: DayNumber, secondsOfDay: number): number {
  const wall = day * DAY_MS + secondsOfDay * 1000;
  const bst = wall - 3_600_000;
  if (ukOffsetMinutes(bst) === 60) return bst;
  return wall;
}

/**
 * Epoch ms of the service day's reference instant: local noon minus 12 hours. On clock-change
 * days this is 23:00 or 01:00 of the local clock, as GTFS defines it.
 */
export function serviceDayReference(day: DayNumber): number {
  return ukLocalToEpoch(day, 12 * 3600) - 12 * 3_600_000;
}

/** `YYYY-MM-DDThh:mm:ss+hh:mm` in UK local time for an instant (epoch ms). */
export function formatUkTimestamp(epochMs: number): string {
  const offset = ukOffsetMinutes(epochMs);
  const local = Math.trunc(epochMs + offset * 60_000); // whole ms, as Date keeps them
  const day = Math.floor(local / DAY_MS);
  // The date part is made once per local day (a journey answer formats ~50 instants of one or two days).
  if (day !== stampDay) {
    const d = new Date(day * DAY_MS);
    stampPrefix = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T`;
    stampDay = day;
  }
  const s = Math.floor((local - day * DAY_MS) / 1000);
  return `${stampPrefix}${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}${offset === 60 ? '+01:00' : '+00:00'}`;
}
let stampDay = NaN;
let stampPrefix = '';

/** UK local calendar date (day number) of an instant. */
export function ukDayOf(epochMs: number): DayNumber {
  return Math.floor((epochMs + ukOffsetMinutes(epochMs) * 60_000) / DAY_MS);
}

const PAD2 = Array.from({ length: 60 }, (_, n) => (n < 10 ? '0' + n : String(n)));

function pad2(n: number): string {
  return n < 60 ? PAD2[n] : String(n);
}
