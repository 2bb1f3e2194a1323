import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import { resizedColumn } from '../timetable/alloc-column.js';

/**
 * The open cursors of one board search, struct of arrays, reused across searches. A cursor
 * walks one (pattern, position) column on one service day; its head is the next call whose
 * trip runs that day and whose time is below `hi`. Exhausted cursors are swapped out, so
 * [0, count) are always live.
 */
export class BoardCursors {
  count = 0;
  /** Cursor -> start of its column in `times`, trips in the column, its first trip (a pattern's trips are contiguous). */
  row = new Int32Array(16);
  n = new Int32Array(16);
  tripFirst = new Int32Array(16);
  /** Cursor -> current rank in the column, and the exclusive upper bound of its window (Seconds). */
  rank = new Int32Array(16);
  hi = new Int32Array(16);
  /** Cursor -> service day index, its reference instant (epoch ms), pattern position, stop. */
  day = new Int32Array(16);
  ref = new Float64Array(16);
  pos = new Int32Array(16);
  stop = new Int32Array(16);
  /** Cursor -> trip and epoch ms of its head call. */
  trip = new Int32Array(16);
  head = new Float64Array(16);
  private times: Uint16Array | Int32Array = new Int32Array(0);
  private tripBase: Int32Array = new Int32Array(0);

  /** Starts a search over `times` (departures or arrivals), offsets from each trip's `tripBase` (TimetableTables). */
  reset(times: Uint16Array | Int32Array, tripBase: Int32Array): void {
    this.times = times;
    this.tripBase = tripBase;
    this.count = 0;
  }

  /** Opens a cursor at `rank`; it is kept only if some call below `hi` runs on `day`. */
  open(row: number, n: number, tripFirst: number, rank: number, hi: number, day: number, ref: number, pos: number, stop: number, tt: TimetableTables, cal: ServiceCalendar): void {
    const k = this.count;
    if (k === this.row.length) this.grow();
    this.row[k] = row;
    this.n[k] = n;
    this.tripFirst[k] = tripFirst;
    this.rank[k] = rank;
    this.hi[k] = hi;
    this.day[k] = day;
    this.ref[k] = ref;
    this.pos[k] = pos;
    this.stop[k] = stop;
    if (this.settle(k, tt, cal)) this.count++;
  }

  /** Moves cursor k past its head; drops it when exhausted. */
  next(k: number, tt: TimetableTables, cal: ServiceCalendar): void {
    this.rank[k]++;
    if (!this.settle(k, tt, cal)) this.remove(k);
  }

  /** Seconds of cursor k's head. */
  seconds(k: number): number {
    return this.tripBase[this.tripFirst[k] + this.rank[k]] + this.times[this.row[k] + this.rank[k]];
  }

  /** True when cursor a's head comes before b's: time, then trip_id order, then position, then stop. */
  before(a: number, b: number, idRank: Uint32Array): boolean {
    const ha = this.head[a];
    const hb = this.head[b];
    if (ha !== hb) return ha < hb;
    const ra = idRank[this.trip[a]];
    const rb = idRank[this.trip[b]];
    if (ra !== rb) return ra < rb;
    if (this.pos[a] !== this.pos[b]) return this.pos[a] < this.pos[b];
    return this.stop[a] < this.stop[b];
  }

  /** Advances cursor k from its rank to the first call that runs on its day; false when none is left in the window. */
  private settle(k: number, tt: TimetableTables, cal: ServiceCalendar): boolean {
    const times = this.times;
    const tripBase = this.tripBase;
    const row = this.row[k];
    const n = this.n[k];
    const hi = this.hi[k];
    const day = this.day[k];
    const first = this.tripFirst[k];
    for (let r = this.rank[k]; r < n; r++) {
      const trip = first + r;
      const t = tripBase[trip] + times[row + r];
      if (t >= hi) return false;
      if (cal.runsOnIndex(tt.tripService[trip], day)) {
        this.rank[k] = r;
        this.trip[k] = trip;
        this.head[k] = this.ref[k] + t * 1000;
        return true;
      }
    }
    return false;
  }

  /** Swaps the last live cursor into slot k. */
  private remove(k: number): void {
    const last = --this.count;
    if (k === last) return;
    this.row[k] = this.row[last];
    this.n[k] = this.n[last];
    this.tripFirst[k] = this.tripFirst[last];
    this.rank[k] = this.rank[last];
    this.hi[k] = this.hi[last];
    this.day[k] = this.day[last];
    this.ref[k] = this.ref[last];
    this.pos[k] = this.pos[last];
    this.stop[k] = this.stop[last];
    this.trip[k] = this.trip[last];
    this.head[k] = this.head[last];
  }

  private grow(): void {
    const size = this.row.length * 2;
    this.row = resizedColumn(this.row, size);
    this.n = resizedColumn(this.n, size);
    this.tripFirst = resizedColumn(this.tripFirst, size);
    this.rank = resizedColumn(this.rank, size);
    this.hi = resizedColumn(this.hi, size);
    this.day = resizedColumn(this.day, size);
    this.ref = resizedColumn(this.ref, size);
    this.pos = resizedColumn(this.pos, size);
    this.stop = resizedColumn(this.stop, size);
    this.trip = resizedColumn(this.trip, size);
    this.head = resizedColumn(this.head, size);
  }
}
