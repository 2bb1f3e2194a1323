/**
 * Typo tolerance by deletion neighbourhood (SymSpell): the builder stores, for every token of
 * TYPO_MIN_TOKEN_BYTES..TYPO_MAX_BYTES bytes, the hash of the token itself and, for tokens of
 * TYPO_MIN_WORD_BYTES or more, the hash of each single-byte deletion of it. A query word's own
 * hash and its deletion hashes meet those of every token within one edit; hash hits are then
 * verified with `withinOneEdit`. Everything works on UTF-8 bytes (names are ASCII once
 * normalised). The builder imports these from the engine's index to write the index.
 */

/** Query words shorter than this (bytes) get no typo tolerance. */
export const TYPO_MIN_WORD_BYTES = 5;
/** Shortest token whose own hash is indexed (a 5-byte word with one inserted byte). */
export const TYPO_MIN_TOKEN_BYTES = 4;
/** Longer tokens and words are not typo-indexed. */
export const TYPO_MAX_BYTES = 40;
/** `skip` value meaning "delete nothing". */
export const NO_SKIP = -1;

/** 32-bit FNV-1a of bytes[start, end) without the byte at `skip` (NO_SKIP for none). */
export function deletionHash(bytes: Uint8Array, start: number, end: number, skip: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    if (i === skip) continue;
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * True when a[aStart, aEnd) and b[bStart, bEnd) differ by exactly one substitution, insertion,
 * deletion or transposition of adjacent bytes (optimal string alignment distance 1).
 */
export function withinOneEdit(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): boolean {
  const la = aEnd - aStart;
  const lb = bEnd - bStart;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  const n = la < lb ? la : lb;
  while (i < n && a[aStart + i] === b[bStart + i]) i++;
  if (la === lb) {
    if (i === la) return false; // identical
    if (rangeEqual(a, aStart + i + 1, b, bStart + i + 1, la - i - 1)) return true; // substitution
    return i + 1 < la && a[aStart + i] === b[bStart + i + 1] && a[aStart + i + 1] === b[bStart + i] && rangeEqual(a, aStart + i + 2, b, bStart + i + 2, la - i - 2);
  }
  // One extra byte in the longer string at position i.
  return la > lb ? rangeEqual(a, aStart + i + 1, b, bStart + i, lb - i) : rangeEqual(a, aStart + i, b, bStart + i + 1, la - i);
}

function rangeEqual(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (a[aStart + k] !== b[bStart + k]) return false;
  return true;
}
