import type { SnapshotReader } from '../snapshot/reader.js';
import { NOT_FOUND } from '../api.js';

/**
 * Bumped whenever matching or ranking changes (word-score.ts, one-word-scan.ts, PlaceIndex's
 * order, postcode matching): stored pages of another version are ignored, not served.
 */
export const PLACE_PAGE_VERSION = 1;
/** Place ids stored per word: queries with offset + limit up to this are answered from the page. */
export const PLACE_PAGE_SIZE = 100;
/** Words whose prefix range holds at least this many postings get a stored page (builder default). */
export const PLACE_PAGE_MIN_POSTINGS = 500;
/**
 * Prefixes of place names (several words, or one word) whose search visits at least this many
 * weighted postings (WordSearch.work) get a stored page (builder default).
 */
export const PLACE_PAGE_MIN_WORK = 32_000;
/** At most this many name prefixes get a stored page, the costliest first (builder default). */
export const PLACE_PAGE_MAX_PHRASES = 40_000;

/** Section names of the first-page cache (optional: snapshots without them search as before). */
export const PLACE_PAGE_SECTIONS = {
  info: 'search.pageInfo',
  wordBytes: 'search.pageWordBytes',
  wordOffsets: 'search.pageWordOffsets',
  totals: 'search.pageTotals',
  idOffsets: 'search.pageIdOffsets',
  ids: 'search.pageIds',
} as const;

/** The first-page cache as columns (see docs/engine.md "Places"). */
export interface PlacePageColumns {
  /** [PLACE_PAGE_VERSION, page size]. */
  info: Uint32Array;
  /**
   * Cached texts, sorted by bytes: text i = wordBytes[wordOffsets[i], wordOffsets[i + 1]), one
   * word (lower-case ASCII letters and digits) or words of the same kind joined by one space.
   */
  wordBytes: Uint8Array;
  wordOffsets: Uint32Array;
  /** Text -> total matches of the text typed alone (the page's `total`). */
  totals: Uint32Array;
  /** Text -> [first, end) into ids: its best min(total, page size) place ids, best first. */
  idOffsets: Uint32Array;
  ids: Uint32Array;
}

/**
 * Stored first pages of the commonest one-word queries ("st", "sheffield") and of the costliest
 * prefixes of place names ("park road", "the s"): a query of such a text, typed alone without a
 * point, box or kind filter, is answered from its page (its total and best place ids) instead of
 * a pass over the words' postings. The builder computes the pages with the engine's own search
 * (compilePlacePages, through PlacePageSearch), so they are the answers that pass gives.
 */
export class PlacePages {
  readonly pageSize: number;
  private constructor(private readonly cols: PlacePageColumns) {
    this.pageSize = cols.info[1];
  }

  /** The snapshot's pages, or null when it has none or they are of another PLACE_PAGE_VERSION. */
  static open(r: SnapshotReader): PlacePages | null {
    const s = PLACE_PAGE_SECTIONS;
    if (!r.has(s.info)) return null;
    const info = r.u32(s.info);
    if (info.length < 2 || info[0] !== PLACE_PAGE_VERSION) return null;
    return new PlacePages({ info, wordBytes: r.u8(s.wordBytes), wordOffsets: r.u32(s.wordOffsets), totals: r.u32(s.totals), idOffsets: r.u32(s.idOffsets), ids: r.u32(s.ids) });
  }

  get wordCount(): number {
    return this.cols.totals.length;
  }

  /**
   * The cached word equal to `text` lower-cased, when `text` is only ASCII letters and digits
   * (so it tokenises to that one word and reads as the same postcode), else NOT_FOUND.
   * Called per query: must not allocate.
   */
  find(text: string): number {
    const n = text.length;
    if (n === 0) return NOT_FOUND;
    for (let i = 0; i < n; i++) if (lowerAlnum(text.charCodeAt(i)) === 0) return NOT_FOUND;
    return this.findKey(text);
  }

  /**
   * The cached text equal to `key` with A-Z lower-cased (normalised words joined by one space,
   * see tokenize), else NOT_FOUND. Called per query: must not allocate.
   */
  findKey(key: string): number {
    const { wordBytes, wordOffsets } = this.cols;
    let lo = 0;
    let hi = this.wordCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareText(key, wordBytes, wordOffsets[mid], wordOffsets[mid + 1]);
      if (c === 0) return mid;
      if (c > 0) lo = mid + 1;
      else hi = mid;
    }
    return NOT_FOUND;
  }

  total(word: number): number {
    return this.cols.totals[word];
  }

  /** Place ids stored for the word (min(total, pageSize) of them). */
  idCount(word: number): number {
    return this.cols.idOffsets[word + 1] - this.cols.idOffsets[word];
  }

  /** The word's j-th best place id, j < idCount(word). */
  id(word: number, j: number): number {
    return this.cols.ids[this.cols.idOffsets[word] + j];
  }
}

/** Lower-case code of an ASCII letter or digit, else 0. */
function lowerAlnum(c: number): number {
  if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) return c;
  if (c >= 65 && c <= 90) return c + 32;
  return 0;
}

/** Byte order of `text` with A-Z lower-cased (code units: any beyond ASCII differs from every stored byte) against bytes[start, end). */
function compareText(text: string, bytes: Uint8Array, start: number, end: number): number {
  const n = Math.min(text.length, end - start);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const d = (c >= 65 && c <= 90 ? c + 32 : c) - bytes[start + i];
    if (d !== 0) return d;
  }
  return text.length - (end - start);
}
