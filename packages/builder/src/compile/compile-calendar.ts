import { weekday } from '@transit/engine';
import type { TimetableModel } from '../gtfs/timetable-model.js';
import { NO_CALENDAR } from '../gtfs/service-columns.js';
import type { IssueLog } from '../issues.js';

/** Longest calendar span kept (days); feeds with decade-long calendars are clamped to the latest part. */
const MAX_DAYS = 366 * 12;

/**
 * Resolves calendar.txt and calendar_dates.txt into day bitsets: `words` holds each distinct
 * bitset once (W = ceil(dayCount / 32) words a row) and `rows[s]` is service s's row. Services
 * share rows: a national feed repeats a few thousand calendars over hundreds of thousands of
 * service ids, and a 12-year calendar costs 552 bytes a row.
 */
export function compileCalendar(tt: TimetableModel, issues: IssueLog): { firstDay: number; dayCount: number; words: Uint32Array; rows: Uint32Array } {
  const sv = tt.services;
  const serviceCount = sv.length;
  const [start, end, weekdays] = [sv.start.view(), sv.end.view(), sv.weekdays.view()];
  const [exceptionService, exceptionDay, exceptionAdded] = [sv.exceptionService.view(), sv.exceptionDay.view(), sv.exceptionAdded.view()];
  let first = Infinity;
  let last = -Infinity;
  for (let s = 0; s < serviceCount; s++) {
    if (start[s] !== NO_CALENDAR) {
      first = Math.min(first, start[s]);
      last = Math.max(last, end[s]);
    }
  }
  const exceptionCount = exceptionService.length;
  for (let e = 0; e < exceptionCount; e++) {
    if (!exceptionAdded[e]) continue;
    first = Math.min(first, exceptionDay[e]);
    last = Math.max(last, exceptionDay[e]);
  }
  const rows = new Uint32Array(serviceCount);
  if (!Number.isFinite(first)) return { firstDay: 0, dayCount: 0, words: new Uint32Array(0), rows };
  if (last - first + 1 > MAX_DAYS) {
    issues.add({ code: 'calendar_too_long', severity: 'warning', file: 'calendar.txt', line: 0, entityId: '', field: 'start_date', value: `${last - first + 1} days`, message: `service calendars span more than ${MAX_DAYS} days; only the last ${MAX_DAYS} are kept` });
    first = last - MAX_DAYS + 1;
  }
  const dayCount = last - first + 1;
  const perService = Math.ceil(dayCount / 32);
  const row = new Uint32Array(perService);
  const set = (day: number, on: boolean) => {
    const d = day - first;
    if (d < 0 || d >= dayCount) return;
    if (on) row[d >>> 5] |= 1 << (d & 31);
    else row[d >>> 5] &= ~(1 << (d & 31));
  };
  // Each service's exceptions (CSR, in the order read): removed days first, then added days.
  const exceptionOffsets = new Uint32Array(serviceCount + 1);
  for (let e = 0; e < exceptionCount; e++) exceptionOffsets[exceptionService[e] + 1]++;
  for (let s = 0; s < serviceCount; s++) exceptionOffsets[s + 1] += exceptionOffsets[s];
  const exceptions = new Uint32Array(exceptionCount);
  const cursor = exceptionOffsets.slice(0, serviceCount);
  for (let e = 0; e < exceptionCount; e++) exceptions[cursor[exceptionService[e]]++] = e;
  const distinct = new DistinctRows(perService);
  for (let s = 0; s < serviceCount; s++) {
    row.fill(0);
    if (start[s] !== NO_CALENDAR) {
            for (let day = Math.max(start[s], first); day <= end[s]; day++) if (weekdays[s] & (1 << weekday(day))) set(day, true);
    }
    for (let i = exceptionOffsets[s]; i < exceptionOffsets[s + 1]; i++) if (!exceptionAdded[exceptions[i]]) set(exceptionDay[exceptions[i]], false);
    for (let i = exceptionOffsets[s]; i < exceptionOffsets[s + 1]; i++) if (exceptionAdded[exceptions[i]]) set(exceptionDay[exceptions[i]], true);
    rows[s] = distinct.add(row);
  }
  return { firstDay: first, dayCount, words: distinct.words(), rows };
}

/** Rows of `width` words, each kept once: `add` returns the row's index among the distinct ones. */
class DistinctRows {
  private data = new Uint32Array(1024);
  private count = 0;
  /** Hash -> first row with it, then `next` chains rows of the same hash. */
  private readonly byHash = new Map<number, number>();
  private next: number[] = [];

  constructor(private readonly width: number) {}

  add(row: Uint32Array): number {
    const w = this.width;
    let h = 0x811c9dc5;
    for (let k = 0; k < w; k++) h = Math.imul(h ^ row[k], 0x01000193);
    for (let r = this.byHash.get(h) ?? -1; r >= 0; r = this.next[r]) {
      let same = true;
      for (let k = 0; k < w && same; k++) same = this.data[r * w + k] === row[k];
      if (same) return r;
    }
    if ((this.count + 1) * w > this.data.length) {
      const grown = new Uint32Array(Math.max(this.data.length * 2, (this.count + 1) * w));
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(row, this.count * w);
    this.next[this.count] = this.byHash.get(h) ?? -1;
    this.byHash.set(h, this.count);
    return this.count++;
  }

  words(): Uint32Array {
    return this.data.slice(0, this.count * this.width);
  }
}
