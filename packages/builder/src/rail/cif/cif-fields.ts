/**
 * Field decoders for the fixed-width CIF records (RDG "Common Interface File End User
 * Specification"). Columns are 1-based in the specification; the decoders take 0-based offsets.
 */
import { dayNumber, dateOfDay } from '@transit/engine';

/** No time in a CIF time field (blank or public 0000 "no passenger time"). */
export const NO_CIF_TIME = -1;

/**
 * A CIF date to a day number; NaN when malformed. Schedules write `yymmdd`, the HD header
 * `ddmmyy` (`dayFirst`). Years are 20yy: RDG writes open-ended schedules as 991231 (2099).
 */
export function cifDay(line: string, at: number, dayFirst = false): number {
  const yy = digits(line, dayFirst ? at + 4 : at, 2);
  const mm = digits(line, at + 2, 2);
  const dd = digits(line, dayFirst ? at : at + 4, 2);
  if (Number.isNaN(yy + mm + dd) || mm < 1 || mm > 12 || dd < 1 || dd > 31) return NaN;
  const day = dayNumber(2000 + yy, mm, dd);
  return dateOfDay(day)[2] === dd ? day : NaN; // 310231 is not a date
}

/**
 * A working time `HHMM` plus `H` or space (half minute) at `at`, in seconds of the day; a
 * public time `HHMM` when `width` is 4. NO_CIF_TIME when blank; NaN when malformed.
 */
export function cifTime(line: string, at: number, width: 4 | 5): number {
  if (line.charCodeAt(at) === 32 || at >= line.length) return NO_CIF_TIME;
  const hh = digits(line, at, 2);
  const mm = digits(line, at + 2, 2);
  if (Number.isNaN(hh + mm) || hh > 23 || mm > 59) return NaN;
  return hh * 3600 + mm * 60 + (width === 5 && line.charCodeAt(at + 4) === 72 /* H */ ? 30 : 0);
}

/** Days run `1111100` (Monday first) to a weekday mask, bit 0 = Monday; NaN when malformed. */
export function cifDays(line: string, at: number): number {
  let mask = 0;
  for (let i = 0; i < 7; i++) {
    const c = line.charCodeAt(at + i);
    if (c === 49) mask |= 1 << i;
    else if (c !== 48) return NaN;
  }
  return mask;
}

/** A fixed-width text field with trailing spaces removed. */
export function field(line: string, at: number, width: number): string {
  return line.slice(at, at + width).trimEnd();
}

function digits(line: string, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) {
    const d = line.charCodeAt(at + i) - 48;
    if (!(d >= 0 && d <= 9)) return NaN;
    v = v * 10 + d;
  }
  return v;
}
