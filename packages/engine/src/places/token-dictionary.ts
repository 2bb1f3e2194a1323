import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import { deletionHash, withinOneEdit, NO_SKIP, TYPO_MAX_BYTES, TYPO_MIN_WORD_BYTES } from './typo.js';

/** Returned by `find` when no token equals the word. */
export const NO_TOKEN = -1;

/**
 * The search index's words: token ids are positions in byte order of the token text, so the
 * tokens starting with a prefix are one contiguous id range, and so are their postings.
 */
export class TokenDictionary {
  readonly count: number;
  /** Token -> string index of its text (normalised, see normalize.ts). Sorted by bytes. */
  readonly text: Uint32Array;
  /** Token -> [first, end) into postings. Length count + 1. */
  readonly postingOffsets: Uint32Array;
  /** Place ids carrying each token, ascending within a token; NAME_BIT (bit 31) set when the token is in the place's name. */
  readonly postings: Uint32Array;
  /** Deletion-neighbourhood hashes (see typo.ts), ascending. */
  readonly typoHashes: Uint32Array;
  /** typoHashes[i] -> token id it was computed from. */
  readonly typoTokens: Uint32Array;

  constructor(
    r: SnapshotReader,
    private readonly strings: StringTable,
  ) {
    this.text = r.u32('search.tokens');
    this.count = this.text.length;
    this.postingOffsets = r.u32('search.postingOffsets');
    this.postings = r.u32('search.postings');
    this.typoHashes = r.u32('search.typoHashes');
    this.typoTokens = r.u32('search.typoTokens');
  }

  /** First token id whose text is >= key (byte order); `count` when none. */
  lowerBound(key: Uint8Array): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.strings.compare(this.text[mid], key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The token equal to `key`, given `lo = lowerBound(key)`; NO_TOKEN when absent. */
  exactAt(lo: number, key: Uint8Array): number {
    return lo < this.count && this.strings.compare(this.text[lo], key) === 0 ? lo : NO_TOKEN;
  }

  /** End of the run of tokens starting with `prefix` that begins at `lo = lowerBound(prefix)`. */
  prefixEnd(prefix: Uint8Array, lo: number): number {
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.strings.startsWith(this.text[mid], prefix)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Number of postings of tokens [lo, hi). */
  postingCount(lo: number, hi: number): number {
    return this.postingOffsets[hi] - this.postingOffsets[lo];
  }

  /**
   * Writes the ids of tokens exactly one edit away from `word` into out[start, ...), at most
   * `max` of them, without duplicates; returns the end position. Words outside the typo length
   * limits get none.
   */
  typoNeighbours(word: Uint8Array, out: Uint32Array, start: number, max: number): number {
    const len = word.length;
    if (len < TYPO_MIN_WORD_BYTES || len > TYPO_MAX_BYTES) return start;
    let end = start;
    for (let skip = NO_SKIP; skip < len && end - start < max; skip++) {
      // Deleting either of two equal neighbours gives the same variant: hash it once.
      if (skip > 0 && word[skip] === word[skip - 1]) continue;
      end = this.collect(deletionHash(word, 0, len, skip), word, out, start, end, start + max);
    }
    return end;
  }

  private collect(hash: number, word: Uint8Array, out: Uint32Array, start: number, end: number, limit: number): number {
    const hashes = this.typoHashes;
    let lo = 0;
    let hi = hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[mid] < hash) lo = mid + 1;
      else hi = mid;
    }
    const bytes = this.strings.bytes;
    const offsets = this.strings.offsets;
    for (let i = lo; i < hashes.length && hashes[i] === hash && end < limit; i++) {
      const token = this.typoTokens[i];
      const s = this.text[token];
      if (!withinOneEdit(word, 0, word.length, bytes, offsets[s], offsets[s + 1])) continue;
      let dup = false;
      for (let k = start; k < end; k++) if (out[k] === token) dup = true;
      if (!dup) out[end++] = token;
    }
    return end;
  }
}
