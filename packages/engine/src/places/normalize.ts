/**
 * Text normalisation shared by the builder (which tokenises place names into the search index)
 * and the engine (which tokenises queries the same way): the two must agree exactly.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
const NON_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/**
 * Search form of a text: lower case, diacritics stripped (NFD, marks removed), `&` read as
 * "and", apostrophes removed ("St John's" -> "st johns"), every other run of non-alphanumeric
 * characters turned into one space, no leading or trailing space.
 */
export function normalizeText(s: string): string {
  return s
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(APOSTROPHES, '')
    .replace(NON_ALPHANUMERIC, ' ')
    .trim();
}

/** Words of `normalizeText(s)`; empty for text without letters or digits. */
export function tokenize(s: string): string[] {
  const text = normalizeText(s);
  return text === '' ? [] : text.split(' ');
}

/** Postcode key: upper case, all whitespace removed ("s1 2hh" -> "S12HH"). */
export function normalizePostcode(s: string): string {
  return s.toUpperCase().replace(/\s+/g, '');
}

/** Display form of a normalised postcode: a space before the inward code ("S12HH" -> "S1 2HH"). */
export function formatPostcode(code: string): string {
  return code.length > 3 ? `${code.slice(0, -3)} ${code.slice(-3)}` : code;
}
