import type { SnapshotReader } from '../snapshot/reader.js';
import { StringTable } from '../snapshot/strings.js';
import { StopTable } from '../stops/stop-table.js';
import { StationTable } from '../stops/station-table.js';
import { PlaceIndex } from './place-index.js';
import { TokenDictionary } from './token-dictionary.js';
import { ID_MASK, NAME_BIT } from './word-matcher.js';
import { MAX_WORDS } from './word-score.js';
import { POSTCODE_LIKE } from './postcode-column.js';
import { normalizePostcode } from './normalize.js';
import { PLACE_PAGE_SIZE, PLACE_PAGE_VERSION } from './place-pages.js';

/** Names of lower-case ASCII letters and digits in words joined by one space (what PlacePages.findKey compares). */
const ASCII_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * The engine's place search as the builder's place-page compiler asks it (builder
 * places/compile-place-pages.ts): the page a text gets, what searching for it costs, and the
 * index's words and names to choose the texts from. Over a snapshot's place-search sections,
 * without its stored pages. Build time only: no query opens one.
 */
export class PlacePageSearch {
  /** `[PLACE_PAGE_VERSION, PLACE_PAGE_SIZE]`: the pages' `info` column. */
  readonly info = Uint32Array.of(PLACE_PAGE_VERSION, PLACE_PAGE_SIZE);
  private readonly strings: StringTable;
  private readonly index: PlaceIndex;

  constructor(private readonly r: SnapshotReader) {
    this.strings = new StringTable(r.u8('strings.bytes'), r.u32('strings.offsets'));
    this.index = new PlaceIndex(r, this.strings, new StopTable(r, this.strings), new StationTable(r, this.strings), false);
  }

  /** The stored page of `text`: how many places match it typed alone, and the best PLACE_PAGE_SIZE of them as place ids, best first. */
  page(text: string): { total: number; ids: Uint32Array } {
    return this.index.rankText(text, PLACE_PAGE_SIZE);
  }

  /** Weighted postings a search for these normalised words visits (WordSearch.work): what a stored page saves. */
  work(words: readonly string[]): number {
    return this.index.wordWork(words);
  }

  /** Whether `text` reads as a postcode (the place search answers it with postcodes, so a page of its words alone would be wrong). */
  static postcodeLike(text: string): boolean {
    return POSTCODE_LIKE.test(normalizePostcode(text));
  }

  /**
   * Distinct prefixes (1 byte up to the whole token) of the tokens, in byte order, that are only
   * [a-z0-9] and whose prefix range has at least `minPostings` postings. Walking tokens in id
   * (byte) order, a prefix longer than the one shared with the previous token is new, and the new
   * prefixes come out in byte order.
   */
  commonWords(minPostings: number): Uint8Array[] {
    const dict = new TokenDictionary(this.r, this.strings);
    const { bytes, offsets } = this.strings;
    const words: Uint8Array[] = [];
    let prev = bytes.subarray(0, 0);
    for (let t = 0; t < dict.count; t++) {
      const s = dict.text[t];
      const token = bytes.subarray(offsets[s], offsets[s + 1]);
      let shared = 0;
      while (shared < prev.length && shared < token.length && prev[shared] === token[shared]) shared++;
      prev = token;
      for (let length = 1; length <= token.length; length++) {
        const c = token[length - 1];
        if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122))) break;
        if (length <= shared) continue; // seen with an earlier token
        const prefix = token.subarray(0, length);
        if (dict.postingCount(t, dict.prefixEnd(prefix, t)) < minPostings) break; // longer prefixes have fewer
        words.push(prefix);
      }
    }
    return words;
  }

  /**
   * Every indexed place's name as its name tokens joined by one space, once each, in byte order:
   * names of at most MAX_WORDS words, only lower-case ASCII letters and digits (what a stored page
   * can be found by).
   */
  names(): string[] {
    const offsets = this.r.u32('search.placeTokenOffsets');
    const tokens = this.r.u32('search.placeTokens');
    const tokenText = this.r.u32('search.tokens');
    const decoded: string[] = new Array<string>(tokenText.length);
    const decoder = new TextDecoder();
    const { bytes, offsets: stringOffsets } = this.strings;
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
}
