import type { SnapshotReader } from '../snapshot/reader.js';
import type { QueryWords } from './query-words.js';
import { MAX_WORDS, Match, scoreOf } from './word-score.js';

/** Set on name tokens in search.placeTokens and on name postings in search.postings. */
export const NAME_BIT = 0x80000000;
/** Clears NAME_BIT: token id or place id. */
export const ID_MASK = 0x7fffffff;
/** WordMatcher.touch reads at most this many places at once. */
export const TOUCH_MAX = 64;

/**
 * Checks every query word against one place's own tokens (place -> tokens CSR) and scores it:
 * WordSearch's "verify" way, and stations on one-word queries (the CRS rule).
 */
export class WordMatcher {
  /** Indexed place -> [first, end) into placeTokens. Length indexedCount + 1. */
  private readonly placeTokenOffsets: Uint32Array;
  /** Token ids of each place in text order: name tokens (with NAME_BIT) first, then the other fields. */
  private readonly placeTokens: Uint32Array;
  /** Word -> best match on the place being scored (see Match). */
  private readonly best = new Uint8Array(MAX_WORDS);
  /** touch's token list starts, one per place (at most TOUCH_MAX places). */
  private readonly starts = new Uint32Array(TOUCH_MAX);

  constructor(
    r: SnapshotReader,
    private readonly words: QueryWords,
  ) {
    this.placeTokenOffsets = r.u32('search.placeTokenOffsets');
    this.placeTokens = r.u32('search.placeTokens');
  }

  /**
   * Reads where each of ids[0, count)'s tokens start, then their first tokens, each in a loop
   * of independent loads: the places' cache misses overlap, where `score` would meet them one
   * place after another. Returns a value made of them only so the reads are kept. Must not allocate.
   */
  touch(ids: Uint32Array, count: number): number {
    const starts = this.starts;
    for (let j = 0; j < count; j++) starts[j] = this.placeTokenOffsets[ids[j]];
    let sink = 0;
    for (let j = 0; j < count; j++) sink += this.placeTokens[starts[j]];
    return sink;
  }

  /**
   * Score of an indexed place against every prepared word (see packScore), or NO_MATCH. One
   * pass over the place's tokens, every word checked against each. `station`: the place's first
   * non-name token is its CRS code, which typed alone counts as the full name.
   * Called per candidate: must not allocate.
   */
  score(placeIdx: number, station: boolean): number {
    const tokens = this.placeTokens;
    const best = this.best;
    const words = this.words;
    const { exact, lo, hi } = words;
    const n = this.words.count;
    const checkTypos = this.words.typoCount > 0;
    for (let w = 0; w < n; w++) best[w] = Match.None;
    const start = this.placeTokenOffsets[placeIdx];
    const end = this.placeTokenOffsets[placeIdx + 1];
    let nameEnd = start;
    let nameMatched = true; // every name token matched by some word
    let nameTyped = true; // every name token equal to some word
    for (let k = start; k < end; k++) {
      const raw = tokens[k];
      const t = raw & ID_MASK;
      const inName = raw >>> 31;
      const typoBits = checkTypos ? words.typoBits(t) : 0;
      let matched = false;
      let typed = false;
      for (let w = 0; w < n; w++) {
        let v: number;
        if (t === exact[w]) {
          v = Match.Exact + inName;
          typed = true;
        } else if (t >= lo[w] && t < hi[w]) v = Match.Prefix + inName;
        else if (typoBits & (1 << w)) v = Match.Typo + inName;
        else continue;
        matched = true;
        if (v > best[w]) best[w] = v;
      }
      if (inName) {
        nameEnd = k + 1;
        nameMatched &&= matched;
        nameTyped &&= typed;
      }
    }
    const hasName = nameEnd > start;
    const crsTyped = station && n === 1 && nameEnd < end && (tokens[nameEnd] & ID_MASK) === exact[0];
    return scoreOf(best, n, hasName && nameMatched, hasName && nameTyped, crsTyped);
  }
}

