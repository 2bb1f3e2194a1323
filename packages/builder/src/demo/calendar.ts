import { dayNumber, gtfsDate, weekdayOf } from './dates.js';
import { bankHolidays, schoolHolidayWeekdays } from './holidays.js';

/** First year of the demo calendars. */
export const FIRST_YEAR = 2024;
/** Last year of the demo calendars: the demo runs on any date until the end of 2030. */
export const LAST_YEAR = 2030;

/** Services: weekdays (Mon-Fri), Saturdays, Sundays, school days. Bit i = weekday i (0 Monday). */
const SERVICES: readonly [id: string, weekdays: number][] = [
  ['WK', 0b0011111],
  ['SA', 0b0100000],
  ['SU', 0b1000000],
  ['SCH', 0b0011111],
];

/** calendar.txt rows: every service from 1 January of FIRST_YEAR to 31 December of LAST_YEAR. */
export function calendarRows(): string[][] {
  const [start, end] = [gtfsDate(dayNumber(FIRST_YEAR, 1, 1)), gtfsDate(dayNumber(LAST_YEAR, 12, 31))];
  return SERVICES.map(([id, mask]) => [id, ...[0, 1, 2, 3, 4, 5, 6].map((d) => String((mask >> d) & 1)), start, end]);
}

/**
 * calendar_dates.txt rows: on Christmas Day every service is removed (type 2); on the other bank
 * holidays the day's usual service is removed and the Sunday service added (type 1); school-day
 * journeys are removed in school holidays. Rows come in date order.
 */
export function calendarDateRows(): string[][] {
  const rows: [number, string, string][] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const schoolOff = new Set(schoolHolidayWeekdays(year));
    for (const { day, christmasDay } of bankHolidays(year)) {
      schoolOff.add(day);
      const usual = SERVICES.filter(([id, mask]) => id !== 'SCH' && (mask >> weekdayOf(day)) & 1).map(([id]) => id);
      if (christmasDay) for (const id of usual) rows.push([day, id, '2']);
      else if (!usual.includes('SU')) rows.push(...usual.map((id): [number, string, string] => [day, id, '2']), [day, 'SU', '1']);
    }
    for (const day of schoolOff) if (weekdayOf(day) < 5) rows.push([day, 'SCH', '2']);
  }
  rows.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return rows.map(([day, id, type]) => [id, gtfsDate(day), type]);
}
