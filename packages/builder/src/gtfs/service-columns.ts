import { growI32, growU32, growU8 } from '../write/growable.js';

/** One service as parsers hand it over whole (CIF schedules); GTFS fills its calendars row by row. */
export interface ServiceRow {
  id: string;
  /** Bit i = runs on weekday i (0 Monday ... 6 Sunday) between start and end. */
  weekdays: number;
  /** Day numbers; NaN when the service has no calendar.txt row. */
  start: number;
  end: number;
  added: number[];
  removed: number[];
}

/** Sentinel start and end day of a service without a calendar.txt row. */
export const NO_CALENDAR = -2_000_000_000;

/**
 * The parsed services as columns, by service index: no object (and no two arrays) per service;
 * calendar_dates.txt exceptions are one flat list in the order read (a national feed has
 * hundreds of thousands of services).
 */
export class ServiceColumns {
  /** Service -> service_id (per feed; CIF: the schedule's trip id). */
  readonly id: string[] = [];
  /** Service -> bit i = runs on weekday i (0 Monday ... 6 Sunday) between start and end. */
  readonly weekdays = growU8();
  /** Service -> first and last day number of its calendar.txt row, NO_CALENDAR without one. */
  readonly start = growI32();
  readonly end = growI32();
  /** Exception -> its service, day number, and 1 added / 0 removed. */
  readonly exceptionService = growU32();
  readonly exceptionDay = growI32();
  readonly exceptionAdded = growU8();

  get length(): number {
    return this.id.length;
  }

  /** Appends a service with its calendar and exceptions; returns its index. */
  push(row: ServiceRow): number {
    const s = this.id.push(row.id) - 1;
    this.weekdays.push(0);
    this.start.push(NO_CALENDAR);
    this.end.push(NO_CALENDAR);
    if (!Number.isNaN(row.start)) this.setCalendar(s, row.start, row.end, row.weekdays);
    for (const d of row.removed) this.addException(s, d, false);
    for (const d of row.added) this.addException(s, d, true);
    return s;
  }

  hasCalendar(s: number): boolean {
    return this.start.get(s) !== NO_CALENDAR;
  }

  setCalendar(s: number, start: number, end: number, weekdays: number): void {
    this.start.set(s, start);
    this.end.set(s, end);
    this.weekdays.set(s, weekdays);
  }

  addException(s: number, day: number, added: boolean): void {
    this.exceptionService.push(s);
    this.exceptionDay.push(day);
    this.exceptionAdded.push(added ? 1 : 0);
  }
}
