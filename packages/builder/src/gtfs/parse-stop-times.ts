import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { cell, splitCsvBytes, unreadableCsv, emptyCsv, CsvHeader } from '../source/csv.js';
import { ByteIdMap, BYTE_ID_ABSENT } from '../source/byte-id-map.js';
import { SameBytes } from '../source/csv-bytes.js';
import type { Progress } from '../progress.js';
import { issueFn, type GtfsContext } from './gtfs-context.js';
import { parseGtfsTime } from './parse-time.js';
import { NO_TIME } from './timetable-model.js';
import { StopTimeFields, stopTimeColumns } from './stop-time-fields.js';
import { StopTimesThread, StopTimesWorkerError } from './stop-times-thread.js';
import { ROW_INTS, type StopTimeBatch } from './stop-time-batch.js';
import { BuildError } from '../issues.js';

/** Value in the stop maps for a stop_id that is no usable stop here (its rows take the string path, which reports them). */
const UNUSABLE_STOP = 2_000_000_000;

/**
 * A stop_times.txt of at least this many bytes is split and parsed on a worker thread; a smaller
 * one on this thread. Infinity by default: on this project's 2-core machine the worker took about
 * 1.8 CPU s for the 1.0 s its work costs the main thread at 8 tiles, so the step's wall grew
 * (bench/RESULTS.md, "Builder throughput, seventh session"); give a byte count to use it.
 */
export const STOP_TIMES_THREAD_BYTES = Infinity;

/** Chunks handed to the worker and not yet taken back: bounds the memory between the two threads. */
const MAX_IN_FLIGHT = 16;

/**
 * Streams stop_times.txt into the model's stop-time store: no per-row objects survive the row;
 * the store holds a bounded run of rows in memory and spills sorted runs to a temp file.
 *
 * Rows without a quote are parsed from their bytes (`StopTimeFields`): times, stop_sequence and
 * the pickup / drop-off types straight from the digits, trip_id compared with the previous row's
 * bytes (rows come grouped by trip), stop_id looked up in a byte-keyed map; no string per row.
 * Any row that path cannot take as plainly valid (a feed issue, a quirk `cell` would clean, a
 * ragged row) goes through `parseRecord`, the string path, so records and issues are the same.
 *
 * With `ctx.stopTimesThreadBytes` (default STOP_TIMES_THREAD_BYTES, Infinity: never), a file of
 * that many bytes or more has its splitting and byte path run on a worker thread
 * (stop-times-worker.ts) while this one reads the file, looks the trips and stops up and fills the
 * store: the same rows in the same order, the same issues and errors.
 */
export async function parseStopTimes(ctx: GtfsContext): Promise<void> {
  const threshold = ctx.stopTimesThreadBytes ?? STOP_TIMES_THREAD_BYTES;
  if (!(threshold >= 0)) throw new BuildError(`stopTimesThreadBytes must be a number of bytes from 0 (or Infinity: never a worker thread); it is ${threshold}`);
  const rows = new StopTimeRows(ctx);
  const label = `${ctx.source.name}:stop_times.txt`;
  ctx.progress?.start(label);
  const stream = await ctx.source.open('stop_times.txt');
  const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  if (threshold === Infinity) {
    await splitCsvBytes({ [Symbol.asyncIterator]: () => chunks }, label, (h) => rows.header(h), rows, ctx.progress); // never a thread: streamed, no read-ahead
    return;
  }
  // Read ahead up to the threshold: a small file is parsed here, without starting a thread.
  const first: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  let error: unknown;
  try {
    while (bytes < threshold) {
      const r = await chunks.next();
      if (r.done) {
        ended = true;
        break;
      }
      first.push(r.value);
      bytes += r.value.length;
    }
  } catch (err) {
    error = err;
    ended = true;
  }
  if (ended) await splitCsvBytes(replay(first, error), label, (h) => rows.header(h), rows, ctx.progress);
  else await parseOnWorker(first, chunks, () => closed(stream), rows, label, ctx);
}

/** Destroys `stream` and waits until it is done, its file closed (an iterator's `return` does not wait for that). */
async function closed(stream: Readable): Promise<void> {
  stream.destroy();
  await finished(stream).catch(() => undefined); // destroyed early: a premature close, expected here
}

/** The chunks read ahead, then the read's failure if there was one. */
async function* replay(chunks: Buffer[], error: unknown): AsyncGenerator<Buffer> {
  yield* chunks;
  if (error !== undefined) throw error;
}

/**
 * The rest of parseStopTimes with the worker: chunks posted in order, batches taken back in
 * order, at most MAX_IN_FLIGHT apart. A failed read takes the batches of the chunks before it
 * first (as one thread would have parsed them), so its error names the same line.
 */
async function parseOnWorker(first: Buffer[], chunks: AsyncIterator<Buffer>, close: () => Promise<void>, rows: StopTimeRows, label: string, ctx: GtfsContext): Promise<void> {
  let thread: StopTimesThread;
  try {
    thread = new StopTimesThread(label, ctx.stopTimesWorkerEntry);
  } catch (err) {
    await close(); // the file is open (read ahead)
    throw err;
  }
  let pending = 0;
  let lines = 0;
  let count = 0;
  const take = async () => {
    const batch = await thread.next();
    pending--;
    lines = batch.lines;
    const before = count;
    count += rows.batch(batch);
    if (count >>> 16 !== before >>> 16) ctx.progress?.tick(count);
  };
  try {
    for (const chunk of first.splice(0)) {
      thread.post(chunk);
      pending++;
    }
    for (;;) {
      let r: IteratorResult<Buffer>;
      try {
        r = await chunks.next();
      } catch (err) {
        while (pending > 0) await take();
        throw err;
      }
      if (r.done) break;
      thread.post(r.value);
      pending++;
      while (pending > MAX_IN_FLIGHT) await take();
    }
    thread.end();
    pending++;
    while (pending > 0) await take();
  } catch (err) {
    if (err instanceof StopTimesWorkerError) throw unreadableCsv(new Error(err.message), label, err.lines);
    throw unreadableCsv(err, label, lines);
  } finally {
    ctx.progress?.done(count);
    try {
      await close(); // the file when the parse failed midway
    } finally {
      await thread.stop();
    }
  }
  if (lines === 0) throw emptyCsv(label);
}

/**
 * The rows of stop_times.txt into the store: `bytes` and `record` as readCsvBytes hands them on
 * this thread, `batch` as the worker hands them over (the same checks, in the same order).
 */
class StopTimeRows {
  private readonly issue;
  private c: Record<string, number> = {};
  private fields: StopTimeFields | null = null;
  // Cache the last trip lookup: rows come grouped by trip in practice.
  private lastTripId = '';
  private lastTrip = -1;
  /** Per model stop: 1 usable here (in stops.txt of some feed), 2 not; one Map lookup per stop, not per row. */
  private readonly usable: Uint8Array;
  // This thread's byte path: the previous row's trip_id and the stops by their bytes.
  private readonly tripBytes = new SameBytes();
  private tripOfBytes = -1;
  private readonly stopByBytes = new ByteIdMap();
  // The worker's path: its stop numbers -> model stops (or UNUSABLE_STOP), and the ids of the unusable ones.
  private workerStops = new Int32Array(1024);
  private workerStopCount = 0;
  private readonly unusableIds = new Map<number, string>();

  constructor(private readonly ctx: GtfsContext) {
    this.issue = issueFn(ctx, 'stop_times.txt');
    this.usable = new Uint8Array(ctx.tt.stopAtcos.length);
  }

  header(h: CsvHeader): void {
    const cols = stopTimeColumns(h);
    this.c = cols.c;
    this.fields = new StopTimeFields(cols);
  }

  /** One row without a quote, from its bytes; hands it to `record` unless it is plainly valid. */
  bytes(buf: Buffer, start: number, end: number, line: number): void {
    const f = this.fields!;
    if (!f.parse(buf, start, end)) return this.record(buf.toString('utf8', start, end).split(','), line);
    const trip = this.tripOf(buf, f.tripStart, f.tripEnd);
    const stop = this.stopOf(buf, f.stopStart, f.stopEnd);
    if (trip < 0 || stop === UNUSABLE_STOP) return this.record(buf.toString('utf8', start, end).split(','), line);
    this.ctx.tt.st.push(trip, stop, f.seq, f.arr, f.dep, f.flags);
  }

  /** The string path: any row, with every check and its issue. */
  record(rec: string[], line: number): void {
    const { c, issue } = this;
    const tt = this.ctx.tt;
    const tripId = cell(rec, c.trip_id);
    if (tripId !== this.lastTripId) {
      this.lastTripId = tripId;
      this.lastTrip = tt.tripById.get(tripId) ?? -1;
    }
    if (this.lastTrip < 0) return issue(line, 'unknown_trip', tripId, 'trip_id', tripId, 'stop time for a trip not in trips.txt');
    const stopId = cell(rec, c.stop_id);
    const stop = this.usableStop(stopId);
    if (stop < 0) return issue(line, 'unknown_stop', tripId, 'stop_id', stopId, 'stop time at a stop not in stops.txt; row skipped');
    const seq = Number(cell(rec, c.stop_sequence));
    if (!Number.isInteger(seq) || seq < 0) return issue(line, 'bad_sequence', tripId, 'stop_sequence', cell(rec, c.stop_sequence), 'stop_sequence is not a non-negative integer');
    const arrText = cell(rec, c.arrival_time);
    const depText = cell(rec, c.departure_time);
    let arr = arrText ? parseGtfsTime(arrText) : NO_TIME;
    let dep = depText ? parseGtfsTime(depText) : NO_TIME;
    if (Number.isNaN(arr) || Number.isNaN(dep)) return issue(line, 'bad_time', tripId, Number.isNaN(arr) ? 'arrival_time' : 'departure_time', Number.isNaN(arr) ? arrText : depText, 'time is not H:MM:SS');
    if (arr === NO_TIME) arr = dep;
    if (dep === NO_TIME) dep = arr;
    if (dep !== NO_TIME && dep < arr) {
      issue(line, 'departure_before_arrival', tripId, 'departure_time', depText, 'departure before arrival; departure set to arrival');
      dep = arr;
    }
    const pickup = flag(cell(rec, c.pickup_type));
    const dropOff = flag(cell(rec, c.drop_off_type));
    tt.st.push(this.lastTrip, stop, seq, arr, dep, (pickup << 2) | dropOff);
  }

  /** One batch from the worker, in order; returns its rows (header excluded). */
  batch(b: StopTimeBatch): number {
    if (b.header) this.header(new CsvHeader(b.header));
    for (const stopId of b.stops) this.addWorkerStop(stopId);
    const trips = b.trips.map((tripId) => this.tripOfId(tripId));
    const { rows } = b;
    const st = this.ctx.tt.st;
    for (let i = 0, end = b.rowCount * ROW_INTS; i < end; i += ROW_INTS) {
      const t = rows[i];
      const line = rows[i + 6];
      if (t < 0) {
        this.record(b.records[rows[i + 1]], line);
        continue;
      }
      const trip = trips[t];
      const stop = this.workerStops[rows[i + 1]];
      if (trip < 0 || stop === UNUSABLE_STOP) {
        // The string path stops at the trip or the stop: those two fields are all it reads.
        const rec: string[] = [];
        rec[this.c.trip_id] = b.trips[t];
        rec[this.c.stop_id] = this.unusableIds.get(rows[i + 1]) ?? '';
        this.record(rec, line);
        continue;
      }
      st.push(trip, stop, rows[i + 2], rows[i + 3], rows[i + 4], rows[i + 5]);
    }
    return b.rowCount;
  }

  /** The model stop of stopId when it is usable here, else -1. */
  private usableStop(stopId: string): number {
    const { tt } = this.ctx;
    const stop = tt.stopByAtco.get(stopId);
    if (stop !== undefined && this.usable[stop] === 0) this.usable[stop] = this.ctx.ds.stops.has(stopId) ? 1 : 2;
    return stop === undefined || this.usable[stop] !== 1 ? -1 : stop;
  }

  /** The trip of trip_id buf[s, e), or -1 (unknown, or an id `cell` would change). */
  private tripOf(buf: Buffer, s: number, e: number): number {
    if (this.tripBytes.matches(buf, s, e)) return this.tripOfBytes;
    this.tripBytes.remember(buf, s, e);
    this.tripOfBytes = this.tripOfId(buf.toString('utf8', s, e));
    return this.tripOfBytes;
  }

  /** The trip of a trip_id as it stands in the file, or -1. */
  private tripOfId(tripId: string): number {
    return tripId === 'NA' ? -1 : this.ctx.tt.tripById.get(tripId) ?? -1;
  }

  /** The model stop of stop_id buf[s, e), or UNUSABLE_STOP. */
  private stopOf(buf: Buffer, s: number, e: number): number {
    const known = this.stopByBytes.get(buf, s, e);
    if (known !== BYTE_ID_ABSENT) return known;
    const value = this.stopOfId(buf.toString('utf8', s, e));
    this.stopByBytes.add(buf, s, e, value);
    return value;
  }

  /** The model stop of a stop_id as it stands in the file, or UNUSABLE_STOP. */
  private stopOfId(stopId: string): number {
    const stop = stopId === 'NA' ? -1 : this.usableStop(stopId);
    return stop < 0 ? UNUSABLE_STOP : stop;
  }

  /** The worker's next stop number. */
  private addWorkerStop(stopId: string): void {
    const n = this.workerStopCount++;
    if (n === this.workerStops.length) {
      const grown = new Int32Array(n * 2);
      grown.set(this.workerStops);
      this.workerStops = grown;
    }
    this.workerStops[n] = this.stopOfId(stopId);
    if (this.workerStops[n] === UNUSABLE_STOP) this.unusableIds.set(n, stopId);
  }
}

/** pickup_type / drop_off_type: 0 regular (also when empty), 1 none, 2 phone, 3 ask the driver. */
function flag(text: string): number {
  const v = text.charCodeAt(0) - 48;
  return text.length === 1 && v >= 0 && v <= 3 ? v : 0;
}
