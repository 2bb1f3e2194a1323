import type { QueryWords } from './query-words.js';
import { ID_MASK } from './word-matcher.js';
import { MAX_WORDS } from './word-score.js';

/**
 * Bitsets over indexed places, one per marked query word: bit set when the place carries one of
 * the word's tokens (its prefix range or a typo), which every place matching the word does. The
 * verify way tests a candidate's bits (one small, cache-resident array) before reading its own
 * tokens, so places that lack a common word cost a bit test instead of a token scan. Marking a
 * word costs one bit write per posting: worth it when the word has not many more postings than
 * the candidates it filters (see WordSearch). Allocated on first use, cleared after each query.
 */
export class WordMarks {
  /** Bitset f, place id -> bit (id & 31) of bits[f * stride + (id >>> 5)]. */
  private bits = new Int32Array(0);
  private stride = 0;
  /** Bitsets in use; bitset f marks query word wordOf[f]. */
  count = 0;
  private readonly wordOf = new Uint8Array(MAX_WORDS);

  constructor(
    private readonly words: QueryWords,
    private readonly postingOffsets: Uint32Array,
    private readonly postings: Uint32Array,
    /** Indexed places (place ids below it carry postings). */
    private readonly placeCount: number,
  ) {}

  /** Marks the places carrying a token of word w in the next bitset. */
  mark(w: number): void {
    if (this.bits.length === 0) {
      this.stride = (this.placeCount + 31) >>> 5;
      this.bits = new Int32Array(this.stride * MAX_WORDS);
    }
    this.wordOf[this.count] = w;
    this.walk(this.count++ * this.stride, w, true);
  }

  /** True when the place carries a token of every marked word. Per candidate: must not allocate. */
  has(id: number): boolean {
    const bit = 1 << (id & 31);
    for (let f = 0, b = id >>> 5; f < this.count; f++, b += this.stride) if ((this.bits[b] & bit) === 0) return false;
    return true;
  }

  /** Clears every bitset in use: by the same postings, or whole when they are more words than the bitset has. */
  clear(): void {
    for (let f = 0; f < this.count; f++) {
      const base = f * this.stride;
      if (this.words.candidateCount(this.wordOf[f]) > this.stride) this.bits.fill(0, base, base + this.stride);
      else this.walk(base, this.wordOf[f], false);
    }
    this.count = 0;
  }

  /** Sets (or zeroes the 32-bit word of) each posting of word w in the bitset at base. */
  private walk(base: number, w: number, set: boolean): void {
    const words = this.words;
    this.walkPostings(base, this.postingOffsets[words.lo[w]], this.postingOffsets[words.hi[w]], set);
    for (let i = words.typoStart[w]; i < words.typoEnd[w]; i++) {
      const t = words.typos[i];
      this.walkPostings(base, this.postingOffsets[t], this.postingOffsets[t + 1], set);
    }
  }

  /** Per posting: must not allocate. */
  private walkPostings(base: number, start: number, end: number, set: boolean): void {
    const { bits, postings } = this;
    if (set) {
      for (let i = start; i < end; i++) {
        const id = postings[i] & ID_MASK;
        bits[base + (id >>> 5)] |= 1 << (id & 31);
      }
    } else for (let i = start; i < end; i++) bits[base + ((postings[i] & ID_MASK) >>> 5)] = 0;
  }
}
