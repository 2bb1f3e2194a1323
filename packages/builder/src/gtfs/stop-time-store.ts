import { closeSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { BuildError } from '../issues.js';
import { grown } from '../write/growable.js';
import { RECORD_WORDS, callBuffer, maxOf, mergeRuns, sortedRows, type RunSpan, type TripCallSink } from './stop-time-runs.js';

/** Rows held in memory before a sorted run is written to the temp file (about 21 bytes a row), once a feed is past 8 million rows. */
export const DEFAULT_RUN_ROWS = 1 << 20;
/**
 * A run's rows at least (about 5 MiB): until the rows pushed reach eight times a run, runs stay
 * this long. A feed of a few million rows then spills runs of a quarter of the default, and its
 * buffer (with the copy it doubles from) never weighs the 21 + 10 MiB of a national run; a
 * national feed merges a few more runs (about 20 more, 192 KiB each in the merge).
 */
const MIN_RUN_ROWS = 1 << 18;

/** Where a store spills, and how many rows it holds before it does. */
export interface StopTimeStoreOptions {
  /** Rows per sorted run at most; default DEFAULT_RUN_ROWS. A feed with fewer rows than its first run (MIN_RUN_ROWS, or runRows when smaller) is never spilled. */
  runRows?: number;
  /** Folder for the temp file; default os.tmpdir(). */
  tmpDir?: string;
}

const FIRST_CAPACITY = 1 << 12;

/**
 * The parsed stop times, in bounded memory: rows are buffered as columns (trip, seq, stop, arr,
 * dep, flags) up to `runRows`; a full buffer is sorted by (trip, stop_sequence, row) and appended
 * to a temp file as one run. `forEachTrip` merges the runs (or sorts the buffer when nothing was
 * spilled) and hands the calls over one trip at a time, so past a run's size the national table
 * is never whole in memory. The temp file is removed after the merge, and by `dispose` on failure.
 */
export class StopTimeStore {
  /** Rows pushed so far. */
  length = 0;
  private readonly runRows: number;
  /** Rows of the run being buffered: MIN_RUN_ROWS doubled while that stays within an eighth of the rows pushed so far, at most runRows. */
  private runLimit: number;
  private readonly tmpDir: string;
  private trip = new Uint32Array(0);
  private seq = new Uint32Array(0);
  private stop = new Uint32Array(0);
  private arr = new Int32Array(0);
  private dep = new Int32Array(0);
  private flags = new Uint8Array(0);
  private buffered = 0;
  /** Trip -> rows pushed; grows with the trips seen. */
  private tripRows = new Uint32Array(FIRST_CAPACITY);
  private readonly runs: RunSpan[] = [];
  /** The temp file's path while it is still linked (where it could not be unlinked when opened). */
  private file: string | null = null;
  private fd = -1;

  constructor(options: StopTimeStoreOptions = {}) {
    this.runRows = Math.max(1, options.runRows ?? DEFAULT_RUN_ROWS);
    this.runLimit = Math.min(this.runRows, MIN_RUN_ROWS);
    this.tmpDir = options.tmpDir ?? os.tmpdir();
  }

  /** One stop time: `trip` into tt.trips, `stop` the model's stop, `flags` pickup_type << 2 | drop_off_type. */
  push(trip: number, stop: number, seq: number, arr: number, dep: number, flags: number): void {
    const at = this.buffered;
    if (at === this.trip.length) this.grow();
    this.trip[at] = trip;
    this.seq[at] = seq;
    this.stop[at] = stop;
    this.arr[at] = arr;
    this.dep[at] = dep;
    this.flags[at] = flags;
    this.buffered = at + 1;
    this.length++;
    if (trip >= this.tripRows.length) this.tripRows = grown(this.tripRows, Math.max(trip + 1, this.tripRows.length * 2));
    this.tripRows[trip]++;
    if (this.buffered === this.runLimit) this.spill();
  }

  /** The rows not yet spilled, in file order, as views of the buffer (for tests of the parsers). */
  bufferedRows(): { trip: Uint32Array; stop: Uint32Array; seq: Uint32Array; arr: Int32Array; dep: Int32Array; flags: Uint8Array } {
    const n = this.buffered;
    return { trip: this.trip.subarray(0, n), stop: this.stop.subarray(0, n), seq: this.seq.subarray(0, n), arr: this.arr.subarray(0, n), dep: this.dep.subarray(0, n), flags: this.flags.subarray(0, n) };
  }

  /** Rows of each run written to the temp file so far, in order (for tests of the run sizing). */
  spilledRunRows(): number[] {
    return this.runs.map((r) => r.end - r.start);
  }

  /** True once a run went to the temp file. */
  get spilled(): boolean {
    return this.runs.length > 0;
  }

  /**
   * Hands `visit` every trip of [0, tripCount) in order with its calls in (stop_sequence, file
   * order) order, stops mapped through `denseStop` (trips without rows get n = 0). The store is
   * empty afterwards (its temp file removed).
   */
  forEachTrip(tripCount: number, denseStop: Int32Array, visit: TripCallSink): void {
    let n = 0;
    for (let t = 0; t < Math.min(tripCount, this.tripRows.length); t++) n += this.tripRows[t];
    if (n !== this.length) throw new Error(`stop times of ${this.length - n} rows refer to trips past ${tripCount}`);
    try {
      if (!this.spilled) this.visitSorted(tripCount, denseStop, visit);
      else {
        if (this.buffered > 0) this.spill();
        this.releaseBuffer();
        mergeRuns(this.fd, this.runs, this.tripRows, tripCount, denseStop, visit);
      }
    } finally {
      this.dispose();
    }
  }

  /** Drops the rows and removes the temp file (safe to call twice). */
  dispose(): void {
    this.releaseBuffer();
    this.tripRows = new Uint32Array(0);
    this.runs.length = 0;
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    if (this.file) rmSync(this.file, { force: true });
    this.file = null;
  }

  /** The buffer, sorted, trip by trip (nothing was spilled). */
  private visitSorted(tripCount: number, denseStop: Int32Array, visit: TripCallSink): void {
    const order = sortedRows(this.trip, this.seq, this.buffered);
    const out = callBuffer(maxOf(this.tripRows));
    for (let t = 0, i = 0; t < tripCount; t++) {
      const n = t < this.tripRows.length ? this.tripRows[t] : 0;
      for (let k = 0; k < n; k++, i++) {
        const row = order[i];
        out.stop[k] = denseStop[this.stop[row]];
        out.flags[k] = this.flags[row];
        out.arr[k] = this.arr[row];
        out.dep[k] = this.dep[row];
      }
      visit(t, out, n);
    }
  }

  /** Sorts the buffer and appends it to the temp file as one run. */
  private spill(): void {
    const n = this.buffered;
    const order = sortedRows(this.trip, this.seq, n);
    if (this.fd < 0) this.openTemp();
    const block = new Uint32Array(RECORD_WORDS * Math.min(n, 1 << 16));
    const blockRows = block.length / RECORD_WORDS;
    const start = this.runs.length ? this.runs[this.runs.length - 1].end : 0;
    for (let first = 0; first < n; first += blockRows) {
      const end = Math.min(n, first + blockRows);
      for (let i = first, w = 0; i < end; i++, w += RECORD_WORDS) {
        const row = order[i];
        block[w] = this.trip[row];
        block[w + 1] = this.seq[row];
        block[w + 2] = this.stop[row];
        block[w + 3] = this.arr[row];
        block[w + 4] = this.dep[row];
        block[w + 5] = this.flags[row];
      }
      const bytes = new Uint8Array(block.buffer, 0, (end - first) * RECORD_WORDS * 4);
      const position = (start + first) * RECORD_WORDS * 4;
      for (let done = 0; done < bytes.length; ) done += writeSync(this.fd, bytes, done, bytes.length - done, position + done);
    }
    this.runs.push({ start, end: start + n });
    this.buffered = 0;
    while (this.runLimit < this.runRows && this.runLimit * 2 <= this.length / 8) this.runLimit = Math.min(this.runRows, this.runLimit * 2);
  }

  /**
   * Opens the temp file and unlinks it at once where the system allows (POSIX): the open file
   * keeps its data, and nothing is left behind even when the process is killed mid-build.
   */
  private openTemp(): void {
    try {
      const file = path.join(this.tmpDir, `transit-stop-times-${process.pid}-${randomBytes(6).toString('hex')}.bin`);
      this.fd = openSync(file, 'wx+');
      this.file = file;
      try {
        unlinkSync(file);
        this.file = null;
      } catch {
        // Windows: removed by dispose instead.
      }
    } catch (err) {
      this.dispose();
      throw new BuildError(`cannot write the stop times' temp file in ${this.tmpDir}: ${(err as Error).message} (choose another folder with --tmp DIR)`);
    }
  }

  /** Doubles the buffer, up to the run's rows. */
  private grow(): void {
    const capacity = Math.min(this.runLimit, Math.max(FIRST_CAPACITY, this.trip.length * 2));
    this.trip = grown(this.trip, capacity);
    this.seq = grown(this.seq, capacity);
    this.stop = grown(this.stop, capacity);
    this.arr = grown(this.arr, capacity);
    this.dep = grown(this.dep, capacity);
    this.flags = grown(this.flags, capacity);
  }

  private releaseBuffer(): void {
    this.trip = new Uint32Array(0);
    this.seq = new Uint32Array(0);
    this.stop = new Uint32Array(0);
    this.arr = new Int32Array(0);
    this.dep = new Int32Array(0);
    this.flags = new Uint8Array(0);
    this.buffered = 0;
  }
}
