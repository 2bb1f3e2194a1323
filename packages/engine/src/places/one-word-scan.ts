import type { QueryWords } from './query-words.js';
import type { WordMatcher } from './word-matcher.js';
import type { Candidates } from './candidates.js';
import { ID_MASK } from './word-matcher.js';
import { Match, NO_MATCH, scoreOf } from './word-score.js';
import { PlaceBit, type KindFilter } from './place-kinds.js';
import { TOUCH_BLOCK, touchPlaces } from './touch.js';

/**
 * Per indexed place state of one scan, packed in one u32 so a posting costs one random access:
 * bits 0-2 best Match, 3-8 name tokens matched, 9-14 of them whole, 15 station, 16 rejected,
 * 17-30 the scan's generation (state from older scans reads as unseen). Bit 31 stays clear: values
 * below 2^31 stay small integers in V8, larger ones become doubles (4x slower scans).
 */
const BEST_MASK = 0x7;
const HIT_ONE = 1 << 3;
const HITS_MASK = 0x3f << 3;
const EXACT_ONE = 1 << 9;
const EXACT_SHIFT = 9;
const STATION = 1 << 15;
const REJECTED = 1 << 16;
const GEN_SHIFT = 17;
/** Generations run 1..MAX_GENERATION, then the state array is cleared. */
const MAX_GENERATION = (1 << (31 - GEN_SHIFT)) - 1;

/**
 * One-word queries, the typed-as-you-go case and the one with most matches ("st", "sheffield"):
 * one lean pass over the word's postings (exact, prefix and typo tokens) counts each accepted
 * place once and accumulates its best match and name coverage in its packed state; a second
 * pass over the accepted places turns each state into the score WordSearch's postings way gives.
 * The per-posting work is one read-modify-write of the place's state, so the scan costs close to
 * a plain count of the matches.
 */
export class OneWordScan {
  /** Indexed place -> packed state (see the bit layout above). Allocated on first use. */
  private state = new Uint32Array(0);
  private generation = 0;
  private readonly best = new Uint8Array(1);
  /** collectToken's candidates -> their name token counts; grows with the longest posting list scanned. */
  private distinct = new Uint8Array(256);
  /** Keeps the scan's look-ahead reads from being dropped. */
  private sink = 0;

  constructor(
    private readonly words: QueryWords,
    private readonly matcher: WordMatcher,
    private readonly postingOffsets: Uint32Array,
    private readonly postings: Uint32Array,
    /** Indexed place -> distinct tokens in its name (at most 63). */
    private readonly nameTokenCounts: Uint8Array,
  ) {}

  /** Appends to `out` every place matching word 0 that `kindOf` accepts, with its score. */
  collect(kindOf: KindFilter, out: Candidates): void {
    const w = this.words;
    const first = out.count;
    const exact = w.exact[0];
    if (w.hi[0] - w.lo[0] === 1 && w.typoStart[0] === w.typoEnd[0]) return this.collectToken(w.lo[0], w.lo[0] === exact ? Match.Exact : Match.Prefix, kindOf, out);
    this.nextGeneration();
    for (let t = w.lo[0]; t < w.hi[0]; t++) this.scan(t, t === exact ? Match.Exact : Match.Prefix, kindOf, out);
    for (let i = w.typoStart[0]; i < w.typoEnd[0]; i++) this.scan(w.typos[i], Match.Typo, kindOf, out);
    this.score(first, out);
  }

  /**
   * The word matches one token t only (at `quality`): each posting is a distinct place, so the
   * match on it is the posting's own and no per-place state is kept. Scores as `score` does; the
   * places' name token counts are read in a loop of their own, whose cache misses overlap.
   */
  private collectToken(t: number, quality: number, kindOf: KindFilter, out: Candidates): void {
    const postings = this.postings;
    const first = out.count;
    for (let i = this.postingOffsets[t], end = this.postingOffsets[t + 1]; i < end; i++) {
      const raw = postings[i];
      const kind = kindOf(raw & ID_MASK);
      if (kind !== 0) out.push(raw & ID_MASK, kind === PlaceBit.TrainStation ? STATION | (raw >>> 31) : raw >>> 31);
    }
    const count = out.count - first;
    if (this.distinct.length < count) this.distinct = new Uint8Array(Math.max(count, this.distinct.length * 2));
    const { distinct, nameTokenCounts, best } = this;
    for (let j = 0; j < count; j++) distinct[j] = nameTokenCounts[out.ids[first + j]];
    let keep = first;
    for (let j = 0; j < count; j++) {
      const id = out.ids[first + j];
      const state = out.scores[first + j];
      const inName = state & 1;
      let score: number;
      if (state & STATION) score = this.matcher.score(id, true);
      else {
        // The one token is the whole name when the name has one distinct token and carries it.
        const wholeName = inName === 1 && distinct[j] === 1;
        best[0] = quality + inName;
        score = scoreOf(best, 1, wholeName, wholeName && quality === Match.Exact, false);
      }
      if (score === NO_MATCH) continue;
      out.ids[keep] = id;
      out.scores[keep++] = score;
    }
    out.count = keep;
  }

  /** Token t's postings at match `quality`. Per posting: must not allocate. */
  private scan(t: number, quality: number, kindOf: KindFilter, out: Candidates): void {
    const { state, postings } = this;
    const stamp = this.generation << GEN_SHIFT;
    const end = this.postingOffsets[t + 1];
    for (let from = this.postingOffsets[t]; from < end; from += TOUCH_BLOCK) {
      const to = from + TOUCH_BLOCK < end ? from + TOUCH_BLOCK : end;
      this.sink = touchPlaces(postings, from, to, state); // the block's states first
      for (let i = from; i < to; i++) this.visit(postings[i], quality, stamp, kindOf, out);
    }
  }

  /** One posting of the scan. Per posting: must not allocate. */
  private visit(raw: number, quality: number, stamp: number, kindOf: KindFilter, out: Candidates): void {
    const state = this.state;
    const id = raw & ID_MASK;
    let s = state[id];
    if (s >>> GEN_SHIFT !== this.generation) {
      const kind = kindOf(id);
      if (kind === 0) {
        state[id] = stamp | REJECTED;
        return;
      }
      out.push(id, 0);
      s = kind === PlaceBit.TrainStation ? stamp | STATION : stamp;
    } else if (s & REJECTED) return;
    const inName = raw >>> 31;
    const v = quality + inName;
    if (v > (s & BEST_MASK)) s = (s & ~BEST_MASK) | v;
    if (inName && (s & HITS_MASK) !== HITS_MASK) {
      s += HIT_ONE;
      if (quality === Match.Exact) s += EXACT_ONE;
    }
    state[id] = s;
  }

  /** Scores out[first, count) from their states; stations by their own tokens (the CRS rule). */
  private score(first: number, out: Candidates): void {
    const { state, best } = this;
    let keep = first;
    for (let slot = first; slot < out.count; slot++) {
      const id = out.ids[slot];
      const s = state[id];
      let score: number;
      if (s & STATION) score = this.matcher.score(id, true);
      else {
        const distinct = this.nameTokenCounts[id];
        best[0] = s & BEST_MASK;
        score = scoreOf(best, 1, distinct > 0 && (s & HITS_MASK) >>> 3 === distinct, distinct > 0 && ((s >>> EXACT_SHIFT) & 0x3f) === distinct, false);
      }
      if (score === NO_MATCH) continue;
      out.ids[keep] = id;
      out.scores[keep++] = score;
    }
    out.count = keep;
  }

  private nextGeneration(): void {
    const placeCount = this.nameTokenCounts.length;
    if (this.state.length !== placeCount) this.state = new Uint32Array(placeCount);
    if (this.generation === MAX_GENERATION) {
      this.state.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }
}
