/** Parses GTFS `H:MM:SS` / `HH:MM:SS` (hours may exceed 24) into seconds; NaN when malformed. */
export function parseGtfsTime(text: string): number {
  const n = text.length;
  if (n < 7 || n > 9) return NaN;
  const c1 = n - 6; // index of the first colon
  if (text.charCodeAt(c1) !== 58 || text.charCodeAt(n - 3) !== 58) return NaN;
  let h = 0;
  for (let i = 0; i < c1; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    h = h * 10 + d;
  }
  const m = digits2(text, c1 + 1);
  const s = digits2(text, n - 2);
  if (m > 59 || s > 59 || Number.isNaN(m + s)) return NaN;
  return h * 3600 + m * 60 + s;
}

function digits2(text: string, i: number): number {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return NaN;
  return a * 10 + b;
}

/**
 * `parseGtfsTime` of the bytes buf[start, end) (ASCII digits and colons; anything else is NaN),
 * without making a string. Called per stop_times row: must not allocate.
 */
export function parseGtfsTimeBytes(buf: Uint8Array, start: number, end: number): number {
  const n = end - start;
  if (n < 7 || n > 9) return NaN;
  const c1 = end - 6; // the first colon
  if (buf[c1] !== 58 || buf[end - 3] !== 58) return NaN;
  let h = 0;
  for (let i = start; i < c1; i++) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) return NaN;
    h = h * 10 + d;
  }
  const m = digits2Bytes(buf, c1 + 1);
  const s = digits2Bytes(buf, end - 2);
  if (m > 59 || s > 59 || Number.isNaN(m + s)) return NaN;
  return h * 3600 + m * 60 + s;
}

function digits2Bytes(buf: Uint8Array, i: number): number {
  const a = buf[i] - 48;
  const b = buf[i + 1] - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return NaN;
  return a * 10 + b;
}
