import { csvRecordBatches, CsvSplitter, type RecordSink } from './csv-records.js';
import type { FeedSource } from './feed-source.js';
import { BuildError } from '../issues.js';
import type { Progress } from '../progress.js';

/**
 * Column access for one CSV file: header names are trimmed and matched case-sensitively as
 * given, so columns may come in any order; absent columns read as ''.
 */
export class CsvHeader {
  private readonly index = new Map<string, number>();
  constructor(readonly names: string[]) {
    names.forEach((n, i) => {
      const key = n.trim();
      if (!this.index.has(key)) this.index.set(key, i);
    });
  }
  /** Column position, or -1 when the file has no such column. */
  col(name: string): number {
    return this.index.get(name) ?? -1;
  }
  /** First of several alternative names that is present, or -1. */
  colAny(...names: string[]): number {
    for (const n of names) {
      const i = this.col(n);
      if (i >= 0) return i;
    }
    return -1;
  }
  has(name: string): boolean {
    return this.index.has(name);
  }
}

/** A field value with feed quirks removed: surrounding spaces trimmed, R's `NA` read as empty. */
export function cell(record: string[], col: number): string {
  if (col < 0) return '';
  const v = record[col];
  if (v === undefined) return '';
  const t = v.length && (v.charCodeAt(0) === 32 || v.charCodeAt(v.length - 1) === 32) ? v.trim() : v;
  return t === 'NA' ? '' : t;
}

/**
 * Streams a CSV file row by row without holding it in memory. `onRow` receives the raw record
 * (use `cell`) and its 1-based line number (header = line 1). Byte-order marks, quoted fields,
 * CRLF and ragged rows are accepted. Returns the number of data rows.
 */
export async function readCsv(
  source: FeedSource,
  file: string,
  onHeader: (header: CsvHeader) => void,
  onRow: (record: string[], line: number) => void,
  progress?: Progress,
): Promise<number> {
  const stream = await source.open(file);
  let line = 0;
  let rows = 0;
  progress?.start(`${source.name}:${file}`);
  try {
    for await (const batch of csvRecordBatches(stream)) {
      for (const record of batch) {
        line++;
        if (line === 1) {
          onHeader(new CsvHeader(record));
          continue;
        }
        onRow(record, line);
        rows++;
        if ((rows & 0xffff) === 0) progress?.tick(rows);
      }
    }
  } catch (err) {
    if (err instanceof BuildError) throw err;
    throw new BuildError(`${source.name}:${file}: unreadable CSV near line ${line + 1}: ${(err as Error).message}`);
  } finally {
    progress?.done(rows);
  }
  if (line === 0) throw new BuildError(`${source.name}:${file} is empty (no header row).`);
  return rows;
}

/** Rows of `readCsvBytes`: `line` numbers count as in `readCsv` (header = line 1). */
export interface CsvRowSink {
  /** A row holding no quote: its bytes [start, end) of `buf` (line end excluded), valid only during the call. */
  bytes(buf: Buffer, start: number, end: number, line: number): void;
  /** A row holding a quote, as `readCsv` gives it (use `cell`). */
  record(record: string[], line: number): void;
}

/**
 * `readCsv` for the biggest files (stop_times.txt): rows without a quote reach `rows.bytes` as
 * raw bytes, so a caller can parse the fields it needs without a string per field; rows with a
 * quote reach `rows.record` split as `readCsv` splits them. Same errors as `readCsv`.
 */
export async function readCsvBytes(
  source: FeedSource,
  file: string,
  onHeader: (header: CsvHeader) => void,
  rows: CsvRowSink,
  progress?: Progress,
): Promise<number> {
  const stream = await source.open(file);
  const sink = new NumberedRows(onHeader, rows, progress);
  const splitter = new CsvSplitter();
  progress?.start(`${source.name}:${file}`);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) splitter.push(chunk, sink);
    splitter.end(sink);
  } catch (err) {
    if (err instanceof BuildError) throw err;
    throw new BuildError(`${source.name}:${file}: unreadable CSV near line ${sink.lineNo + 1}: ${(err as Error).message}`);
  } finally {
    progress?.done(sink.rows);
  }
  if (sink.lineNo === 0) throw new BuildError(`${source.name}:${file} is empty (no header row).`);
  return sink.rows;
}

/** Numbers the records of one file, hands the first to onHeader and the rest to a CsvRowSink. */
class NumberedRows implements RecordSink {
  lineNo = 0;
  rows = 0;
  constructor(
    private readonly onHeader: (header: CsvHeader) => void,
    private readonly sink: CsvRowSink,
    private readonly progress: Progress | undefined,
  ) {}
  line(buf: Buffer, start: number, end: number): void {
    if (this.next()) this.sink.bytes(buf, start, end, this.lineNo);
    else this.onHeader(new CsvHeader(buf.toString('utf8', start, end).split(',')));
  }
  record(fields: string[]): void {
    if (this.next()) this.sink.record(fields, this.lineNo);
    else this.onHeader(new CsvHeader(fields));
  }
  /** Counts one record; false for the header. */
  private next(): boolean {
    this.lineNo++;
    if (this.lineNo === 1) return false;
    this.rows++;
    if ((this.rows & 0xffff) === 0) this.progress?.tick(this.rows);
    return true;
  }
}
