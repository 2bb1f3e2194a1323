import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import { ID_MASK, NAME_BIT } from './word-matcher.js';
import { MAX_WORDS } from './word-score.js';
import { POSTCODE_LIKE } from './postcode-column.js';
import { normalizePostcode } from './normalize.js';

/** Names of lower-case ASCII letters and digits in words joined by one space (what PlacePages.findKey compares). */
const ASCII_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * The prefixes of indexed places' names (their name tokens joined by one space, cut after any
 * letter: "p", "park", "park r", "park road") whose search visits at least `minWork` weighted
 * postings (`work`, see WordSearch.work), at most `maxCount` of them, the costliest first: the
 * texts people type on the way to a name and that are dearest to answer. Names of more than
 * MAX_WORDS words or with bytes beyond ASCII are left out, and so are texts that read as a
 * postcode (their answer is not the words' alone). Each distinct prefix is costed once: the
 * names are sorted, and a prefix no longer than the one shared with the previous name was seen.
 */
export function namePrefixes(r: SnapshotReader, strings: StringTable, work: (words: readonly string[]) => number, minWork: number, maxCount: number): Uint8Array[] {
  const found: { text: string; work: number }[] = [];
  let prev = '';
  for (const name of distinctNames(r, strings)) {
    let shared = 0;
    while (shared < prev.length && shared < name.length && prev.charCodeAt(shared) === name.charCodeAt(shared)) shared++;
    prev = name;
    for (let length = shared + 1; length <= name.length; length++) {
      if (name.charCodeAt(length - 1) === 32) continue; // the same words as one letter shorter
      const text = name.slice(0, length);
      if (POSTCODE_LIKE.test(normalizePostcode(text))) continue;
      const cost = work(text.split(' '));
      if (cost >= minWork) found.push({ text, work: cost });
    }
  }
  found.sort((a, b) => b.work - a.work);
  const encoder = new TextEncoder();
  return found.slice(0, maxCount).map((f) => encoder.encode(f.text));
}

/** Every indexed place's name as its name tokens joined by one space, once each, in byte order (ASCII only). */
function distinctNames(r: SnapshotReader, strings: StringTable): string[] {
  const offsets = r.u32('search.placeTokenOffsets');
  const tokens = r.u32('search.placeTokens');
  const tokenText = r.u32('search.tokens');
  const decoded: string[] = new Array<string>(tokenText.length);
  const decoder = new TextDecoder();
  const { bytes, offsets: stringOffsets } = strings;
  const names = new Set<string>();
  for (let p = 0; p + 1 < offsets.length; p++) {
    let name = '';
    let count = 0;
    for (let k = offsets[p]; k < offsets[p + 1] && tokens[k] >= NAME_BIT; k++, count++) {
      const t = tokens[k] & ID_MASK;
      const s = tokenText[t];
      const word = (decoded[t] ??= decoder.decode(bytes.subarray(stringOffsets[s], stringOffsets[s + 1])));
      name = count === 0 ? word : `${name} ${word}`;
    }
    if (count > 0 && count <= MAX_WORDS && ASCII_WORDS.test(name)) names.add(name);
  }
  return [...names].sort(); // code unit order: byte order for ASCII
}
