import { PlacePageSearch, PLACE_PAGE_MAX_PHRASES, PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, type PlacePageColumns, type SnapshotReader } from '@transit/engine';
import { namePrefixes } from './name-prefixes.js';

/** Which texts get a stored page (defaults: PLACE_PAGE_MIN_POSTINGS, PLACE_PAGE_MIN_WORK, PLACE_PAGE_MAX_PHRASES). */
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

/** The texts compilePlacePages stores pages for (common words and costly name prefixes), once each, in byte order. */
export function placePageTexts(r: SnapshotReader, choice: PlacePageChoice | number = {}): Uint8Array[] {
  return textsOf(new PlacePageSearch(r), choice);
}

function textsOf(search: PlacePageSearch, choice: PlacePageChoice | number): Uint8Array[] {
  const { minPostings = PLACE_PAGE_MIN_POSTINGS, minWork = typeof choice === 'number' ? Infinity : PLACE_PAGE_MIN_WORK, maxPhrases = PLACE_PAGE_MAX_PHRASES } = typeof choice === 'number' ? { minPostings: choice } : choice;
  const common = search.commonWords(minPostings);
  const phrases = minWork === Infinity ? [] : namePrefixes(search, minWork, maxPhrases);
  return mergeTexts(common, phrases);
}

/**
 * The `search.page*` columns (engine place-pages.ts) of the snapshot's place-search sections:
 * the texts `choice` picks, each with the page the engine's own search gives it.
 */
export function compilePlacePages(r: SnapshotReader, choice: PlacePageChoice | number = {}): PlacePageColumns {
  const { part = { index: 0, count: 1 }, texts } = typeof choice === 'number' ? {} : choice;
  const search = new PlacePageSearch(r);
  const words = (texts ?? textsOf(search, choice)).filter((_, i) => i % part.count === part.index);
  const wordOffsets = new Uint32Array(words.length + 1);
  const totals = new Uint32Array(words.length);
  const idOffsets = new Uint32Array(words.length + 1);
  const pages: Uint32Array[] = [];
  const decoder = new TextDecoder();
  let byteCount = 0;
  words.forEach((word, i) => {
    const { total, ids } = search.page(decoder.decode(word));
    totals[i] = total;
    pages.push(ids);
    wordOffsets[i + 1] = byteCount += word.length;
    idOffsets[i + 1] = idOffsets[i] + ids.length;
  });
  const wordBytes = new Uint8Array(byteCount);
  words.forEach((word, i) => wordBytes.set(word, wordOffsets[i]));
  const ids = new Uint32Array(idOffsets[words.length]);
  pages.forEach((page, i) => ids.set(page, idOffsets[i]));
  return { info: search.info.slice(), wordBytes, wordOffsets, totals, idOffsets, ids };
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
