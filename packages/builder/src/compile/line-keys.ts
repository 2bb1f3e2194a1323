import type { AgencyRow } from '../gtfs/timetable-model.js';
import { tocName } from '../rail/toc-names.js';


const TWO_LETTERS = /^[A-Za-z]{2}$/;

/** The 2-letter TOC code of a rail agency (agency_id, else agency_name, else NOC), or '' when it has none. */
export function tocCode(a: AgencyRow): string {
  for (const c of [a.id, a.name, a.noc]) if (TWO_LETTERS.test(c)) return c.toUpperCase();
  return '';
}

/** Display name of a rail operator: the feed's name unless it is only the code, then the known TOC name. */
export function railOperatorName(a: AgencyRow, code: string): string {
  const name = a.name.trim();
  if (name && name.toUpperCase() !== code) return name;
  return tocName(code) !== code ? tocName(code) : name || code;
}

/** Operator code of a bus line: the agency's NOC when the feed gives one, else its agency_id. */
export function busOperatorCode(a: AgencyRow): string {
  return a.noc || a.id;
}

/** URL-safe form of an id part: ASCII letters, digits, `_` and `-` kept; any other run becomes `_`. */
export function slug(text: string): string {
  const s = text.trim().replace(/[^A-Za-z0-9_-]+/g, '_');
  return s || '_';
}

/**
 * Natural order of line numbers: digit runs compare as numbers and come before letters, letters
 * compare case-insensitively ("1" < "1a" < "2" < "10" < "X1").
 */
export function compareLineNumbers(a: string, b: string): number {
  const x = a.match(/\d+|\D+/g) ?? [];
  const y = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const dx = /^\d/.test(x[i]);
    const dy = /^\d/.test(y[i]);
    if (dx && dy) {
      const d = Number(x[i]) - Number(y[i]);
      if (d !== 0) return d;
    } else if (dx !== dy) return dx ? -1 : 1;
    else {
      const u = x[i].toUpperCase();
      const v = y[i].toUpperCase();
      if (u !== v) return u < v ? -1 : 1;
    }
  }
  return x.length - y.length || (a < b ? -1 : a > b ? 1 : 0);
}
