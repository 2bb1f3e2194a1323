import { parentPort } from 'node:worker_threads';
import { CsvSplitter, type RecordSink } from '../source/csv-records.js';
import { CsvHeader } from '../source/csv.js';
import { ByteIdMap, BYTE_ID_ABSENT } from '../source/byte-id-map.js';
import { SameBytes } from '../source/csv-bytes.js';
import { StopTimeFields, stopTimeColumns } from './stop-time-fields.js';
import { ROW_INTS, type StopTimeBatch, type StopTimesAnswer, type StopTimesWork } from './stop-time-batch.js';


/** Splits the posted bytes into rows and parses the plain ones (StopTimeFields); the rest go as strings. */
class BatchSink implements RecordSink {
  lines = 0;
  private fields: StopTimeFields | null = null;
  private readonly tripBytes = new SameBytes();
  private readonly stopNumbers = new ByteIdMap();
  private stopCount = 0;
  private batch = this.emptyBatch(0);
  private batchTrip = -1;

  line(buf: Buffer, start: number, end: number): void {
    if (++this.lines === 1) return this.setHeader(buf.toString('utf8', start, end).split(','));
    const f = this.fields!;
    if (!f.parse(buf, start, end)) return this.addRecord(buf.toString('utf8', start, end).split(','));
    const b = this.batch;
    if (this.batchTrip < 0 || !this.tripBytes.matches(buf, f.tripStart, f.tripEnd)) {
      this.tripBytes.remember(buf, f.tripStart, f.tripEnd);
      this.batchTrip = b.trips.length;
      b.trips.push(buf.toString('utf8', f.tripStart, f.tripEnd));
    }
    let stop = this.stopNumbers.get(buf, f.stopStart, f.stopEnd);
    if (stop === BYTE_ID_ABSENT) {
      stop = this.stopCount++;
      this.stopNumbers.add(buf, f.stopStart, f.stopEnd, stop);
      b.stops.push(buf.toString('utf8', f.stopStart, f.stopEnd));
    }
    this.addRow(this.batchTrip, stop, f.seq, f.arr, f.dep, f.flags);
  }

  record(fields: string[]): void {
    if (++this.lines === 1) return this.setHeader(fields);
    this.addRecord(fields);
  }

  /** The rows since the last take, handed over; `bytes` sizes the next batch's rows. */
  take(bytes: number, end: boolean): StopTimeBatch {
    const b = this.batch;
    b.lines = this.lines;
    b.end = end;
    this.batch = this.emptyBatch(bytes);
    this.batchTrip = -1;
    return b;
  }

  private setHeader(fields: string[]): void {
    this.batch.header = fields;
    this.fields = new StopTimeFields(stopTimeColumns(new CsvHeader(fields)));
  }

  private addRecord(fields: string[]): void {
    this.addRow(-1, this.batch.records.length, 0, 0, 0, 0);
    this.batch.records.push(fields);
  }

  private addRow(trip: number, stop: number, seq: number, arr: number, dep: number, flags: number): void {
    const b = this.batch;
    let w = b.rowCount * ROW_INTS;
    if (w === b.rows.length) {
      const rows = new Int32Array(b.rows.length * 2);
      rows.set(b.rows);
      b.rows = rows;
    }
    const r = b.rows;
    r[w++] = trip;
    r[w++] = stop;
    r[w++] = seq;
    r[w++] = arr;
    r[w++] = dep;
    r[w++] = flags;
    r[w] = this.lines;
    b.rowCount++;
  }

  /** A batch sized for a chunk of `bytes` (rows of 40 bytes or more). */
  private emptyBatch(bytes: number): StopTimeBatch {
    const rows = new Int32Array(ROW_INTS * Math.max(64, Math.ceil(bytes / 40)));
    return { rows, rowCount: 0, trips: [], stops: [], records: [], lines: 0, end: false };
  }
}

// The worker thread's whole job: one batch back per message, in order. An error is an answer too
// (the calling thread says where), and nothing more is parsed after it.
const splitter = new CsvSplitter();
const sink = new BatchSink();
let failed = false;
parentPort!.on('message', (work: StopTimesWork) => {
  if (failed) return;
  try {
    if ('chunk' in work) {
      const chunk = Buffer.from(work.chunk.buffer, work.chunk.byteOffset, work.chunk.byteLength);
      splitter.push(chunk, sink);
      const batch = sink.take(chunk.length, false);
      parentPort!.postMessage(batch satisfies StopTimesAnswer, [batch.rows.buffer as ArrayBuffer]);
    } else {
      splitter.end(sink);
      const batch = sink.take(0, true);
      parentPort!.postMessage(batch satisfies StopTimesAnswer, [batch.rows.buffer as ArrayBuffer]);
      parentPort!.close();
    }
  } catch (err) {
    failed = true;
    const e = err instanceof Error ? err : new Error(String(err));
    parentPort!.postMessage({ error: { name: e.name, message: e.message }, lines: sink.lines } satisfies StopTimesAnswer);
  }
});
