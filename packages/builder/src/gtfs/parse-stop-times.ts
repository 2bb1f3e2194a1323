import { readCsvBytes, cell } from '../source/csv.js';
import { ByteIdMap, BYTE_ID_ABSENT } from '../source/byte-id-map.js';
import { splitFields, uintOfBytes, SameBytes } from '../source/csv-bytes.js';
import { columns, issueFn, type GtfsContext } from './gtfs-context.js';
import { parseGtfsTime, parseGtfsTimeBytes } from './parse-time.js';
import { NO_TIME } from './timetable-model.js';

/** Value in the stop map for a stop_id that is no usable stop here (its rows take the string path, which reports them). */
const UNUSABLE_STOP = 2_000_000_000;

/**
 * Streams stop_times.txt into the model's stop-time store: no per-row objects survive the row;
 * the store holds a bounded run of rows in memory and spills sorted runs to a temp file.
 *
 * Rows without a quote are parsed from their bytes (`parseBytes`): times, stop_sequence and
 * the pickup / drop-off types straight from the digits, trip_id compared with the previous row's
 * bytes (rows come grouped by trip), stop_id looked up in a byte-keyed map; no string per row.
 * Any row that path cannot take as plainly valid (a feed issue, a quirk `cell` would clean, a
 * ragged row) goes through `parseRecord`, the string path, so records and issues are the same.
 */
export async function parseStopTimes(ctx: GtfsContext): Promise<void> {
  const { tt } = ctx;
  const issue = issueFn(ctx, 'stop_times.txt');
  let c: Record<string, number> = {};
  const st = tt.st;
  // Cache the last trip lookup: rows come grouped by trip in practice.
  let lastTripId = '';
  let lastTrip = -1;
  // Per model stop: 1 usable here (in stops.txt of some feed), 2 not; one Map lookup per stop, not per row.
  const usable = new Uint8Array(tt.stopAtcos.length);
  /** The model stop of stopId when it is usable here, else -1. */
  const usableStop = (stopId: string): number => {
    const stop = tt.stopByAtco.get(stopId);
    if (stop !== undefined && usable[stop] === 0) usable[stop] = ctx.ds.stops.has(stopId) ? 1 : 2;
    return stop === undefined || usable[stop] !== 1 ? -1 : stop;
  };

  const parseRecord = (rec: string[], line: number): void => {
    const tripId = cell(rec, c.trip_id);
    if (tripId !== lastTripId) {
      lastTripId = tripId;
      lastTrip = tt.tripById.get(tripId) ?? -1;
    }
    if (lastTrip < 0) return issue(line, 'unknown_trip', tripId, 'trip_id', tripId, 'stop time for a trip not in trips.txt');
    const stopId = cell(rec, c.stop_id);
    const stop = usableStop(stopId);
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
    push(lastTrip, stop, seq, arr, dep, (pickup << 2) | dropOff);
  };

  const push = (trip: number, stop: number, seq: number, arr: number, dep: number, flags: number): void => st.push(trip, stop, seq, arr, dep, flags);

  // The byte path: field k of the current row is [fieldStart[k], fieldEnd[k]).
  let lastCol = -1; // the last column the byte path reads; -1 when a required column is absent (string path only)
  const fieldStart = new Int32Array(64);
  const fieldEnd = new Int32Array(64);
  const tripBytes = new SameBytes(); // the previous row's trip_id
  let tripOfBytes = -1;
  const stopByBytes = new ByteIdMap();

  /** One row without a quote, from its bytes; hands it to parseRecord unless it is plainly valid. */
  const parseBytes = (buf: Buffer, start: number, end: number, line: number): void => {
    if (lastCol < 0 || !splitFields(buf, start, end, lastCol, fieldStart, fieldEnd)) return parseRecord(buf.toString('utf8', start, end).split(','), line);
    const trip = tripOf(buf, fieldStart[c.trip_id], fieldEnd[c.trip_id]);
    const stop = stopOf(buf, fieldStart[c.stop_id], fieldEnd[c.stop_id]);
    const seq = uintOfBytes(buf, fieldStart[c.stop_sequence], fieldEnd[c.stop_sequence]);
    let arr = timeOf(buf, fieldStart[c.arrival_time], fieldEnd[c.arrival_time]);
    let dep = timeOf(buf, fieldStart[c.departure_time], fieldEnd[c.departure_time]);
    if (arr === NO_TIME) arr = dep;
    if (dep === NO_TIME) dep = arr;
    if (trip < 0 || stop === UNUSABLE_STOP || seq < 0 || Number.isNaN(arr) || Number.isNaN(dep) || (dep !== NO_TIME && dep < arr)) {
      return parseRecord(buf.toString('utf8', start, end).split(','), line);
    }
    const pickup = c.pickup_type < 0 ? 0 : flagOf(buf, fieldStart[c.pickup_type], fieldEnd[c.pickup_type]);
    const dropOff = c.drop_off_type < 0 ? 0 : flagOf(buf, fieldStart[c.drop_off_type], fieldEnd[c.drop_off_type]);
    push(trip, stop, seq, arr, dep, (pickup << 2) | dropOff);
  };

  /** The trip of trip_id buf[s, e), or -1 (unknown, or an id `cell` would change). */
  const tripOf = (buf: Buffer, s: number, e: number): number => {
    if (tripBytes.matches(buf, s, e)) return tripOfBytes;
    tripBytes.remember(buf, s, e);
    const tripId = buf.toString('utf8', s, e);
    tripOfBytes = tripId === 'NA' ? -1 : tt.tripById.get(tripId) ?? -1;
    return tripOfBytes;
  };

  /** The model stop of stop_id buf[s, e), or UNUSABLE_STOP. */
  const stopOf = (buf: Buffer, s: number, e: number): number => {
    const known = stopByBytes.get(buf, s, e);
    if (known !== BYTE_ID_ABSENT) return known;
    const stopId = buf.toString('utf8', s, e);
    const stop = stopId === 'NA' ? -1 : usableStop(stopId);
    const value = stop < 0 ? UNUSABLE_STOP : stop;
    stopByBytes.add(buf, s, e, value);
    return value;
  };

  await readCsvBytes(
    ctx.source,
    'stop_times.txt',
    (h) => {
      c = columns(h, ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type']);
      const required = [c.trip_id, c.arrival_time, c.departure_time, c.stop_id, c.stop_sequence];
      lastCol = required.every((i) => i >= 0) ? Math.max(...required, c.pickup_type, c.drop_off_type) : -1;
      if (lastCol >= fieldStart.length) lastCol = -1; // a very wide file: the string path
    },
    { bytes: parseBytes, record: parseRecord },
    ctx.progress,
  );
}

/** A time field: NO_TIME when empty, NaN when not H:MM:SS (the string path decides). */
function timeOf(buf: Buffer, s: number, e: number): number {
  return e === s ? NO_TIME : parseGtfsTimeBytes(buf, s, e);
}

/** `flag` of the bytes buf[s, e). */
function flagOf(buf: Buffer, s: number, e: number): number {
  const v = buf[s] - 48;
  return e - s === 1 && v >= 0 && v <= 3 ? v : 0;
}

/** pickup_type / drop_off_type: 0 regular (also when empty), 1 none, 2 phone, 3 ask the driver. */
function flag(text: string): number {
  const v = text.charCodeAt(0) - 48;
  return text.length === 1 && v >= 0 && v <= 3 ? v : 0;
}
