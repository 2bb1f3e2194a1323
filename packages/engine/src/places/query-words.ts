import type { TokenDictionary } from './token-dictionary.js';
import { MAX_WORDS } from './word-score.js';

/** Typo neighbours kept per query word. */
const MAX_TYPOS_PER_WORD = 32;
/** Size of the typo token bit filter (a power of two). */
export const TYPO_FILTER_BITS = 2048;

/**
 * The words of one query resolved against the token dictionary: per word, the token equal to
 * it, the id range of tokens it prefixes, and the tokens one edit away (outside that range).
 * Held in preallocated typed arrays, overwritten by each `prepare`.
 */
export class QueryWords {
  count = 0;
  /** Word -> token equal to it, or NO_TOKEN (-1). */
  readonly exact = new Int32Array(MAX_WORDS);
  /** Word -> [lo, hi) token ids starting with it (the exact token included). */
  readonly lo = new Uint32Array(MAX_WORDS);
  readonly hi = new Uint32Array(MAX_WORDS);
  /** Word -> [typoStart, typoEnd) into typos. */
  readonly typoStart = new Uint32Array(MAX_WORDS);
  readonly typoEnd = new Uint32Array(MAX_WORDS);
  /** Tokens one edit away from a word and not in its prefix range. */
  readonly typos = new Uint32Array(MAX_WORDS * MAX_TYPOS_PER_WORD);
  /** Token -> bit w set when it is one of word w's typos; valid where typoStamp = generation. */
  private readonly typoWords: Uint16Array;
  private readonly typoStamp: Uint32Array;
  private generation = 0;
  /** Bit (t mod TYPO_FILTER_BITS) set for every typo token t: a cache-resident first check before typoStamp. */
  private readonly typoFilter = new Uint32Array(TYPO_FILTER_BITS / 32);
  private readonly encoder = new TextEncoder();

  constructor(readonly dict: TokenDictionary) {
    this.typoWords = new Uint16Array(dict.count);
    this.typoStamp = new Uint32Array(dict.count);
  }

  /** Total typo tokens over all words. */
  get typoCount(): number {
    return this.count === 0 ? 0 : this.typoEnd[this.count - 1];
  }

  /** Resolves the words (the first MAX_WORDS); false when some word matches no token at all. */
  prepare(words: readonly string[]): boolean {
    const n = Math.min(words.length, MAX_WORDS);
    this.count = 0;
    this.nextGeneration();
    this.typoFilter.fill(0);
    let typoEnd = 0;
    for (let w = 0; w < n; w++) {
      const key = this.encoder.encode(words[w]);
      const lo = this.dict.lowerBound(key);
      const hi = this.dict.prefixEnd(key, lo);
      this.lo[w] = lo;
      this.hi[w] = hi;
      this.exact[w] = this.dict.exactAt(lo, key);
      this.typoStart[w] = typoEnd;
      const found = this.dict.typoNeighbours(key, this.typos, typoEnd, MAX_TYPOS_PER_WORD);
      for (let i = typoEnd; i < found; i++) {
        const t = this.typos[i];
        if (t >= lo && t < hi) continue; // already a prefix match ("sheffields" for "sheffield")
        this.typos[typoEnd++] = t;
        this.markTypo(t, w);
      }
      this.typoEnd[w] = typoEnd;
      this.count = w + 1;
      if (lo === hi && this.typoStart[w] === typoEnd) return false;
    }
    return n > 0;
  }

  /** Postings a scan over word w's matches visits (prefix range plus typo tokens). */
  candidateCount(w: number): number {
    let count = this.dict.postingCount(this.lo[w], this.hi[w]);
    for (let i = this.typoStart[w]; i < this.typoEnd[w]; i++) count += this.dict.postingCount(this.typos[i], this.typos[i] + 1);
    return count;
  }

  /** The word with the fewest postings. */
  rarestWord(): number {
    let best = 0;
    let bestCount = Infinity;
    for (let w = 0; w < this.count; w++) {
      const c = this.candidateCount(w);
      if (c < bestCount) {
        best = w;
        bestCount = c;
      }
    }
    return best;
  }

  private markTypo(t: number, w: number): void {
    if (this.typoStamp[t] !== this.generation) {
      this.typoStamp[t] = this.generation;
      this.typoWords[t] = 0;
    }
    this.typoWords[t] |= 1 << w;
    this.typoFilter[(t >>> 5) & (TYPO_FILTER_BITS / 32 - 1)] |= 1 << (t & 31);
  }

  /** Bit w set when token t is one of word w's typos. Per token of each candidate: must not allocate. */
  typoBits(t: number): number {
    if (((this.typoFilter[(t >>> 5) & (TYPO_FILTER_BITS / 32 - 1)] >>> (t & 31)) & 1) === 0) return 0;
    return this.typoStamp[t] === this.generation ? this.typoWords[t] : 0;
  }

  private nextGeneration(): void {
    if (this.generation === 0xffffffff) {
      this.typoStamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }
}
