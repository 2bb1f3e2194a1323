import type { Readable } from 'node:stream';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Receives the records of a CSV byte stream as `CsvSplitter` finds them: lines without a quote
 * as raw bytes (most rows of a big file, parsed without a string per field by callers that want
 * to), records holding a quote as strings.
 */
export interface RecordSink {
  /** A line holding no quote: bytes [start, end) of `buf`, line end and CR excluded; `buf` is valid only during the call. */
  line(buf: Buffer, start: number, end: number): void;
  /** A record holding a quote (quoted fields may hold commas, `""` and line breaks), split into fields. */
  record(fields: string[]): void;
}

/**
 * Splits a CSV byte stream into records (RFC 4180, relaxed like csv-parse's `relax_quotes` and
 * `relax_column_count`): a field is quoted only when it starts with `"`, a quote anywhere else is
 * a plain character; quoted fields may hold commas, `""` and line breaks; CRLF or LF ends a line;
 * a UTF-8 byte-order mark is dropped; empty lines are skipped. Feed it chunk by chunk with
 * `push`, then call `end`.
 *
 * Built for national files (tens of millions of stop_times rows): lines without a quote are
 * cut with the native `indexOf` and handed over as bytes.
 */
export class CsvSplitter {
  private rest: Buffer | null = null;
  private first = true;

  /** Passes the complete records of `chunk` (after what was left of the previous one) to `sink`. */
  push(chunk: Buffer, sink: RecordSink): void {
    if (this.rest && !this.first) chunk = this.finishRest(chunk, sink);
    let buf: Buffer = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    if (this.first) {
      if (buf.length < 3) {
        this.rest = buf;
        return;
      }
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
      this.first = false;
    }
    const end = scanRecords(buf, sink, false);
    if (end < buf.length) this.rest = Buffer.from(buf.subarray(end));
  }

  /**
   * Completes the record left over from the previous chunk with this chunk's first line and
   * returns the rest of the chunk (with whatever of them is still unfinished in front): the
   * chunk is not copied whole behind the leftover, which made a chunk-sized buffer of garbage
   * per chunk (about the file's size over a file). A record still open at that line end (a
   * quoted field spanning lines) is scanned again with the whole chunk.
   */
  private finishRest(chunk: Buffer, sink: RecordSink): Buffer {
    const lf = chunk.indexOf(LF);
    const headEnd = lf < 0 ? chunk.length : lf + 1;
    const head = Buffer.concat([this.rest!, chunk.subarray(0, headEnd)]);
    this.rest = null;
    const end = scanRecords(head, sink, false);
    return end === head.length ? chunk.subarray(headEnd) : Buffer.concat([head.subarray(end), chunk.subarray(headEnd)]);
  }

  /** Passes the last record (which needs no line end) to `sink`. */
  end(sink: RecordSink): void {
    let rest = this.rest;
    this.rest = null;
    if (!rest || !rest.length) return;
    if (this.first && rest[0] === 0xef && rest[1] === 0xbb && rest[2] === 0xbf) rest = rest.subarray(3);
    scanRecords(rest, sink, true);
  }
}

/** Collects records as arrays of strings (each plain line decoded once and split on commas). */
class StringRecords implements RecordSink {
  out: string[][] = [];
  line(buf: Buffer, start: number, end: number): void {
    this.out.push(plainFields(buf, start, end));
  }
  record(fields: string[]): void {
    this.out.push(fields);
  }
}

/**
 * The records of a CSV byte stream as arrays of strings (see `CsvSplitter` for the dialect), one
 * array per chunk read: a caller that loops over each batch synchronously pays one await per
 * chunk instead of one per row (millions on a national file).
 */
export async function* csvRecordBatches(stream: Readable): AsyncGenerator<string[][]> {
  const splitter = new CsvSplitter();
  const sink = new StringRecords();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    splitter.push(chunk, sink);
    if (sink.out.length) {
      yield sink.out;
      sink.out = [];
    }
  }
  splitter.end(sink);
  if (sink.out.length) yield sink.out;
}

/**
 * Passes the complete records of `buf` to `sink`; returns where the unfinished last record
 * starts (buf.length when none is left). With `final`, the last record needs no line end.
 */
function scanRecords(buf: Buffer, sink: RecordSink, final: boolean): number {
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
      const next = quotedRecord(buf, pos, sink, final);
      if (next < 0) return pos;
      pos = next;
      continue;
    }
    let stop = lineEnd;
    if (stop > pos && buf[stop - 1] === CR) stop--;
    if (stop > pos) sink.line(buf, pos, stop);
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
 * One record that holds a quote, from `start`; passes it to `sink` and returns the position after its
 * line end, or -1 when the buffer ends inside it (and more data may follow).
 */
function quotedRecord(buf: Buffer, start: number, sink: RecordSink, final: boolean): number {
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
      sink.record(fields);
      return n;
    }
    if (buf[pos] === LF) {
      sink.record(fields);
      return pos + 1;
    }
    pos++; // the comma
    if (pos >= n) {
      if (!final) return -1;
      fields.push('');
      sink.record(fields);
      return n;
    }
  }
}
