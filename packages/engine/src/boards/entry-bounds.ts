import type { TimetableTables } from '../timetable/timetable-tables.js';

/** Bits of EntryBounds.listed. */
export const LISTS_DEPARTURES = 1;
export const LISTS_ARRIVALS = 2;

/**
 * Per entry of `stops.patterns` (a pattern position calling at a stop): the earliest arrival and
 * latest departure of its column and which boards list it, in three columns parallel to
 * `stops.patterns`. A board scans a stop's entries here, in contiguous memory, and touches a
 * pattern's own columns only when its time range meets the window: this matters where patterns
 * are many and small (rail feeds with one route per train). Built once, on first use.
 */
export class EntryBounds {
  /** Entry -> earliest arrival / latest departure of the column (Seconds). */
  readonly min: Int32Array;
  readonly max: Int32Array;
  /** Entry -> LISTS_DEPARTURES | LISTS_ARRIVALS bits. */
  readonly listed: Uint8Array;

  constructor(tt: TimetableTables) {
    const count = tt.stopPatterns.length;
    this.min = new Int32Array(count);
    this.max = new Int32Array(count);
    this.listed = new Uint8Array(count);
    for (let e = 0; e < count; e++) {
      const p = tt.stopPatterns[e];
      const pos = tt.stopPatternPos[e];
      const n = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
      const base = tt.patternTimeOffsets[p] + pos * n;
      this.min[e] = tt.arrivals[base];
      this.max[e] = tt.departures[base + n - 1];
      const first = tt.patternStopOffsets[p];
      const len = tt.patternStopOffsets[p + 1] - first;
      const flags = tt.patternStopFlags[first + pos];
      // A trip's last call is no departure and its first no arrival (a one-call trip is both); type 1 = none.
      const departs = (pos < len - 1 || len === 1) && flags >>> 2 !== 1;
      const arrives = (pos > 0 || len === 1) && (flags & 3) !== 1;
      this.listed[e] = (departs ? LISTS_DEPARTURES : 0) | (arrives ? LISTS_ARRIVALS : 0);
    }
  }
}
