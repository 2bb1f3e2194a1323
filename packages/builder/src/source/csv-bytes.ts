/**
 * Field helpers for CSV rows read as bytes (`readCsvBytes`): each returns a sentinel when the
 * field is anything but the plain case, and the caller then parses the row as strings, so the
 * byte path never decides a quirk differently from `cell`.
 */

const COMMA = 0x2c;
const SPACE = 0x20;
/** Exact powers of ten (every one up to 1e22 is a double without rounding). */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Finds fields 0..lastCol of the line [start, end) into fieldStart / fieldEnd; false when the
 * line has fewer fields or one of them starts or ends with a space (`cell` would trim it).
 * Called per row: must not allocate.
 */
export function splitFields(buf: Uint8Array, start: number, end: number, lastCol: number, fieldStart: Int32Array, fieldEnd: Int32Array): boolean {
  let field = 0;
  let s = start;
  for (let i = start; i < end && field < lastCol; i++) {
    if (buf[i] !== COMMA) continue;
    fieldStart[field] = s;
    fieldEnd[field++] = i;
    s = i + 1;
  }
  if (field < lastCol) return false;
  let e = s;
  while (e < end && buf[e] !== COMMA) e++;
  fieldStart[lastCol] = s;
  fieldEnd[lastCol] = e;
  for (let f = 0; f <= lastCol; f++) {
    const fs = fieldStart[f];
    const fe = fieldEnd[f];
    if (fe > fs && (buf[fs] === SPACE || buf[fe - 1] === SPACE)) return false;
  }
  return true;
}

/** 1 to 9 ASCII digits as a number, else -1. */
export function uintOfBytes(buf: Uint8Array, s: number, e: number): number {
  if (e <= s || e - s > 9) return -1;
  let v = 0;
  for (let i = s; i < e; i++) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * `Number(text)` of a plain decimal `-?D+(.D+)?` with at most 15 digits, else NaN. Exact: the
 * digits form an integer below 2^53 and 10^k is exact, so the one division rounds as Number does.
 */
export function decimalOfBytes(buf: Uint8Array, s: number, e: number): number {
  const negative = buf[s] === 0x2d;
  let i = negative ? s + 1 : s;
  let mantissa = 0;
  let digits = 0;
  let fraction = -1; // digits after the point; -1 before it
  for (; i < e; i++) {
    const d = buf[i] - 48;
    if (d >= 0 && d <= 9) {
      mantissa = mantissa * 10 + d;
      digits++;
      if (fraction >= 0) fraction++;
    } else if (buf[i] === 0x2e && fraction < 0 && digits > 0) fraction = 0;
    else return NaN;
  }
  if (digits === 0 || digits > 15 || fraction === 0) return NaN;
  const v = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
  return negative ? -v : v;
}

/**
 * The previous row's value of one id field, as bytes: rows of big files come grouped by trip or
 * shape, so most rows compare a few bytes instead of making a string and a Map lookup.
 */
export class SameBytes {
  private bytes = Buffer.alloc(256);
  private length = -1;

  /** Whether buf[s, e) equals the bytes last `remember`ed. */
  matches(buf: Uint8Array, s: number, e: number): boolean {
    const n = e - s;
    if (n !== this.length) return false;
    const bytes = this.bytes;
    for (let i = 0; i < n; i++) if (bytes[i] !== buf[s + i]) return false;
    return true;
  }

  remember(buf: Uint8Array, s: number, e: number): void {
    if (e - s > this.bytes.length) this.bytes = Buffer.alloc(2 * (e - s));
    this.bytes.set(buf.subarray(s, e));
    this.length = e - s;
  }
}
