import type { CsvHeader } from '../source/csv.js';
import { splitFields, uintOfBytes } from '../source/csv-bytes.js';
import { columns } from './gtfs-context.js';
import { parseGtfsTimeBytes } from './parse-time.js';
import { NO_TIME } from './timetable-model.js';

/** The stop_times.txt columns the builder reads. */
const STOP_TIME_NAMES = ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type'];

/** Column positions of stop_times.txt (-1 when absent) and the last column the byte path reads. */
export interface StopTimeColumns {
  c: Record<string, number>;
  /** -1 when a required column is absent or the file is very wide: every row takes the string path. */
  lastCol: number;
}

/** The most fields the byte path splits a row into. */
const MAX_FIELDS = 64;

/** stop_times.txt's columns from its header. */
export function stopTimeColumns(h: CsvHeader): StopTimeColumns {
  const c = columns(h, STOP_TIME_NAMES);
  const required = [c.trip_id, c.arrival_time, c.departure_time, c.stop_id, c.stop_sequence];
  let lastCol = required.every((i) => i >= 0) ? Math.max(...required, c.pickup_type, c.drop_off_type) : -1;
  if (lastCol >= MAX_FIELDS) lastCol = -1; // a very wide file: the string path
  return { c, lastCol };
}

/**
 * One stop_times.txt row without a quote, from its bytes: times, stop_sequence and the pickup /
 * drop-off types straight from the digits, trip_id and stop_id as byte ranges. `parse` is false
 * for any row that is not plainly valid on its own (a ragged row, a quirk `cell` would clean, a
 * bad time or sequence, departure before arrival): the string path reads those, so records and
 * issues are the same. Whether the trip and stop exist is the caller's to check. The fields are
 * valid until the next `parse`. Shared by the in-thread parse and the stop_times worker.
 */
export class StopTimeFields {
  seq = 0;
  arr = 0;
  dep = 0;
  /** pickup_type << 2 | drop_off_type. */
  flags = 0;
  /** trip_id is buf[tripStart, tripEnd), stop_id buf[stopStart, stopEnd). */
  tripStart = 0;
  tripEnd = 0;
  stopStart = 0;
  stopEnd = 0;
  private readonly fieldStart = new Int32Array(MAX_FIELDS);
  private readonly fieldEnd = new Int32Array(MAX_FIELDS);
  // The column positions as plain numbers (read per row; -1 when absent).
  private readonly lastCol: number;
  private readonly tripCol: number;
  private readonly stopCol: number;
  private readonly seqCol: number;
  private readonly arrCol: number;
  private readonly depCol: number;
  private readonly pickupCol: number;
  private readonly dropOffCol: number;

  constructor({ c, lastCol }: StopTimeColumns) {
    this.lastCol = lastCol;
    this.tripCol = c.trip_id;
    this.stopCol = c.stop_id;
    this.seqCol = c.stop_sequence;
    this.arrCol = c.arrival_time;
    this.depCol = c.departure_time;
    this.pickupCol = c.pickup_type;
    this.dropOffCol = c.drop_off_type;
  }

  /** Reads the row buf[start, end); false when the string path must. Called per row: must not allocate. */
  parse(buf: Uint8Array, start: number, end: number): boolean {
    const fs = this.fieldStart;
    const fe = this.fieldEnd;
    if (this.lastCol < 0 || !splitFields(buf, start, end, this.lastCol, fs, fe)) return false;
    const seq = uintOfBytes(buf, fs[this.seqCol], fe[this.seqCol]);
    let arr = timeOf(buf, fs[this.arrCol], fe[this.arrCol]);
    let dep = timeOf(buf, fs[this.depCol], fe[this.depCol]);
    if (arr === NO_TIME) arr = dep;
    if (dep === NO_TIME) dep = arr;
    if (seq < 0 || Number.isNaN(arr) || Number.isNaN(dep) || (dep !== NO_TIME && dep < arr)) return false;
    const pickup = this.pickupCol < 0 ? 0 : flagOf(buf, fs[this.pickupCol], fe[this.pickupCol]);
    const dropOff = this.dropOffCol < 0 ? 0 : flagOf(buf, fs[this.dropOffCol], fe[this.dropOffCol]);
    this.seq = seq;
    this.arr = arr;
    this.dep = dep;
    this.flags = (pickup << 2) | dropOff;
    this.tripStart = fs[this.tripCol];
    this.tripEnd = fe[this.tripCol];
    this.stopStart = fs[this.stopCol];
    this.stopEnd = fe[this.stopCol];
    return true;
  }
}

/** A time field: NO_TIME when empty, NaN when not H:MM:SS (the string path decides). */
function timeOf(buf: Uint8Array, s: number, e: number): number {
  return e === s ? NO_TIME : parseGtfsTimeBytes(buf, s, e);
}

/** `flag` of the bytes buf[s, e). */
function flagOf(buf: Uint8Array, s: number, e: number): number {
  const v = buf[s] - 48;
  return e - s === 1 && v >= 0 && v <= 3 ? v : 0;
}
