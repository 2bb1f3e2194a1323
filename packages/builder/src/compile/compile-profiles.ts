import { packRows } from '@transit/engine';

/** A pattern's running times stored once: the `times.profiles` form (see TimetableTables.timeRows in the engine). */
export interface ProfileTimes {
  /** Seconds after the trip's start: each pattern stop's arrival row then, where some trip dwells, its departure row; a row holds the pattern's profiles. */
  times: Int32Array;
  /** Pattern stop -> [first, end) of its rows in `times`; length pattern stops + 1. */
  timeRows: Uint32Array;
  /** Trip -> its first departure (Seconds), which its profile's offsets are added to. */
  tripStart: Int32Array;
  /** Trip -> its profile (column in its pattern's rows), numbered by first use in departure order. */
  tripProfile: Uint32Array;
  /** The most profiles any pattern has (sizes the profile column). */
  maxProfiles: number;
}

/**
 * Finds each pattern's running-time profiles (a trip's arrivals and departures minus its first
 * departure; trips that are time shifts of one another share one) and lays them out stop-major
 * over profiles, from full stop-major matrices (pattern p's row pos at timeOffsets[p] + pos *
 * tripCount in `arrivals` and `departures`). A pattern stop gets a departure row only where some
 * trip dwells. Profiles are found by a numeric hash of the offsets, then compared in full.
 */
export function compileProfiles(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array): ProfileTimes {
  const patternCount = patternStopOffsets.length - 1;
  const tripCount = patternTripOffsets[patternCount];
  const tripStart = new Int32Array(tripCount);
  const tripProfile = new Uint32Array(tripCount);
  // Pattern -> its profiles' representative trips (ranks), [repOffsets[p], repOffsets[p + 1]).
  const repOffsets = new Uint32Array(patternCount + 1);
  const reps: number[] = [];
  const byHash = new Map<number, number[]>();
  let maxProfiles = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    const m = patternStopOffsets[p + 1] - patternStopOffsets[p];
    const base = timeOffsets[p];
    const firstRep = reps.length;
    byHash.clear();
    for (let k = 0; k < n; k++) {
      const start = m > 0 ? departures[base + k] : 0;
      let h = 0x811c9dc5;
      for (let pos = 0, at = base + k; pos < m; pos++, at += n) {
        h = Math.imul(h ^ (arrivals[at] - start), 0x01000193);
        h = Math.imul(h ^ (departures[at] - start), 0x01000193);
      }
      const t = patternTripOffsets[p] + k;
      tripStart[t] = start;
      const candidates = byHash.get(h);
      let profile = -1;
      for (const j of candidates ?? []) if (sameOffsets(arrivals, departures, base, n, m, reps[firstRep + j], k)) profile = j;
      if (profile < 0) {
        profile = reps.length - firstRep;
        reps.push(k);
        if (candidates) candidates.push(profile);
        else byHash.set(h, [profile]);
      }
      tripProfile[t] = profile;
    }
    repOffsets[p + 1] = reps.length;
    maxProfiles = Math.max(maxProfiles, reps.length - firstRep);
  }
  const rows = packRows(patternStopOffsets, patternTripOffsets, timeOffsets, arrivals, departures, { offsets: repOffsets, ranks: reps });
  return { ...rows, tripStart, tripProfile, maxProfiles };
}

/** True when ranks a and b of one pattern (n trips, m stops, matrices at base) have the same offsets from their first departures. */
function sameOffsets(arrivals: Int32Array, departures: Int32Array, base: number, n: number, m: number, a: number, b: number): boolean {
  const da = departures[base + a], db = departures[base + b];
  for (let pos = 0, row = base; pos < m; pos++, row += n) {
    if (arrivals[row + a] - da !== arrivals[row + b] - db || departures[row + a] - da !== departures[row + b] - db) return false;
  }
  return true;
}

