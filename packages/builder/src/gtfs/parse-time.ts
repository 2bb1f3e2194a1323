/**
 * Parses GTFS `H:MM:SS` / `HH:MM:SS` (hours may exceed 24) into seconds; NaN when malformed.
 * The string form of `parseGtfsTimeBytes` (for rows read as strings): only ASCII digits and
 * colons are accepted, so both forms agree whatever the text.
 */
export function parseGtfsTime(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  return parseGtfsTimeBytes(bytes, 0, bytes.length);
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
  const m = digits2(buf, c1 + 1);
  const s = digits2(buf, end - 2);
  if (m > 59 || s > 59 || Number.isNaN(m + s)) return NaN;
  return h * 3600 + m * 60 + s;
}

function digits2(buf: Uint8Array, i: number): number {
  const a = buf[i] - 48;
  const b = buf[i + 1] - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return NaN;
  return a * 10 + b;
}
