import type { TimetableTables } from '../timetable/timetable-tables.js';

/** Bits of EntryBounds.listed. */
export const LISTS_DEPARTURES = 1;
export const LISTS_ARRIVALS = 2;

/**
 * Per entry of `stops.patterns` (a pattern position calling at a stop): the earliest arrival and
 * latest departure of its column and which boards list it, in three columns parallel to
 * `stops.patterns`. A board scans a stop's entries here, in contiguous memory, and touches a
 * pattern's own columns only when its time range meets the window: this matters where patterns
 * are many and small (rail feeds with one route per train). Filled a stop at a time, on the
 * stop's first board (`fill`): the first board costs what its stops touch, not the country.
 */
export class EntryBounds {
  /** Entry -> earliest arrival / latest departure of the column (Seconds); valid once its stop is filled. */
  readonly min: Int32Array;
  readonly max: Int32Array;
  /** Entry -> start of its arrival / departure row in `times` (a board reads them beside min and max, not through the pattern's timeRows). */
  readonly arrivalRow: Uint32Array;
  readonly departureRow: Uint32Array;
  /** Entry -> LISTS_DEPARTURES | LISTS_ARRIVALS bits; valid once its stop is filled. */
  readonly listed: Uint8Array;
  /** Stop -> 1 once its entries are filled. */
  readonly filled: Uint8Array;

  constructor(private readonly tt: TimetableTables) {
    // Zeroed memory the allocator hands out lazily: untouched stops cost no writes.
    const count = tt.stopPatterns.length;
    this.min = new Int32Array(count);
    this.max = new Int32Array(count);
    this.arrivalRow = new Uint32Array(count);
    this.departureRow = new Uint32Array(count);
    this.listed = new Uint8Array(count);
    this.filled = new Uint8Array(tt.stopPatternOffsets.length - 1);
  }

  /** Fills the entries of `stop` (a no-op once filled). Called per stop per board: allocates nothing. */
  fill(stop: number): void {
    if (this.filled[stop]) return;
    this.filled[stop] = 1;
    const tt = this.tt;
    for (let e = tt.stopPatternOffsets[stop]; e < tt.stopPatternOffsets[stop + 1]; e++) {
      const p = tt.stopPatterns[e];
      const pos = tt.stopPatternPos[e];
      const n = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
      const first = tt.patternStopOffsets[p];
      this.arrivalRow[e] = tt.timeRows[first + pos];
      this.departureRow[e] = tt.timeRows[first + pos + 1] - n;
      this.min[e] = tt.times[this.arrivalRow[e]];
      this.max[e] = tt.times[this.departureRow[e] + n - 1];
      const len = tt.patternStopOffsets[p + 1] - first;
      const flags = tt.patternStopFlags[first + pos];
      // A trip's last call is no departure and its first no arrival (a one-call trip is both); type 1 = none.
      const departs = (pos < len - 1 || len === 1) && flags >>> 2 !== 1;
      const arrives = (pos > 0 || len === 1) && (flags & 3) !== 1;
      this.listed[e] = (departs ? LISTS_DEPARTURES : 0) | (arrives ? LISTS_ARRIVALS : 0);
    }
  }
}
