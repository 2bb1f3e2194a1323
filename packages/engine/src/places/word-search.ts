import type { SnapshotReader } from '../snapshot/reader.js';
import type { TokenDictionary } from './token-dictionary.js';
import type { Candidates } from './candidates.js';
import { QueryWords } from './query-words.js';
import { WordMatcher, ID_MASK } from './word-matcher.js';
import { MAX_WORDS, Match, NO_MATCH, scoreOf } from './word-score.js';
import { PlaceBit, type KindFilter } from './place-kinds.js';
import { OneWordScan } from './one-word-scan.js';
import { WordMarks } from './word-marks.js';
import { TOUCH_BLOCK, touchPlaces } from './touch.js';

/** slotOf value of a place seen but filtered out. */
const REJECTED = 0xffffffff;
/** nameHits: bit set for stations; low 6 bits count the name tokens matched. */
const HIT_STATION = 0x40;
const HIT_COUNT = 0x3f;
/**
 * Scanning every word's postings costs about this many times less per posting than checking a
 * candidate's tokens against a word; used to pick the cheaper of the two ways.
 */
const VERIFY_COST_RATIO = 4;
/**
 * Checking a candidate's own tokens costs about this many times more than marking one posting in
 * a WordMarks bitset: the verify way marks a word first when its postings are at most this many
 * times the candidates.
 */
const MARK_COST_RATIO = 32;


/**
 * Finds the indexed places matching every word of a query, two ways:
 * - by postings: the rarest word's postings make the candidates, every other word's postings
 *   raise their per-word best match; scores come from the postings' name flags and the
 *   per-place distinct name token counts, without reading the places' tokens. Exact when no
 *   two words share a token (else a name token could count twice).
 * - by verifying: the rarest word's postings are the candidates and each is checked against
 *   its own tokens (WordMatcher), when the other words' postings are many more than that.
 * Scratch arrays are per indexed place, allocated on first use and reused.
 */
export class WordSearch {
  readonly words: QueryWords;
  private readonly matcher: WordMatcher;
  private readonly postingOffsets: Uint32Array;
  private readonly postings: Uint32Array;
  /** Indexed place -> distinct tokens in its name (at most HIT_COUNT). */
  private readonly nameTokenCounts: Uint8Array;
  /** Indexed place -> generation that last saw it; its candidate slot; name tokens matched (see HIT_*), whole-token ones. */
  private seen = new Uint32Array(0);
  private slotOf = new Uint32Array(0);
  private nameHits = new Uint8Array(0);
  private exactNameHits = new Uint8Array(0);
  private generation = 0;
  /** (candidate slot - first slot) * wordCount + word -> best Match of the word on the candidate. */
  private slotBest = new Uint8Array(0);
  private readonly best = new Uint8Array(MAX_WORDS);
  /** The verify way's current block of candidates. */
  private readonly block = new Uint32Array(TOUCH_BLOCK);
  /** Keeps WordMatcher.touch's reads from being dropped. */
  private sink = 0;
  private readonly oneWord: OneWordScan;
  private readonly marks: WordMarks;
  /**
   * Which way to match: chosen by cost ('auto', one word: OneWordScan), or forced (tests compare
   * the three: 'postings' and 'verify' apply to one-word queries too).
   */
  strategy: 'auto' | 'postings' | 'verify' = 'auto';

  constructor(r: SnapshotReader, dict: TokenDictionary) {
    this.words = new QueryWords(dict);
    this.matcher = new WordMatcher(r, this.words);
    this.postingOffsets = dict.postingOffsets;
    this.postings = dict.postings;
    this.nameTokenCounts = r.u8('search.nameTokenCounts');
    this.oneWord = new OneWordScan(this.words, this.matcher, this.postingOffsets, this.postings, this.nameTokenCounts);
    this.marks = new WordMarks(this.words, this.postingOffsets, this.postings, this.nameTokenCounts.length);
  }

  /**
   * Postings the search for `words` would visit, in units of one bitset mark, for the way collect
   * picks: one word scans its postings (one unit each); several words scan every word's postings
   * (VERIFY_COST_RATIO units each: several per-place arrays per posting) or verify each candidate
   * of the rarest word (MARK_COST_RATIO units) after marking the words of at most MARK_COST_RATIO
   * times as many. 0 when some word matches no token. The builder's page choice
   * (compilePlacePages, through PlacePageSearch) uses it: no place is read.
   */
  work(words: readonly string[]): number {
    const w = this.words;
    if (!w.prepare(words)) return 0;
    if (w.count === 1) return w.candidateCount(0);
    const pivot = w.rarestWord();
    const pivotCount = w.candidateCount(pivot);
    let others = 0;
    let marked = 0;
    for (let i = 0; i < w.count; i++) {
      if (i === pivot) continue;
      const count = w.candidateCount(i);
      others += count;
      if (count <= pivotCount * MARK_COST_RATIO) marked += count;
    }
    if (others <= pivotCount * (w.count - 1) * VERIFY_COST_RATIO && !this.wordsShareTokens()) return (pivotCount + others) * VERIFY_COST_RATIO;
    return pivotCount * MARK_COST_RATIO + marked;
  }

  /** Appends to `out` every indexed place that matches all `words` and that `kindOf` accepts, with its score. */
  collect(words: readonly string[], kindOf: KindFilter, out: Candidates): void {
    const w = this.words;
    if (!w.prepare(words)) return;
    if (w.count === 1 && this.strategy === 'auto') return this.oneWord.collect(kindOf, out);
    this.nextGeneration();
    const pivot = w.rarestWord();
    const pivotCount = w.candidateCount(pivot);
    let others = 0;
    for (let i = 0; i < w.count; i++) if (i !== pivot) others += w.candidateCount(i);
    const cheaper = this.strategy === 'auto' ? others <= pivotCount * (w.count - 1) * VERIFY_COST_RATIO : this.strategy === 'postings';
    if ((w.count === 1 && this.strategy === 'postings') || (cheaper && !this.wordsShareTokens())) this.byPostings(pivot, pivotCount, kindOf, out);
    else this.byVerifying(pivot, kindOf, out);
  }

  private byPostings(pivot: number, pivotCount: number, kindOf: KindFilter, out: Candidates): void {
    const n = this.words.count;
    if (this.slotBest.length < pivotCount * n) this.slotBest = new Uint8Array(pivotCount * n);
    const first = out.count;
    this.scanWord(pivot, true, first, kindOf, out);
    for (let w = 0; w < n; w++) if (w !== pivot) this.scanWord(w, false, first, kindOf, out);
    const best = this.best;
    let keep = first;
    for (let slot = first; slot < out.count; slot++) {
      const id = out.ids[slot];
      for (let w = 0, b = (slot - first) * n; w < n; w++) best[w] = this.slotBest[b + w];
      const hits = this.nameHits[id];
      let score: number;
      if (n === 1 && hits & HIT_STATION) score = this.matcher.score(id, true); // the CRS rule needs the place's tokens
      else {
        const distinct = this.nameTokenCounts[id];
        score = scoreOf(best, n, distinct > 0 && (hits & HIT_COUNT) === distinct, distinct > 0 && this.exactNameHits[id] === distinct, false);
      }
      if (score === NO_MATCH) continue;
      out.ids[keep] = id;
      out.scores[keep++] = score;
    }
    out.count = keep;
  }

  /** Visits the postings of word w's tokens: exact, prefix, then typo matches. */
  private scanWord(w: number, create: boolean, first: number, kindOf: KindFilter, out: Candidates): void {
    const words = this.words;
    const exact = words.exact[w];
    for (let t = words.lo[w]; t < words.hi[w]; t++) this.scanToken(t, w, t === exact ? Match.Exact : Match.Prefix, create, first, kindOf, out);
    for (let i = words.typoStart[w]; i < words.typoEnd[w]; i++) this.scanToken(words.typos[i], w, Match.Typo, create, first, kindOf, out);
  }

  /**
   * Token t's postings for word w: with `create`, a place's first sight makes it a candidate;
   * then the word's best match on it rises. Per posting: must not allocate.
   */
  private scanToken(t: number, w: number, quality: number, create: boolean, first: number, kindOf: KindFilter, out: Candidates): void {
    const { seen, slotOf, nameHits, exactNameHits, slotBest, postings, generation: gen } = this;
    const n = this.words.count;
    const end = this.postingOffsets[t + 1];
    for (let from = this.postingOffsets[t]; from < end; from += TOUCH_BLOCK) {
      const to = from + TOUCH_BLOCK < end ? from + TOUCH_BLOCK : end;
      this.sink = touchPlaces(postings, from, to, seen); // the block's generations first
      for (let i = from; i < to; i++) {
        const raw = postings[i];
        const id = raw & ID_MASK;
        let slot: number;
        if (seen[id] !== gen) {
          if (!create) continue; // not a candidate of the rarest word: cannot match every word
          seen[id] = gen;
          const kind = kindOf(id);
          if (kind === 0) {
            slotOf[id] = REJECTED;
            continue;
          }
          slot = out.push(id, 0);
          slotOf[id] = slot;
          for (let b = (slot - first) * n, e = b + n; b < e; b++) slotBest[b] = Match.None; // a loop: fill() costs a builtin call
          nameHits[id] = kind === PlaceBit.TrainStation ? HIT_STATION : 0;
          exactNameHits[id] = 0;
        } else {
          slot = slotOf[id];
          if (slot === REJECTED) continue;
        }
        const inName = raw >>> 31;
        const b = (slot - first) * n + w;
        if (quality + inName > slotBest[b]) slotBest[b] = quality + inName;
        if (inName) {
          nameHits[id]++;
          if (quality === Match.Exact) exactNameHits[id]++;
        }
      }
    }
  }

  /**
   * Candidates from the rarest word, each checked against all words by its own tokens; words with
   * few enough postings are marked first, and candidates lacking one of them are skipped unread.
   */
  private byVerifying(pivot: number, kindOf: KindFilter, out: Candidates): void {
    const w = this.words;
    const pivotCount = w.candidateCount(pivot);
    for (let i = 0; i < w.count; i++) if (i !== pivot && w.candidateCount(i) <= pivotCount * MARK_COST_RATIO) this.marks.mark(i);
    const unique = w.hi[pivot] - w.lo[pivot] <= 1 && w.typoStart[pivot] === w.typoEnd[pivot];
    this.verify(this.postingOffsets[w.lo[pivot]], this.postingOffsets[w.hi[pivot]], unique, kindOf, out);
    for (let i = w.typoStart[pivot]; i < w.typoEnd[pivot]; i++) {
      const t = w.typos[i];
      this.verify(this.postingOffsets[t], this.postingOffsets[t + 1], false, kindOf, out);
    }
    this.marks.clear();
  }

  /**
   * Scores the places of postings[start, end); `unique`: no place repeats, skip the dedupe. In
   * blocks of TOUCH_BLOCK places: the block's token lists are read first in loops of their own
   * (WordMatcher.touch), so their cache misses overlap, then scored. Per posting: must not allocate.
   */
  private verify(start: number, end: number, unique: boolean, kindOf: KindFilter, out: Candidates): void {
    const seen = this.seen;
    const gen = this.generation;
    const marks = this.marks;
    const block = this.block;
    for (let from = start; from < end; from += TOUCH_BLOCK) {
      let count = 0;
      for (let i = from, to = Math.min(end, from + TOUCH_BLOCK); i < to; i++) {
        const id = this.postings[i] & ID_MASK;
        if (marks.count !== 0 && !marks.has(id)) continue; // lacks a marked word: cannot match
        if (!unique) {
          if (seen[id] === gen) continue;
          seen[id] = gen;
        }
        block[count++] = id;
      }
      this.sink = this.matcher.touch(block, count);
      for (let j = 0; j < count; j++) {
        const id = block[j];
        const kind = kindOf(id);
        if (kind === 0) continue;
        const score = this.matcher.score(id, kind === PlaceBit.TrainStation);
        if (score !== NO_MATCH) out.push(id, score);
      }
    }
  }

  /** Some token matches two words (overlapping prefix ranges or typos): postings would count it twice. */
  private wordsShareTokens(): boolean {
    const w = this.words;
    for (let a = 0; a < w.count; a++) {
      for (let b = a + 1; b < w.count; b++) {
        if (w.lo[a] < w.hi[b] && w.lo[b] < w.hi[a]) return true;
        if (this.typoIn(a, w.lo[b], w.hi[b]) || this.typoIn(b, w.lo[a], w.hi[a])) return true;
        for (let i = w.typoStart[a]; i < w.typoEnd[a]; i++) if ((w.typoBits(w.typos[i]) >>> b) & 1) return true;
      }
    }
    return false;
  }

  /** A typo token of word a lies in [lo, hi). */
  private typoIn(a: number, lo: number, hi: number): boolean {
    const w = this.words;
    for (let i = w.typoStart[a]; i < w.typoEnd[a]; i++) if (w.typos[i] >= lo && w.typos[i] < hi) return true;
    return false;
  }

  private nextGeneration(): void {
    const placeCount = this.nameTokenCounts.length;
    if (this.seen.length !== placeCount) {
      this.seen = new Uint32Array(placeCount);
      this.slotOf = new Uint32Array(placeCount);
      this.nameHits = new Uint8Array(placeCount);
      this.exactNameHits = new Uint8Array(placeCount);
    }
    if (this.generation === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }
}
