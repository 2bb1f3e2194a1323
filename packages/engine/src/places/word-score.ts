/** Query words beyond this many are ignored (the score packs word counts into 5 bits). */
export const MAX_WORDS = 12;

/** Match tiers, best last. A place's tier is its weakest word's, except Full. */
export const Tier = {
  /** At least one word matched only with a typo. */
  Typo: 1,
  /** Every word matched, at least one only as a prefix. */
  Prefix: 2,
  /** Every word matched a whole token. */
  Exact: 3,
  /** Every word exact and the whole name typed (or a station's CRS code alone, or a full postcode). */
  Full: 4,
} as const;

/**
 * Score = tier << 11 | whole name matched << 10 | words matched in the name << 5 | words matched
 * exactly. Higher is better. "Whole name matched": every name token is matched by some word
 * (by prefix or typo too), so "sheffeild" puts Sheffield before Sheffield Centre.
 */
export function packScore(tier: number, wholeName: boolean, nameWords: number, exactWords: number): number {
  return (tier << 11) | (wholeName ? 1 << 10 : 0) | (nameWords << 5) | exactWords;
}

/** The largest score (an exact full postcode). */
export const MAX_SCORE = packScore(Tier.Full, true, 31, 31);
/** Returned when some word does not match the place. */
export const NO_MATCH = -1;

/** Best match of one word on one place, as quality * 2 + (in the name ? 1 : 0). */
export const Match = {
  None: 0,
  Typo: 2,
  Prefix: 4,
  Exact: 6,
} as const;

/**
 * Score from each word's best match (`best[0, n)`, see Match) and the name coverage flags;
 * NO_MATCH when a word has none. `crsTyped`: a station's CRS code was the whole query.
 */
export function scoreOf(best: Uint8Array, n: number, nameMatched: boolean, nameTyped: boolean, crsTyped: boolean): number {
  let exactWords = 0;
  let nameWords = 0;
  let anyTypo = false;
  for (let w = 0; w < n; w++) {
    const v = best[w];
    if (v === Match.None) return NO_MATCH;
    if (v >= Match.Exact) exactWords++;
    else if (v < Match.Prefix) anyTypo = true;
    nameWords += v & 1;
  }
  let tier: number = anyTypo ? Tier.Typo : exactWords === n ? Tier.Exact : Tier.Prefix;
  if (tier === Tier.Exact && (nameTyped || crsTyped)) tier = Tier.Full;
  return packScore(tier, nameMatched, nameWords, exactWords);
}
