import type { SnapshotReader } from '../snapshot/reader.js';
import { StringTable } from '../snapshot/strings.js';
import { StopTable } from '../stops/stop-table.js';
import { StationTable } from '../stops/station-table.js';
import { PlaceIndex } from './place-index.js';
import { TokenDictionary } from './token-dictionary.js';
import { PLACE_PAGE_MAX_PHRASES, PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_SIZE, PLACE_PAGE_VERSION, type PlacePageColumns } from './place-pages.js';
import { namePrefixes } from './name-prefixes.js';

/** Which texts get a stored page (builder defaults: PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_MAX_PHRASES). */
export interface PlacePageChoice {
  /** One word whose prefix range holds at least this many postings. */
  minPostings?: number;
  /** A prefix of a place name whose search visits at least this many weighted postings (Infinity: none). */
  minWork?: number;
  /** At most this many such name prefixes, the costliest first. */
  maxPhrases?: number;
  /**
   * The texts to store pages for, as placePageTexts gives them for this choice (computed once, for
   * parts on several threads); default computed here.
   */
  texts?: readonly Uint8Array[];
  /**
   * Only every `count`-th text from the `index`-th (in byte order) gets its page: parts 0 to
   * count - 1, computed on as many threads and interleaved back (mergePlacePageParts), give the
   * whole. Default the whole (index 0 of 1).
   */
  part?: { index: number; count: number };
}

/**
 * The place-search sections' reader, strings and index, as compilePlacePages and placePageTexts
 * read them.
 */
function openPlaceSearch(r: SnapshotReader): { strings: StringTable; index: PlaceIndex } {
  const strings = new StringTable(r.u8('strings.bytes'), r.u32('strings.offsets'));
  return { strings, index: new PlaceIndex(r, strings, new StopTable(r, strings), new StationTable(r, strings), false) };
}

/** The texts compilePlacePages stores pages for (common words and costly name prefixes), once each, in byte order. */
export function placePageTexts(r: SnapshotReader, choice: PlacePageChoice | number = {}): Uint8Array[] {
  const { strings, index } = openPlaceSearch(r);
  return textsOf(r, strings, index, choice);
}

function textsOf(r: SnapshotReader, strings: StringTable, index: PlaceIndex, choice: PlacePageChoice | number): Uint8Array[] {
  const { minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = typeof choice === 'number' ? Infinity : PLACE_PAGE_MIN_WORK, maxPhrases = PLACE_PAGE_MAX_PHRASES } = typeof choice === 'number' ? { minPostings: choice } : choice;
  const common = commonWords(new TokenDictionary(r, strings), strings, minPostings);
  const phrases = minWork === Infinity ? [] : namePrefixes(r, strings, (words) => index.wordWork(words), minWork, maxPhrases);
  return mergeTexts(common, phrases);
}

export function compilePlacePages(r: SnapshotReader, choice: PlacePageChoice | number = {}): PlacePageColumns {
  const { part = { index: 0, count: 1 }, texts } = typeof choice === 'number' ? {} : choice;
  const { strings, index } = openPlaceSearch(r);
  const words = (texts ?? textsOf(r, strings, index, choice)).filter((_, i) => i % part.count === part.index);
  const wordOffsets = new Uint32Array(words.length + 1);
  const totals = new Uint32Array(words.length);
  const idOffsets = new Uint32Array(words.length + 1);
  const pages: Uint32Array[] = [];
  const decoder = new TextDecoder();
  let byteCount = 0;
  words.forEach((word, i) => {
    const { total, ids } = index.rankText(decoder.decode(word), PLACE_PAGE_SIZE);
    totals[i] = total;
    pages.push(ids);
    wordOffsets[i + 1] = byteCount += word.length;
    idOffsets[i + 1] = idOffsets[i] + ids.length;
  });
  const wordBytes = new Uint8Array(byteCount);
  words.forEach((word, i) => wordBytes.set(word, wordOffsets[i]));
  const ids = new Uint32Array(idOffsets[words.length]);
  pages.forEach((page, i) => ids.set(page, idOffsets[i]));
  return { info: Uint32Array.of(PLACE_PAGE_VERSION, PLACE_PAGE_SIZE), wordBytes, wordOffsets, totals, idOffsets, ids };
}

/**
 * The parts of compilePlacePages (`part` index 0 to count - 1, in order) interleaved back into
 * the columns compilePlacePages gives without `part`.
 */
export function mergePlacePageParts(parts: PlacePageColumns[]): PlacePageColumns {
  const count = parts.reduce((n, p) => n + p.totals.length, 0);
  const wordOffsets = new Uint32Array(count + 1);
  const totals = new Uint32Array(count);
  const idOffsets = new Uint32Array(count + 1);
  const wordBytes = new Uint8Array(parts.reduce((n, p) => n + p.wordBytes.length, 0));
  const ids = new Uint32Array(parts.reduce((n, p) => n + p.ids.length, 0));
  for (let i = 0; i < count; i++) {
    const p = parts[i % parts.length];
    const k = Math.floor(i / parts.length); // text k of its part
    const word = p.wordBytes.subarray(p.wordOffsets[k], p.wordOffsets[k + 1]);
    const page = p.ids.subarray(p.idOffsets[k], p.idOffsets[k + 1]);
    wordBytes.set(word, wordOffsets[i]);
    wordOffsets[i + 1] = wordOffsets[i] + word.length;
    ids.set(page, idOffsets[i]);
    idOffsets[i + 1] = idOffsets[i] + page.length;
    totals[i] = p.totals[k];
  }
  return { info: parts[0].info, wordBytes, wordOffsets, totals, idOffsets, ids };
}

/** The texts of both lists once each, in byte order (the order PlacePages searches). */
function mergeTexts(a: Uint8Array[], b: Uint8Array[]): Uint8Array[] {
  const all = [...a, ...b].sort(compareBytes);
  return all.filter((text, i) => i === 0 || compareBytes(all[i - 1], text) !== 0);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Distinct prefixes (1 byte up to the whole token) of the tokens, in byte order, that are only
 * [a-z0-9] and whose prefix range has at least `minPostings` postings. Walking tokens in id
 * (byte) order, a prefix longer than the one shared with the previous token is new, and the new
 * prefixes come out in byte order.
 */
function commonWords(dict: TokenDictionary, strings: StringTable, minPostings: number): Uint8Array[] {
  const { bytes, offsets } = strings;
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
