import { SnapshotFormatError } from '../errors.js';
import { allocColumn } from './alloc-column.js';
import { readProfileDeltas } from './profile-deltas.js';

/** Pattern time matrices in the snapshot's form (`times.values` / `patterns.timeRows` in docs/engine.md). */
export interface CompactTimes {
  /** Seconds: each pattern stop's rows in order, its arrival row then, where some trip dwells, its departure row. */
  times: Int32Array;
  /** Pattern stop -> [first, end) of its rows in `times`; length pattern stops + 1. */
  timeRows: Uint32Array;
}

/**
 * Packs full stop-major matrices (pattern p's row pos at timeOffsets[p] + pos * tripCount in
 * `arrivals` and `departures`) into one column that stores a pattern stop's departures only when
 * some trip dwells there (departure != arrival); elsewhere its departure row is its arrival row.
 * A row holds every trip's time by rank: the form before profiles; the engine packs older
 * snapshots' matrices with it at open.
 */
export function compactTimes(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array): CompactTimes {
  return packRows(patternStopOffsets, patternTripOffsets, timeOffsets, arrivals, departures, null);
}

/**
 * The rows of `compactTimes` with chosen columns: pattern p's row holds the ranks
 * columns.ranks[columns.offsets[p] .. columns.offsets[p + 1]) (its profiles' representative
 * trips), each as its time minus that trip's first departure (the builder's `times.profiles`).
 * `columns` null: every rank, absolute times.
 */
export function packRows(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array, columns: { offsets: Uint32Array; ranks: ArrayLike<number> } | null): CompactTimes {
  const patternCount = patternStopOffsets.length - 1;
  const timeRows = new Uint32Array(patternStopOffsets[patternCount] + 1);
  const dwells = new Uint8Array(patternStopOffsets[patternCount]);
  const rankOf = (p: number, j: number) => (columns ? columns.ranks[columns.offsets[p] + j] : j);
  const widthOf = (p: number) => (columns ? columns.offsets[p + 1] - columns.offsets[p] : patternTripOffsets[p + 1] - patternTripOffsets[p]);
  let size = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    const width = widthOf(p);
    for (let i = patternStopOffsets[p], row = timeOffsets[p]; i < patternStopOffsets[p + 1]; i++, row += n) {
      for (let j = 0; j < width; j++) {
        const r = row + rankOf(p, j);
        if (arrivals[r] !== departures[r]) {
          dwells[i] = 1;
          break;
        }
      }
      size += width * (1 + dwells[i]);
    }
  }
  const times = new Int32Array(size);
  let at = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    const width = widthOf(p);
    const base = timeOffsets[p];
    for (let i = patternStopOffsets[p], row = base; i < patternStopOffsets[p + 1]; i++, row += n) {
      timeRows[i] = at;
      for (let j = 0; j < width; j++) times[at++] = arrivals[row + rankOf(p, j)] - (columns ? departures[base + rankOf(p, j)] : 0);
      if (dwells[i]) for (let j = 0; j < width; j++) times[at++] = departures[row + rankOf(p, j)] - (columns ? departures[base + rankOf(p, j)] : 0);
    }
  }
  timeRows[timeRows.length - 1] = at;
  return { times, timeRows };
}

/** Where a pattern's profile offsets are read: the i32 column (`times.profiles`) or its varint deltas (`times.profileDeltas`, profile-deltas.ts). */
export type ProfileOffsets = { readonly offsets: Int32Array } | { readonly deltas: Uint8Array };

/**
 * Expands the builder's profile form (a pattern's P running-time profiles in rows located by
 * `profileRows`, from `times.profiles` or decoded from `times.profileDeltas`; a start and a
 * profile per trip) into the per-trip rows of `compactTimes` (absolute Seconds, a departure row
 * where the profile form has one), which the boards and planner read. O(stop times), once per
 * open. P is 1 + the largest profile of the pattern's trips; a pattern stop's rows are P wide,
 * or 2P where some trip dwells.
 */
export function expandProfiles(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, profileRows: Uint32Array, source: ProfileOffsets, tripStart: Int32Array, tripProfile: ArrayLike<number>, shared = false): CompactTimes {
  const patternCount = patternStopOffsets.length - 1;
  const profileCount = new Uint32Array(patternCount);
  let size = 0;
  let widest = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) profileCount[p] = Math.max(profileCount[p], tripProfile[t] + 1);
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) {
      const width = profileRows[i + 1] - profileRows[i];
      if (width !== profileCount[p] && width !== 2 * profileCount[p]) throw new SnapshotFormatError(`patterns.profileRows gives pattern stop ${i} ${width} offsets for ${profileCount[p]} profiles.`);
      size += width === profileCount[p] ? n : 2 * n;
    }
    widest = Math.max(widest, profileRows[patternStopOffsets[p + 1]] - profileRows[patternStopOffsets[p]]);
  }
  const deltas = 'deltas' in source ? source.deltas : null;
  const stored = 'offsets' in source ? source.offsets : new Int32Array(widest);
  if (!deltas && profileRows[profileRows.length - 1] > stored.length) throw new SnapshotFormatError(`patterns.profileRows overruns the ${stored.length} offsets of times.profiles.`);
  const rowCount = patternStopOffsets[patternCount] + 1;
  const times = allocColumn(Int32Array, size, shared);
  const timeRows = allocColumn(Uint32Array, rowCount, shared);
  let at = 0;
  let byte = 0;
  for (let p = 0; p < patternCount; p++) {
    const P = profileCount[p];
    const first = profileRows[patternStopOffsets[p]];
    // Deltas: the pattern's offsets decoded into `stored` from 0, so its rows start `first` earlier.
    if (deltas) byte = readProfileDeltas(deltas, byte, stored, profileRows[patternStopOffsets[p + 1]] - first, P);
    const shift = deltas ? first : 0;
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) {
      timeRows[i] = at;
      const arrRow = profileRows[i] - shift;
      const depRow = profileRows[i + 1] - P - shift;
      for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) times[at++] = tripStart[t] + stored[arrRow + tripProfile[t]];
      if (depRow !== arrRow) for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) times[at++] = tripStart[t] + stored[depRow + tripProfile[t]];
    }
  }
  if (deltas && byte !== deltas.length) throw new SnapshotFormatError(`times.profileDeltas has ${deltas.length - byte} bytes past the ${profileRows[profileRows.length - 1]} offsets of patterns.profileRows.`);
  timeRows[timeRows.length - 1] = at;
  return { times, timeRows };
}
