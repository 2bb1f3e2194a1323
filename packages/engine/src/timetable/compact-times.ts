import { SnapshotFormatError } from '../errors.js';
import { allocColumn } from './alloc-column.js';
import { readProfileDeltas } from './profile-deltas.js';

/**
 * Pattern time matrices in the form boards and the planner read (`times.values` /
 * `patterns.timeRows` in docs/engine.md, each time split into a per-trip base and an offset):
 * trip t's time in row `row` is tripBase[t] + times[row + its rank].
 */
export interface CompactTimes {
  /**
   * Seconds from the trip's base: each pattern stop's rows in order, its arrival row then, where
   * some trip dwells, its departure row. u16 when every pattern's times span less than 65,536 s
   * (the profile form on every feed without an 18 h trip: half the bytes), else i32 (and always
   * in snapshots that store the rows, with a zero base); one kind per snapshot.
   */
  times: Uint16Array | Int32Array;
  /** Pattern stop -> [first, end) of its rows in `times`; length pattern stops + 1. */
  timeRows: Uint32Array;
  /** Trip -> Seconds its offsets in `times` count from (its first departure plus its pattern's least offset; 0 for rows stored absolute). */
  tripBase: Int32Array;
}

/** Rows of absolute Seconds (`packRows`, the older snapshot forms). */
export interface PackedRows {
  times: Int32Array;
  timeRows: Uint32Array;
}

/** The largest span of a pattern's times that `CompactTimes.times` holds as u16. */
export const U16_SPAN = 0xffff;

/**
 * Packs full stop-major matrices (pattern p's row pos at timeOffsets[p] + pos * tripCount in
 * `arrivals` and `departures`) into one column that stores a pattern stop's departures only when
 * some trip dwells there (departure != arrival); elsewhere its departure row is its arrival row.
 * A row holds every trip's time by rank: the form before profiles; the engine packs older
 * snapshots' matrices with it at open.
 */
export function compactTimes(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array): CompactTimes {
  // Absolute times, every trip's base 0.
  return { ...packRows(patternStopOffsets, patternTripOffsets, timeOffsets, arrivals, departures, null), tripBase: new Int32Array(patternTripOffsets[patternTripOffsets.length - 1]) };
}

/**
 * The rows of `compactTimes` with chosen columns: pattern p's row holds the ranks
 * columns.ranks[columns.offsets[p] .. columns.offsets[p + 1]) (its profiles' representative
 * trips), each as its time minus that trip's first departure (the builder's `times.profiles`).
 * `columns` null: every rank, absolute times.
 */
export function packRows(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array, columns: { offsets: Uint32Array; ranks: ArrayLike<number> } | null): PackedRows {
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
 * Which pattern stops have a departure row in the profile form: a bit per pattern stop
 * (`patterns.dwells`, bit i % 8 of byte i >> 3), or, in snapshots before the seventh session,
 * `patterns.profileRows` (pattern stop -> [first, end) of its offsets, P or 2P wide).
 */
export type ProfileLayout = { readonly dwells: Uint8Array } | { readonly profileRows: Uint32Array };

/**
 * Expands the builder's profile form (a pattern's P running-time profiles, each pattern stop an
 * arrival row of P offsets and, where `layout` says some trip dwells, a departure row of P more,
 * from `times.profiles` or decoded from `times.profileDeltas`; a start and a profile per trip)
 * into the per-trip rows of `CompactTimes` (a departure row where the profile form has one),
 * which the boards and planner read: each value its profile's offset minus the least offset of
 * the pattern, each trip's base its start plus that least offset. u16 values unless some
 * pattern's offsets span more than U16_SPAN; then i32 for the whole snapshot (the values written
 * so far copied over). O(stop times), once per open. P is 1 + the largest profile of the
 * pattern's trips.
 */
export function expandProfiles(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, layout: ProfileLayout, source: ProfileOffsets, tripStart: Int32Array, tripProfile: ArrayLike<number>, shared = false): CompactTimes {
  const patternCount = patternStopOffsets.length - 1;
  const stopCount = patternStopOffsets[patternCount];
  const trips = patternTripOffsets[patternCount];
  const profileCount = new Uint32Array(patternCount);
  for (let p = 0; p < patternCount; p++) {
    for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) profileCount[p] = Math.max(profileCount[p], tripProfile[t] + 1);
  }
  const rows = 'profileRows' in layout ? layout.profileRows : null;
  const dwells = 'dwells' in layout ? layout.dwells : dwellsOfProfileRows(layout.profileRows, patternStopOffsets, profileCount);
  if (!rows && (dwells.length !== (stopCount + 7) >>> 3 || (stopCount & 7 && dwells[dwells.length - 1] >>> (stopCount & 7) !== 0))) {
    throw new SnapshotFormatError(`patterns.dwells has ${dwells.length} bytes for ${stopCount} pattern stops, or bits past them: it is corrupt. Rebuild the snapshot.`);
  }
  let size = 0;
  let offsetCount = 0;
  let widest = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    let dwelling = 0;
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) dwelling += (dwells[i >>> 3] >>> (i & 7)) & 1;
    const stops = patternStopOffsets[p + 1] - patternStopOffsets[p];
    size += (stops + dwelling) * n;
    offsetCount += (stops + dwelling) * profileCount[p];
    widest = Math.max(widest, (stops + dwelling) * profileCount[p]);
  }
  // The offsets start where the stored rows did (0 in every snapshot the builder wrote).
  const base = rows ? rows[0] : 0;
  const deltas = 'deltas' in source ? source.deltas : null;
  const stored = 'offsets' in source ? source.offsets : new Int32Array(widest);
  if (!deltas && base + offsetCount > stored.length) throw new SnapshotFormatError(`patterns.profileRows overruns the ${stored.length} offsets of times.profiles.`);
  let times: Uint16Array | Int32Array = allocColumn(Uint16Array, size, shared);
  const timeRows = allocColumn(Uint32Array, stopCount + 1, shared);
  const tripBase = allocColumn(Int32Array, trips, shared);
  let at = 0;
  let byte = 0;
  let first = base;
  for (let p = 0; p < patternCount; p++) {
    const P = profileCount[p];
    let row = first;
    const count = (patternStopOffsets[p + 1] - patternStopOffsets[p]) * P;
    let width = count;
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) width += ((dwells[i >>> 3] >>> (i & 7)) & 1) * P;
    // Deltas: the pattern's offsets decoded into `stored` from 0.
    if (deltas) {
      byte = readProfileDeltas(deltas, byte, stored, width, P);
      row = 0;
    }
    let least = width > 0 ? stored[row] : 0;
    let most = least;
    for (let j = row + 1; j < row + width; j++) {
      const v = stored[j];
      if (v < least) least = v;
      else if (v > most) most = v;
    }
    if (most - least > U16_SPAN && times instanceof Uint16Array) {
      const wide = allocColumn(Int32Array, size, shared);
      wide.set(times.subarray(0, at));
      times = wide;
    }
    for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) tripBase[t] = tripStart[t] + least;
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) {
      timeRows[i] = at;
      for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) times[at++] = stored[row + tripProfile[t]] - least;
      row += P;
      if ((dwells[i >>> 3] >>> (i & 7)) & 1) {
        for (let t = patternTripOffsets[p]; t < patternTripOffsets[p + 1]; t++) times[at++] = stored[row + tripProfile[t]] - least;
        row += P;
      }
    }
    first += width;
  }
  if (deltas && byte !== deltas.length) throw new SnapshotFormatError(`times.profileDeltas has ${deltas.length - byte} bytes past the ${offsetCount} offsets that ${rows ? 'patterns.profileRows' : 'patterns.dwells'} lays out.`);
  timeRows[timeRows.length - 1] = at;
  return { times, timeRows, tripBase };
}

/** The dwell bits of `patterns.profileRows` (each pattern stop P or 2P offsets wide, in order), for snapshots before `patterns.dwells`. */
function dwellsOfProfileRows(rows: Uint32Array, patternStopOffsets: Uint32Array, profileCount: Uint32Array): Uint8Array {
  const stopCount = patternStopOffsets[patternStopOffsets.length - 1];
  if (rows.length !== stopCount + 1) throw new SnapshotFormatError(`patterns.profileRows has ${rows.length} entries for ${stopCount} pattern stops.`);
  const dwells = new Uint8Array((stopCount + 7) >>> 3);
  for (let p = 0; p < profileCount.length; p++) {
    for (let i = patternStopOffsets[p]; i < patternStopOffsets[p + 1]; i++) {
      const width = rows[i + 1] - rows[i];
      if (width !== profileCount[p] && width !== 2 * profileCount[p]) throw new SnapshotFormatError(`patterns.profileRows gives pattern stop ${i} ${width} offsets for ${profileCount[p]} profiles.`);
      if (width !== profileCount[p]) dwells[i >>> 3] |= 1 << (i & 7);
    }
  }
  return dwells;
}
