import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { QueryDays } from './query-days.js';
import { DAY_SPAN } from './query-days.js';

/** What `earliestTrip` / `latestTrip` return when no trip qualifies. */
export const NO_TRIP = -1;

/** `cutRank` and `cutDay` when no trip is ridden (the rank the scans keep then): no day's trips are cut. */
export const NO_CUT = -1;

/** A found trip's rank in its pattern. The searches return rank and service day packed in one number (rank << 2 | day: DAY_SPAN is at most 4, a rank below 2^29), so they allocate nothing and keep no state. */
export function foundRank(found: number): number {
  return found >> 2;
}

/** A found trip's service day (0 = the day before the query day). */
export function foundDay(found: number): number {
  return found & 3;
}

/**
 * The earliest running trip departing at or after `need` and before `before` (Seconds of the
 * query day), over the service days of `dayMask` (bit d: day d): the pattern's trips are
 * [tripFirst, tripFirst + tc), their departures at the stop at `col + r` of `tt.times` (offsets
 * from tripBase). The trips from `cutRank` on `cutDay` (the trip ridden; NO_CUT: none) are not
 * searched: FIFO, they depart no earlier than it, which `before` already rules out. Returns the
 * trip packed (`foundRank`, `foundDay`) or NO_TRIP. Called per stop per pattern scanned, mostly in
 * vain: a day is ruled out by its bounding departures before any binary search.
 */
export function earliestTrip(tt: TimetableTables, days: QueryDays, dayMask: number, col: number, tripFirst: number, tc: number, need: number, before: number, cutRank: number, cutDay: number): number {
  const departures = tt.times; // col is a departure row, trip tripFirst + r's offset at col + r
  const base = tt.tripBase;
  const { shift, slotDays } = days;
  // The pattern's first and last departures here, read once for every day.
  const first = base[tripFirst] + departures[col];
  const last = base[tripFirst + tc - 1] + departures[col + tc - 1];
  let best = before;
  let found = NO_TRIP;
  for (let d = 0; d < DAY_SPAN; d++) {
    if ((dayMask & (1 << d)) === 0) continue;
    const sh = shift[d];
    const end = d === cutDay ? cutRank : tc;
    if (end === 0 || (end === tc ? last : base[tripFirst + end - 1] + departures[col + end - 1]) + sh < need || first + sh >= best) continue;
    let lo = 0, hi = end;
    const key = need - sh;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (base[tripFirst + mid] + departures[col + mid] < key) lo = mid + 1;
      else hi = mid;
    }
    for (let r = lo; r < end; r++) {
      const v = base[tripFirst + r] + departures[col + r] + sh;
      if (v >= best) break;
      if ((slotDays[tripFirst + r] >> d) & 1) {
        best = v;
        found = (r << 2) | d;
        break;
      }
    }
  }
  return found;
}

/**
 * The latest running trip arriving at or before `latest` and after `after`, over the service
 * days of `dayMask`, its arrivals at `col + r`; the trips up to `cutRank` on `cutDay` are not
 * searched. The mirror of `earliestTrip`, kept as its own copy: every comparison, the scan's
 * direction and the ridden trip's cut (end vs start) flip, and a shared body would test the
 * direction inside the binary search and the scan, called per stop per pattern scanned.
 */
export function latestTrip(tt: TimetableTables, days: QueryDays, dayMask: number, col: number, tripFirst: number, tc: number, latest: number, after: number, cutRank: number, cutDay: number): number {
  const arrivals = tt.times; // col is an arrival row, trip tripFirst + r's offset at col + r
  const base = tt.tripBase;
  const { shift, slotDays } = days;
  // The pattern's first and last arrivals here, read once for every day.
  const first = base[tripFirst] + arrivals[col];
  const last = base[tripFirst + tc - 1] + arrivals[col + tc - 1];
  let best = after;
  let found = NO_TRIP;
  for (let d = 0; d < DAY_SPAN; d++) {
    if ((dayMask & (1 << d)) === 0) continue;
    const sh = shift[d];
    const start = d === cutDay ? cutRank + 1 : 0;
    if (start === tc || (start === 0 ? first : base[tripFirst + start] + arrivals[col + start]) + sh > latest || last + sh <= best) continue;
    let lo = start, hi = tc;
    const key = latest - sh;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (base[tripFirst + mid] + arrivals[col + mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    for (let r = lo - 1; r >= start; r--) {
      const v = base[tripFirst + r] + arrivals[col + r] + sh;
      if (v <= best) break;
      if ((slotDays[tripFirst + r] >> d) & 1) {
        best = v;
        found = (r << 2) | d;
        break;
      }
    }
  }
  return found;
}
