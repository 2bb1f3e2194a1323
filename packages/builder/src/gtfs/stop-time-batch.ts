// The messages between parseStopTimes and its worker thread (stop-times-worker.ts).

/** What the calling thread posts: stop_times.txt's bytes in file order, then the end. */
export type StopTimesWork = { chunk: Uint8Array } | { end: true };

/** Int32s per row of a batch: trip, stop, seq, arr, dep, flags, line. */
export const ROW_INTS = 7;

/**
 * The rows of one posted chunk (or of the end), in file order. A row is ROW_INTS Int32s:
 * trip (into `trips`; -1 when the row takes the string path: then stop is its index into
 * `records`), stop (the worker's number for the stop_id, numbered from 0 in order of first use:
 * `stops` names the ones first used in this batch), stop_sequence, arrival, departure, flags
 * (pickup_type << 2 | drop_off_type) and the line number (header = 1).
 */
export interface StopTimeBatch {
  rows: Int32Array;
  rowCount: number;
  /** trip_ids of this batch's rows; a trip continued from the batch before is named again. */
  trips: string[];
  /** stop_ids first used in this batch, numbered on from the batches before. */
  stops: string[];
  /** Rows for the string path, split as `readCsv` splits them. */
  records: string[][];
  /** The header's fields, in the batch that holds it. */
  header?: string[];
  /** Records so far, header included (readCsvBytes' line count). */
  lines: number;
  /** True on the last batch (after the end was posted). */
  end: boolean;
}

/** The worker's answer to each message: a batch, or the message of what it threw (at `lines`). */
export type StopTimesAnswer = StopTimeBatch | { error: { name: string; message: string }; lines: number };
