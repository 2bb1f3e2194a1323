import { parseIsoMs } from '../feed-values.js';

/** Value of the ASCII digit at s[i], or -1 (also past the end). */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** The two-digit number at s[i, i + 2) (inside s), or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48, b = s.charCodeAt(i + 1) - 48;
  return a >>> 0 > 9 || b >>> 0 > 9 ? -1 : a * 10 + b;
}

/** Days from 1970-01-01 to year-month-day (month 1-12, year >= 1), as Date.UTC counts them: Hinnant's days_from_civil. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = (y / 400) | 0;
  const yoe = y - era * 400;
  const doy = (((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) | 0) + day - 1;
  return era * 146097 + yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy - 719468;
}

/**
 * parseIsoMs of trimmed text (null: NaN), with BODS's usual shapes read without Date.parse:
 * `YYYY-MM-DDTHH:MM:SS`, an optional fraction (milliseconds truncated, as Date.parse) and
 * `Z`, `±HH:MM` or no zone (UTC). Anything else (days past 28, other zone forms, years before
 * 1000) goes to parseIsoMs, so the answer is always its own. Called three times per activity.
 */
export function isoMs(t: string | null): number {
  if (t === null) return NaN;
  const n = t.length;
  if (n < 19 || t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(10) !== 84 || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return parseIsoMs(t);
  const y1 = two(t, 0), y2 = two(t, 2), month = two(t, 5), day = two(t, 8), hour = two(t, 11), minute = two(t, 14), second = two(t, 17);
  if (y1 < 10 || y2 < 0 || month < 1 || month > 12 || day < 1 || day > 28 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return parseIsoMs(t);
  let i = 19, ms = 0;
  if (i < n && t.charCodeAt(i) === 46) {
    // Fraction: 1 to 9 digits, the first three are the milliseconds.
    let k = 0;
    for (i++; i < n && digit(t, i) >= 0; i++, k++) if (k < 3) ms += digit(t, i) * (k === 0 ? 100 : k === 1 ? 10 : 1);
    if (k === 0 || k > 9) return parseIsoMs(t);
  }
  let offsetMin = 0;
  if (i === n - 1 && t.charCodeAt(i) === 90) i++;
  else if (i === n - 6 && (t.charCodeAt(i) === 43 || t.charCodeAt(i) === 45) && t.charCodeAt(i + 3) === 58) {
    const oh = two(t, i + 1), om = two(t, i + 4);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return parseIsoMs(t);
    offsetMin = (t.charCodeAt(i) === 43 ? 1 : -1) * (oh * 60 + om);
    i = n;
  }
  if (i !== n) return parseIsoMs(t);
  return daysFromCivil(y1 * 100 + y2, month, day) * 86_400_000 + ((hour * 60 + minute - offsetMin) * 60 + second) * 1000 + ms;
}
