import { csvRecordBatches } from './csv-records.js';
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
