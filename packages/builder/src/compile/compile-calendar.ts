import { weekday } from '@transit/engine';
import type { TimetableModel } from '../gtfs/timetable-model.js';
import type { IssueLog } from '../issues.js';

/** Longest calendar span kept (days); feeds with decade-long calendars are clamped to the latest part. */
const MAX_DAYS = 366 * 12;

/** Resolves calendar.txt and calendar_dates.txt into one day bitset per service. */
export function compileCalendar(tt: TimetableModel, issues: IssueLog): { firstDay: number; dayCount: number; words: Uint32Array } {
  let first = Infinity;
  let last = -Infinity;
  for (const s of tt.services) {
    if (!Number.isNaN(s.start)) {
      first = Math.min(first, s.start);
      last = Math.max(last, s.end);
    }
    for (const d of s.added) {
      first = Math.min(first, d);
      last = Math.max(last, d);
    }
  }
  if (!Number.isFinite(first)) return { firstDay: 0, dayCount: 0, words: new Uint32Array(0) };
  if (last - first + 1 > MAX_DAYS) {
    issues.add({ code: 'calendar_too_long', severity: 'warning', file: 'calendar.txt', line: 0, entityId: '', field: 'start_date', value: `${last - first + 1} days`, message: `service calendars span more than ${MAX_DAYS} days; only the last ${MAX_DAYS} are kept` });
    first = last - MAX_DAYS + 1;
  }
  const dayCount = last - first + 1;
  const perService = Math.ceil(dayCount / 32);
  const words = new Uint32Array(perService * tt.services.length);
  const set = (base: number, day: number, on: boolean) => {
    const d = day - first;
    if (d < 0 || d >= dayCount) return;
    if (on) words[base + (d >>> 5)] |= 1 << (d & 31);
    else words[base + (d >>> 5)] &= ~(1 << (d & 31));
  };
  tt.services.forEach((s, i) => {
    const base = i * perService;
    if (!Number.isNaN(s.start)) {
      for (let day = Math.max(s.start, first); day <= s.end; day++) if (s.weekdays & (1 << weekday(day))) set(base, day, true);
    }
    for (const d of s.removed) set(base, d, false);
    for (const d of s.added) set(base, d, true);
  });
  return { firstDay: first, dayCount, words };
}
