import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { TripDescriber } from '../trips/trip-describer.js';
import type { BoardType, TransitMode } from '../api.js';
import type { BoardHits } from './board-hits.js';
import { BoardCursors } from './board-cursors.js';
import { EntryBounds, LISTS_ARRIVALS, LISTS_DEPARTURES, type EntryBoundColumns } from './entry-bounds.js';

const DAY_MS = 86_400_000;

/**
 * The board algorithm (DESIGN.md "Queries"). For each (pattern, position) calling at the
 * stops and each service day whose trips can fall in the window, one cursor: a binary search
 * in that position's contiguous, sorted column of the stop-major time matrix, then forward over
 * trips whose service runs that day. Cursors are merged by time until `limit` calls are out.
 * Order: time, then trip_id bytes, then position, then stop. Allocation-free once warm.
 */
export class BoardSearch {
  private readonly cursors = new BoardCursors();
  private maxSeconds = -1;
  private bounds: EntryBounds | undefined;
  /** Candidate service days of the current search: day index, and its window in Seconds [lo, hi). */
  private dayIdx = new Int32Array(16);
  private dayLo = new Int32Array(16);
  private dayHi = new Int32Array(16);

  constructor(
    private readonly tt: TimetableTables,
    private readonly calendar: ServiceCalendar,
    private readonly describer: TripDescriber,
    /** The entry bound columns of another engine over the same snapshot (shared memory), or undefined: made on the first search. */
    private readonly boundColumns?: EntryBoundColumns,
  ) {}

  /**
   * Writes the calls at `stops[first..end)` in [from, to) (epoch ms) into `hits`, earliest
   * first, at most `limit`. `mode` keeps only patterns of that mode (null: all). Called per
   * request: must not allocate (scratch grows only when a stop has more cursors than ever before).
   */
  search(stops: Uint32Array, first: number, end: number, type: BoardType, from: number, to: number, limit: number, mode: TransitMode | null, hits: BoardHits): number {
    hits.ensure(limit);
    hits.count = 0;
    const cal = this.calendar;
    if (cal.dayCount === 0) return 0;
    const refs = cal.references();
    const tt = this.tt;
    const { times, tripBase } = tt;
    const departs = type === 'departures';
    const c = this.cursors;
    c.reset(times, tripBase);
    const dayCount = this.candidateDays(refs, from, to);
    const { dayIdx, dayLo, dayHi } = this;
    const bounds = (this.bounds ??= new EntryBounds(tt, this.boundColumns));
    const { min: entryMin, max: entryMax, listed } = bounds.columns;
    const rows = departs ? bounds.columns.departureRow : bounds.columns.arrivalRow;
    const want = type === 'departures' ? LISTS_DEPARTURES : LISTS_ARRIVALS;
    const { stopPatternOffsets, stopPatterns, stopPatternPos, patternTripOffsets } = tt;
    for (let si = first; si < end; si++) {
      const stop = stops[si];
      bounds.fill(stop);
      const entryEnd = stopPatternOffsets[stop + 1];
      for (let e = stopPatternOffsets[stop]; e < entryEnd; e++) {
        if ((listed[e] & want) === 0 || !this.meets(entryMin[e], entryMax[e], dayCount)) continue;
        const p = stopPatterns[e];
        if (mode !== null && this.describer.patternMode(p) !== mode) continue;
        const pos = stopPatternPos[e];
        const tripFirst = patternTripOffsets[p];
        const n = patternTripOffsets[p + 1] - tripFirst;
        const row = rows[e];
        // The entry's bounds (earliest arrival, latest departure) hold this row's times too: a day they rule out reads neither the row nor its trips' bases.
        const min = entryMin[e];
        const max = entryMax[e];
        for (let d = 0; d < dayCount; d++) {
          const lo = dayLo[d];
          const hi = dayHi[d];
          if (hi <= min || lo > max) continue;
          const i = dayIdx[d];
          c.open(row, n, tripFirst, lo <= min ? 0 : lowerBound(times, row, tripBase, tripFirst, n, lo), hi, i, refs[i], pos, stop, tt, cal);
        }
      }
    }
    return this.merge(limit, hits);
  }

  /**
   * Pops the earliest head until `limit` calls are out and the next head is later than the last
   * (a linear scan of the few open cursors beats a heap here). A column lists equal times in
   * pattern order, not trip_id order: the calls of the boundary's time are all taken, the
   * output's equal-time runs sorted by trip_id (insertion sort: already sorted by time), then cut.
   */
  private merge(limit: number, hits: BoardHits): number {
    const c = this.cursors;
    const rank = this.tripIdRank();
    let count = 0;
    while (c.count > 0) {
      let best = 0;
      for (let j = 1; j < c.count; j++) if (c.before(j, best, rank)) best = j;
      if (count >= limit && c.head[best] !== hits.time[count - 1]) break;
      if (count === hits.capacity) hits.ensure(count + 1);
      hits.trip[count] = c.trip[best];
      hits.dayIndex[count] = c.day[best];
      hits.pos[count] = c.pos[best];
      hits.stop[count] = c.stop[best];
      hits.seconds[count] = c.seconds(best);
      hits.time[count] = c.head[best];
      count++;
      c.next(best, this.tt, this.calendar);
    }
    for (let i = 1; i < count; i++) for (let j = i; j > 0 && hits.after(j - 1, j, rank); j--) hits.swap(j - 1, j);
    hits.count = Math.min(count, limit);
    return hits.count;
  }

  /**
   * The service days whose calls can fall in [from, to): their indices and the window in their
   * Seconds, [dayLo, dayHi), into the scratch columns, once per search. Returns how many.
   */
  private candidateDays(refs: Float64Array, from: number, to: number): number {
    const latest = this.latestSeconds();
    // References are about a day apart (23 or 25 h across clock changes): one day of slack each side.
    const iFirst = Math.max(0, Math.floor((from - latest * 1000 - refs[0]) / DAY_MS) - 1);
    const iLast = Math.min(refs.length - 1, Math.floor((to - refs[0]) / DAY_MS) + 1);
    if (iLast - iFirst + 1 > this.dayIdx.length) this.growDays(iLast - iFirst + 1);
    let n = 0;
    for (let i = iFirst; i <= iLast; i++) {
      const lo = Math.ceil((from - refs[i]) / 1000);
      const hi = Math.ceil((to - refs[i]) / 1000);
      if (hi <= 0 || lo > latest) continue;
      this.dayIdx[n] = i;
      this.dayLo[n] = lo;
      this.dayHi[n] = hi;
      n++;
    }
    return n;
  }

  private growDays(size: number): void {
    this.dayIdx = new Int32Array(size);
    this.dayLo = new Int32Array(size);
    this.dayHi = new Int32Array(size);
  }

  /** True when some candidate day's window meets [min, max] (Seconds). */
  private meets(min: number, max: number, dayCount: number): boolean {
    for (let d = 0; d < dayCount; d++) if (this.dayHi[d] > min && this.dayLo[d] <= max) return true;
    return false;
  }

  /**
   * Latest time in the timetable (Seconds), found once: bounds how many days back a window must
   * look. Columns are sorted (boards binary-search them), so it is the largest last entry of a
   * column: one read per pattern position, not one per stop time.
   */
  private latestSeconds(): number {
    if (this.maxSeconds < 0) {
      const { times, tripBase, timeRows, patternTripOffsets, patternStopOffsets } = this.tt;
      let max = 0;
      for (let p = 0; p + 1 < patternTripOffsets.length; p++) {
        const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
        if (n === 0) continue;
        const lastTrip = patternTripOffsets[p + 1] - 1;
        for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) {
          const last = tripBase[lastTrip] + times[timeRows[i + 1] - 1]; // last trip of the departure row
          if (last > max) max = last;
        }
      }
      this.maxSeconds = max;
    }
    return this.maxSeconds;
  }

  /** Trip -> its position in trip_id byte order (the tie-break; derived once from trips.byId, or stored in sixth-session snapshots). */
  private tripIdRank(): Uint32Array {
    return this.tt.tripIds.rank;
  }
}

/** First rank in [0, n) of the row at `row` of `times` (trips tripFirst + rank, offsets from their base) whose time is >= `key`; n when none. */
function lowerBound(times: Uint16Array | Int32Array, row: number, tripBase: Int32Array, tripFirst: number, n: number, key: number): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tripBase[tripFirst + mid] + times[row + mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
