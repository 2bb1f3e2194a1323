/**
 * Searches in one row of a pattern's times (see TimetableTables.timeRows): trip rank r's time is
 * start[tripFirst + r] + times[row + profile[tripFirst + r]], non-decreasing in r (patterns are
 * FIFO). With one profile (`profileCount` 1) the row is one offset and the search reads starts
 * only. Called per boarding per round: must not allocate.
 */

/** First rank in [lo, hi) whose time is >= key (hi when none). */
export function firstAtOrAfter(start: Int32Array, profile: Uint32Array, times: Int32Array, row: number, profileCount: number, tripFirst: number, lo: number, hi: number, key: number): number {
  if (profileCount === 1) {
    const k = key - times[row];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (start[tripFirst + mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = tripFirst + mid;
    if (start[t] + times[row + profile[t]] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First rank in [lo, hi) whose time is > key (hi when none). */
export function firstAfter(start: Int32Array, profile: Uint32Array, times: Int32Array, row: number, profileCount: number, tripFirst: number, lo: number, hi: number, key: number): number {
  if (profileCount === 1) {
    const k = key - times[row];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (start[tripFirst + mid] <= k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const t = tripFirst + mid;
    if (start[t] + times[row + profile[t]] <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
