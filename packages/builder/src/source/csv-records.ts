import type { Readable } from 'node:stream';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a CSV byte stream into records of strings (RFC 4180, relaxed like csv-parse's
 * `relax_quotes` and `relax_column_count`): a field is quoted only when it starts with `"`, a
 * quote anywhere else is a plain character; quoted fields may hold commas, `""` and line breaks;
 * CRLF or LF ends a line; a UTF-8 byte-order mark is dropped; empty lines are skipped.
 *
 * Built for national files (tens of millions of stop_times rows): lines without a quote are
 * cut with the native `indexOf`, and each field is decoded once, straight from the chunk, with
 * no intermediate Buffer per field (csv-parse spent about half the build's CPU there).
 */
export async function* csvRecords(stream: Readable): AsyncGenerator<string[]> {
  for await (const batch of csvRecordBatches(stream)) yield* batch;
}

/**
 * The records of `csvRecords`, one array per chunk read: a caller that loops over each batch
 * synchronously pays one await per chunk instead of one per row (millions on a national file).
 */
export async function* csvRecordBatches(stream: Readable): AsyncGenerator<string[][]> {
  let rest: Buffer | null = null;
  let first = true;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    rest = null;
    if (first && buf.length >= 3) {
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      first = false;
    } else if (first) {
      rest = buf;
      continue;
    }
    const records: string[][] = [];
    const end = splitRecords(buf, records, false);
    if (records.length) yield records;
    if (end < buf.length) rest = Buffer.from(buf.subarray(end));
  }
  if (rest && rest.length) {
    if (first && rest[0] === 0xef && rest[1] === 0xbb && rest[2] === 0xbf) rest = rest.subarray(3);
    const records: string[][] = [];
    splitRecords(rest, records, true);
    if (records.length) yield records;
  }
}

/**
 * Appends the complete records of `buf` to `out`; returns where the unfinished last record
 * starts (buf.length when none is left). With `final`, the last record needs no line end.
 */
function splitRecords(buf: Buffer, out: string[][], final: boolean): number {
  let pos = 0;
  const n = buf.length;
  let quote = -2; // next quote at or after pos: unknown (-2), none in the buffer (-1)
  while (pos < n) {
    const lf = buf.indexOf(LF, pos);
    const lineEnd = lf < 0 ? n : lf;
    if (lf < 0 && !final) return pos;
    if (quote !== -1 && quote < pos) quote = buf.indexOf(QUOTE, pos); // searched again only past the last one found
    if (quote >= 0 && quote < lineEnd) {
      // A quoted field may span lines: parse field by field from the line start.
      const next = quotedRecord(buf, pos, out, final);
      if (next < 0) return pos;
      pos = next;
      continue;
    }
    let stop = lineEnd;
    if (stop > pos && buf[stop - 1] === CR) stop--;
    if (stop > pos) out.push(plainFields(buf, pos, stop));
    pos = lineEnd + 1;
  }
  return n;
}

/**
 * The fields of a line [start, end) holding no quote: the line is decoded once and split (a
 * comma byte never occurs inside a UTF-8 sequence, so this equals decoding field by field).
 */
function plainFields(buf: Buffer, start: number, end: number): string[] {
  return buf.toString('utf8', start, end).split(',');
}

/**
 * One record that holds a quote, from `start`; pushes it and returns the position after its
 * line end, or -1 when the buffer ends inside it (and more data may follow).
 */
function quotedRecord(buf: Buffer, start: number, out: string[][], final: boolean): number {
  const fields: string[] = [];
  const n = buf.length;
  let pos = start;
  for (;;) {
    let value: string;
    if (buf[pos] === QUOTE) {
      // Quoted: up to the closing quote; "" is one quote.
      let text = '';
      let s = pos + 1;
      for (;;) {
        const q = buf.indexOf(QUOTE, s);
        if (q < 0) {
          if (!final) return -1;
          text += buf.toString('utf8', s, n);
          pos = n;
          break;
        }
        text += buf.toString('utf8', s, q);
        if (buf[q + 1] === QUOTE) {
          text += '"';
          s = q + 2;
          continue;
        }
        if (q + 1 >= n && !final) return -1;
        pos = q + 1;
        break;
      }
      // Characters after the closing quote belong to the field (relaxed), up to the separator.
      let e = pos;
      while (e < n && buf[e] !== COMMA && buf[e] !== LF) e++;
      if (e >= n && !final) return -1;
      let tail = e;
      if (tail > pos && buf[tail - 1] === CR && (tail >= n || buf[tail] === LF)) tail--;
      value = text + buf.toString('utf8', pos, tail);
      pos = e;
    } else {
      let e = pos;
      while (e < n && buf[e] !== COMMA && buf[e] !== LF) e++;
      if (e >= n && !final) return -1;
      let tail = e;
      if (tail > pos && buf[tail - 1] === CR && (tail >= n || buf[tail] === LF)) tail--;
      value = buf.toString('utf8', pos, tail);
      pos = e;
    }
    fields.push(value);
    if (pos >= n) {
      out.push(fields);
      return n;
    }
    if (buf[pos] === LF) {
      out.push(fields);
      return pos + 1;
    }
    pos++; // the comma
    if (pos >= n) {
      if (!final) return -1;
      fields.push('');
      out.push(fields);
      return n;
    }
  }
}
