/**
 * Columns the engine derives at open from the ones a snapshot stores. Trips of a pattern are
 * contiguous in departure order ([patternTripOffsets[p], patternTripOffsets[p + 1])), so a trip's
 * pattern, rank and route follow from the offsets; older snapshots store them as sections.
 */

import type { CompactTimes } from './compact-times.js';
import { allocColumn, type ColumnType } from './alloc-column.js';

/**
 * The trip columns an engine derives at open, in memory of its own or shared (SharedArrayBuffer)
 * so that engines over the same snapshot in other threads view them instead of deriving their own
 * (Engine.open's `tables`; 4 x 4 bytes a trip, 30 MiB per worker at national size). Headsign and
 * direction are null when the snapshot stores them per trip.
 */
export interface DerivedTripColumns {
  readonly tripPattern: Uint32Array;
  readonly tripRank: Uint32Array;
  readonly tripRoute: Uint32Array;
  readonly tripHeadsign: Uint32Array | null;
  readonly tripDirection: Uint8Array | null;
  /**
   * The per-trip time rows expanded at open from a snapshot's running-time profiles, offsets
   * from a base per trip (2 bytes a stop time, 4 where some pattern spans 18 h, and 4 bytes a
   * trip: the largest table an engine derives, 194 + 13 MiB at 350 tiles, where i32 rows took
   * 387 MiB), or null when the snapshot stores the rows themselves (`times.values`).
   */
  readonly times: CompactTimes | null;
  /**
   * Trip -> its position in trip_id byte order (`trips.byId` inverted), derived at open into
   * shared memory by a `share` engine when the snapshot does not store it (`trips.idRank`, sixth
   * session only), so workers view one copy; null otherwise (an engine of its own derives it at
   * open too, into memory of its own: TripIds.rank).
   */
  readonly tripIdRank: Uint32Array | null;
}

/** Trip -> pattern, rank in it, route (pattern p's trips are [patternTripOffsets[p], patternTripOffsets[p + 1])). O(tripCount). */
export function tripColumnsOf(patternTripOffsets: Uint32Array, patternRoute: Uint32Array, shared = false) {
  const patternCount = patternRoute.length;
  const tripCount = patternTripOffsets[patternCount];
  const tripPattern = allocColumn(Uint32Array, tripCount, shared);
  const tripRank = allocColumn(Uint32Array, tripCount, shared);
  const tripRoute = allocColumn(Uint32Array, tripCount, shared);
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
export function perTripOf<T extends Uint8Array | Uint32Array>(patternValues: T, patternTripOffsets: Uint32Array, shared = false): T {
  const out = allocColumn(patternValues.constructor as ColumnType<T>, patternTripOffsets[patternValues.length], shared);
  for (let p = 0; p < patternValues.length; p++) out.fill(patternValues[p], patternTripOffsets[p], patternTripOffsets[p + 1]);
  return out;
}
