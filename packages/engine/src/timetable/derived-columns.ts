/**
 * Columns the engine derives at open from the ones a snapshot stores. Trips of a pattern are
 * contiguous in departure order ([patternTripOffsets[p], patternTripOffsets[p + 1])), so a trip's
 * pattern, rank and route follow from the offsets; older snapshots store them as sections.
 */

/** Trip -> pattern, rank in it, route (pattern p's trips are [patternTripOffsets[p], patternTripOffsets[p + 1])). O(tripCount). */
export function tripColumnsOf(patternTripOffsets: Uint32Array, patternRoute: Uint32Array) {
  const patternCount = patternRoute.length;
  const tripCount = patternTripOffsets[patternCount];
  const tripPattern = new Uint32Array(tripCount);
  const tripRank = new Uint32Array(tripCount);
  const tripRoute = new Uint32Array(tripCount);
  for (let p = 0; p < patternCount; p++) {
    const first = patternTripOffsets[p];
    for (let t = first; t < patternTripOffsets[p + 1]; t++) {
      tripPattern[t] = p;
      tripRank[t] = t - first;
      tripRoute[t] = patternRoute[p];
    }
  }
  return { tripPattern, tripRank, tripRoute };
}

/** Trip -> its pattern's value, for a per-trip column a snapshot stores per pattern (its trips all agree). O(tripCount). */
export function perTripOf<T extends Uint8Array | Uint32Array>(patternValues: T, patternTripOffsets: Uint32Array): T {
  const out = new (patternValues.constructor as new (n: number) => T)(patternTripOffsets[patternValues.length]);
  for (let p = 0; p < patternValues.length; p++) out.fill(patternValues[p], patternTripOffsets[p], patternTripOffsets[p + 1]);
  return out;
}
