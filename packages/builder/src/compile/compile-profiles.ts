import { PROFILE_DELTA_MAX_BYTES, writeProfileDelta } from '@transit/engine';
import type { CallBuffer } from '../gtfs/stop-time-runs.js';
import { grown } from '../write/growable.js';

/** A pattern's running times stored once: the `times.profiles` form (see TimetableTables.timeRows in the engine). */
export interface ProfileTimes {
  /**
   * Seconds after the trip's start: each pattern stop's arrival row then, where some trip dwells,
   * its departure row; a row holds the pattern's profiles. As varint deltas from the same
   * profile's previous row (`times.profileDeltas`, engine timetable/profile-deltas.ts).
   */
  deltas: Uint8Array;
  /** A bit per pattern stop (bit i % 8 of byte i >> 3): set where it has a departure row (`patterns.dwells`). */
  dwells: Uint8Array;
  /** Trip -> its first departure (Seconds), which its profile's offsets are added to. */
  tripStart: Int32Array;
  /** Trip -> its profile (column in its pattern's rows), numbered by first use in departure order. */
  tripProfile: Uint32Array;
  /** The most profiles any pattern has (sizes the profile column). */
  maxProfiles: number;
}

/**
 * The distinct running-time profiles of each group of trips (same route and calls), kept as
 * trips stream in: a trip's arrivals and departures minus its first departure, stored once per
 * group however many trips share it (trips that are time shifts of one another). Profiles are
 * found by a numeric hash of the offsets, then compared in full. Profile k's n arrival offsets
 * then its n departure offsets are at data[at[k], at[k] + 2n).
 */
export class TripProfiles {
  // Plain typed arrays grown here, not Growable: these are read in the grouping's inner loops,
  // where one monomorphic element kind each keeps the reads cheap.
  private data = new Int32Array(1 << 16);
  private size = 0;
  private at = new Uint32Array(1 << 12);
  private group = new Uint32Array(1 << 12);
  /** Older profile with the same hash, or -1. */
  private next = new Int32Array(1 << 12);
  private count = 0;
  /** Hash of (group, offsets) -> newest profile with it; `next` chains older ones. */
  private readonly byHash = new Map<number, number>();

  /** The profile of one trip of `group` whose calls [0, n) start at `start`, added if new. */
  add(group: number, calls: CallBuffer, n: number, start: number): number {
    const { arr, dep } = calls;
    let h = Math.imul(0x811c9dc5 ^ group, 0x01000193);
    for (let i = 0; i < n; i++) {
      h = Math.imul(h ^ (arr[i] - start), 0x01000193);
      h = Math.imul(h ^ (dep[i] - start), 0x01000193);
    }
    const head = this.byHash.get(h) ?? -1;
    for (let k = head; k >= 0; k = this.next[k]) if (this.group[k] === group && this.same(k, calls, n, start)) return k;
    const k = this.count++;
    if (k === this.at.length) {
      this.at = grown(this.at, 2 * k);
      this.group = grown(this.group, 2 * k);
      this.next = grown(this.next, 2 * k);
    }
    if (this.size + 2 * n > this.data.length) this.data = grown(this.data, Math.max(2 * this.data.length, this.size + 2 * n));
    this.at[k] = this.size;
    this.group[k] = group;
    this.next[k] = head;
    this.byHash.set(h, k);
    const d = this.data;
    for (let i = 0; i < n; i++) d[this.size + i] = arr[i] - start;
    for (let i = 0; i < n; i++) d[this.size + n + i] = dep[i] - start;
    this.size += 2 * n;
    return k;
  }

  /** Profile k's arrival offset at position pos (of n). */
  arr(k: number, pos: number): number {
    return this.data[this.at[k] + pos];
  }

  /** Profile k's departure offset at position pos (of n). */
  dep(k: number, pos: number, n: number): number {
    return this.data[this.at[k] + n + pos];
  }

  /** Drops the hash index once every trip is in (the offsets stay for the rows). */
  sealed(): this {
    this.byHash.clear();
    return this;
  }

  private same(k: number, calls: CallBuffer, n: number, start: number): boolean {
    const d = this.data;
    const base = this.at[k];
    for (let i = 0; i < n; i++) if (d[base + i] !== calls.arr[i] - start || d[base + n + i] !== calls.dep[i] - start) return false;
    return true;
  }
}


/**
 * Lays out the patterns' profile rows, pattern by pattern in snapshot order: a pattern's
 * profiles are numbered by first use in departure order, and a pattern stop gets a departure
 * row only where one of them dwells.
 */
export class ProfileRowWriter {
  /** The pattern being added, its offsets in row order (one pattern's: a scratch grown to the widest). */
  private offsets = new Int32Array(1 << 12);
  private deltas = new Uint8Array(1 << 16);
  private byteCount = 0;
  private dwells = new Uint8Array(1 << 12);
  /** Pattern stops added so far. */
  private stopCount = 0;
  private readonly tripStart: Int32Array;
  private readonly tripProfile: Uint32Array;
  private maxProfiles = 0;
  private trip = 0;

  constructor(
    private readonly profiles: TripProfiles,
    tripCount: number,
  ) {
    this.tripStart = new Int32Array(tripCount);
    this.tripProfile = new Uint32Array(tripCount);
  }

  /** The next pattern: its n stops and its trips' starts and (TripProfiles) profiles in rank order. */
  addPattern(n: number, starts: ArrayLike<number>, profiles: ArrayLike<number>): void {
    const used: number[] = [];
    const local = new Map<number, number>();
    for (let rank = 0; rank < starts.length; rank++) {
      let j = local.get(profiles[rank]);
      if (j === undefined) {
        j = used.push(profiles[rank]) - 1;
        local.set(profiles[rank], j);
      }
      this.tripStart[this.trip] = starts[rank];
      this.tripProfile[this.trip++] = j;
    }
    this.maxProfiles = Math.max(this.maxProfiles, used.length);
    const p = this.profiles;
    if (2 * n * used.length > this.offsets.length) this.offsets = new Int32Array(Math.max(2 * this.offsets.length, 2 * n * used.length));
    const offsets = this.offsets;
    if (this.stopCount + n > 8 * this.dwells.length) this.dwells = grown(this.dwells, Math.max(2 * this.dwells.length, (this.stopCount + n + 7) >>> 3));
    let count = 0;
    for (let pos = 0; pos < n; pos++) {
      let dwells = false;
      for (const k of used) {
        offsets[count++] = p.arr(k, pos);
        dwells ||= p.arr(k, pos) !== p.dep(k, pos, n);
      }
      if (dwells) {
        for (const k of used) offsets[count++] = p.dep(k, pos, n);
        this.dwells[(this.stopCount + pos) >>> 3] |= 1 << ((this.stopCount + pos) & 7);
      }
    }
    this.stopCount += n;
    this.writeDeltas(offsets, count, used.length);
  }

  finish(): ProfileTimes {
    return { deltas: this.deltas.slice(0, this.byteCount), dwells: this.dwells.slice(0, (this.stopCount + 7) >>> 3), tripStart: this.tripStart, tripProfile: this.tripProfile, maxProfiles: this.maxProfiles };
  }

  /** Appends one pattern's `count` offsets (P = `stride` profiles a row) as deltas from the value `stride` before. */
  private writeDeltas(offsets: Int32Array, count: number, stride: number): void {
    const need = this.byteCount + count * PROFILE_DELTA_MAX_BYTES;
    if (need > this.deltas.length) this.deltas = grown(this.deltas, Math.max(2 * this.deltas.length, need));
    const out = this.deltas;
    let at = this.byteCount;
    for (let j = 0; j < count; j++) at = writeProfileDelta(out, at, offsets[j] - (j >= stride ? offsets[j - stride] : 0));
    this.byteCount = at;
  }
}
