/** Calendar arithmetic on day numbers (days since 1970-01-01, UTC): no clocks, no time zones. */

const MS_PER_DAY = 86_400_000;

/** Day number of a calendar date (month 1-12). */
export function dayNumber(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** 0 Monday ... 6 Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** GTFS date text, e.g. 20261225. */
export function gtfsDate(day: number): string {
  const d = new Date(day * MS_PER_DAY);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

/** The first (n = 1) or last (n = -1) Monday of a month. */
export function mondayOf(year: number, month: number, n: 1 | -1): number {
  if (n === 1) {
    const first = dayNumber(year, month, 1);
    return first + ((7 - weekdayOf(first)) % 7);
  }
  const last = dayNumber(year, month + 1, 0);
  return last - weekdayOf(last);
}
