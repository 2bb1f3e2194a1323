import type { TimetableTables } from '../timetable/timetable-tables.js';
import { allocColumn } from '../timetable/alloc-column.js';
import { SnapshotFormatError } from '../errors.js';

/** Bits of EntryBounds.listed. */
export const LISTS_DEPARTURES = 1;
export const LISTS_ARRIVALS = 2;

/**
 * The columns of `EntryBounds`, zeroed until a stop's first board fills its entries (derived
 * from the snapshot alone). In shared memory when made by an engine opened with `share`: worker
 * threads view them (Engine.open's `tables`), whichever boards a stop first fills it for all, and
 * the pages filled are resident once, not once per worker (112 MiB of address space at 350 tiles).
 */
export interface EntryBoundColumns {
  /** Entry -> earliest arrival / latest departure of the column (Seconds); valid once its stop is filled. */
  readonly min: Int32Array;
  readonly max: Int32Array;
  /** Entry -> start of its arrival / departure row in `times` (a board reads them beside min and max, not through the pattern's timeRows). */
  readonly arrivalRow: Uint32Array;
  readonly departureRow: Uint32Array;
  /** Entry -> LISTS_DEPARTURES | LISTS_ARRIVALS bits; valid once its stop is filled. */
  readonly listed: Uint8Array;
  /** Stop -> 1 once its entries are filled (read and written with Atomics: set after the entries, for other threads). */
  readonly filled: Uint8Array;
}

/** Zeroed entry bound columns for `tt` (the allocator hands the pages out lazily: untouched stops cost nothing), in shared memory when `shared`. */
export function entryBoundColumns(tt: TimetableTables, shared: boolean): EntryBoundColumns {
  const count = tt.stopPatterns.length;
  return {
    min: allocColumn(Int32Array, count, shared),
    max: allocColumn(Int32Array, count, shared),
    arrivalRow: allocColumn(Uint32Array, count, shared),
    departureRow: allocColumn(Uint32Array, count, shared),
    listed: allocColumn(Uint8Array, count, shared),
    filled: allocColumn(Uint8Array, tt.stopPatternOffsets.length - 1, shared),
  };
}

/** Throws SnapshotFormatError unless `c` has a value per `stops.patterns` entry and a flag per stop of `tt`. */
export function checkEntryBounds(c: EntryBoundColumns, tt: TimetableTables): void {
  const count = tt.stopPatterns.length;
  const stopCount = tt.stopPatternOffsets.length - 1;
  if ([c.min, c.max, c.arrivalRow, c.departureRow, c.listed].some((col) => col.length !== count) || c.filled.length !== stopCount) {
    throw new SnapshotFormatError(`The board entry bounds given to Engine.open (${c.min.length} entries, ${c.filled.length} stops) do not fit this snapshot's ${count} stop-pattern entries and ${stopCount} stops: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
  }
}

/**
 * Per entry of `stops.patterns` (a pattern position calling at a stop): the earliest arrival and
 * latest departure of its column and which boards list it, in three columns parallel to
 * `stops.patterns`. A board scans a stop's entries here, in contiguous memory, and touches a
 * pattern's own columns only when its time range meets the window: this matters where patterns
 * are many and small (rail feeds with one route per train). Filled a stop at a time, on the
 * stop's first board (`fill`): the first board costs what its stops touch, not the country.
 */
export class EntryBounds {
  /** `columns`: another engine's over the same snapshot (shared memory, filled by whichever thread boards a stop first); absent, made here. */
  constructor(
    private readonly tt: TimetableTables,
    readonly columns: EntryBoundColumns = entryBoundColumns(tt, false),
  ) {}

  /** Whether `stop`'s entries are filled (Atomics: then another thread's writes to them are seen too). */
  isFilled(stop: number): boolean {
    return Atomics.load(this.columns.filled, stop) !== 0;
  }

  /** Fills the entries of `stop` (a no-op once filled). Called per stop per board: allocates nothing. */
  fill(stop: number): void {
    if (this.isFilled(stop)) return;
    const tt = this.tt;
    const { arrivalRow, departureRow, min, max, listed } = this.columns;
    for (let e = tt.stopPatternOffsets[stop]; e < tt.stopPatternOffsets[stop + 1]; e++) {
      const p = tt.stopPatterns[e];
      const pos = tt.stopPatternPos[e];
      const tripFirst = tt.patternTripOffsets[p];
      const n = tt.patternTripOffsets[p + 1] - tripFirst;
      const first = tt.patternStopOffsets[p];
      arrivalRow[e] = tt.timeRows[first + pos];
      departureRow[e] = tt.timeRows[first + pos + 1] - n;
      min[e] = tt.tripBase[tripFirst] + tt.times[arrivalRow[e]];
      max[e] = tt.tripBase[tripFirst + n - 1] + tt.times[departureRow[e] + n - 1];
      const len = tt.patternStopOffsets[p + 1] - first;
      const flags = tt.patternStopFlags[first + pos];
      // A trip's last call is no departure and its first no arrival (a one-call trip is both); type 1 = none.
      const departs = (pos < len - 1 || len === 1) && flags >>> 2 !== 1;
      const arrives = (pos > 0 || len === 1) && (flags & 3) !== 1;
      listed[e] = (departs ? LISTS_DEPARTURES : 0) | (arrives ? LISTS_ARRIVALS : 0);
    }
    // After the entries: a thread that reads the flag set reads them filled (another thread filling the same stop at once writes the same values).
    Atomics.store(this.columns.filled, stop, 1);
  }
}
