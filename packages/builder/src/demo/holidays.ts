import { dayNumber, easterSunday, mondayOf, weekdayOf } from './dates.js';

/** A bank holiday: Christmas Day has no service at all; the others run a Sunday timetable. */
export interface BankHoliday {
  day: number;
  christmasDay: boolean;
}

/** The next weekday on or after `day` that is not in `taken` (substitute bank holidays). */
function substitute(day: number, taken: number[]): number {
  let d = day;
  while (weekdayOf(d) >= 5 || taken.includes(d)) d++;
  return d;
}

/**
 * England and Wales bank holidays of a year, with substitute days when one falls at a weekend.
 * Christmas Day and Boxing Day themselves are listed too (buses keep to them, not the substitutes).
 */
export function bankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const christmas = dayNumber(year, 12, 25);
  const boxing = christmas + 1;
  const days = [substitute(dayNumber(year, 1, 1), []), easter - 2, easter + 1, mondayOf(year, 5, 1), mondayOf(year, 5, -1), mondayOf(year, 8, -1)];
  const xmasSub = substitute(christmas, []);
  const boxingSub = substitute(boxing, [xmasSub]);
  const holidays = days.map((day) => ({ day, christmasDay: false }));
  holidays.push({ day: christmas, christmasDay: true }, { day: boxing, christmasDay: false });
  for (const sub of [xmasSub, boxingSub]) if (sub !== christmas && sub !== boxing) holidays.push({ day: sub, christmasDay: false });
  return holidays.sort((a, b) => a.day - b.day);
}

/**
 * School-holiday weekdays of a year in a typical Yorkshire pattern: Christmas (to 3 January and
 * from 20 December), February half term, two Easter weeks, Whitsun week, summer (22 July -
 * 31 August) and October half term.
 */
export function schoolHolidayWeekdays(year: number): number[] {
  const easter = easterSunday(year);
  const ranges: [number, number][] = [
    [dayNumber(year, 1, 1), dayNumber(year, 1, 3)],
    [mondayOf(year, 2, 1) + 14, mondayOf(year, 2, 1) + 18],
    [easter - 6, easter + 5],
    [mondayOf(year, 5, -1), mondayOf(year, 5, -1) + 4],
    [dayNumber(year, 7, 22), dayNumber(year, 8, 31)],
    [mondayOf(year, 10, -1), mondayOf(year, 10, -1) + 4],
    [dayNumber(year, 12, 20), dayNumber(year, 12, 31)],
  ];
  const out: number[] = [];
  for (const [from, to] of ranges) for (let d = from; d <= to; d++) if (weekdayOf(d) < 5) out.push(d);
  return out;
}
