import { resizedColumn } from '../timetable/alloc-column.js';
import { UNREACHED } from './planner-api.js';

/** Most rounds a search runs (round 0 = access, then one per trip): up to 15 transfers. */
export const MAX_ROUNDS = 17;

/** Entries each label array starts with, and shrinks to no fewer than: 1,024 stops of MAX_ROUNDS rounds. */
export const MIN_ENTRIES = 1024 * MAX_ROUNDS;
/**
 * Slots the label arrays of a new RaptorLabels start with and shrink to no fewer than
 * (MIN_ENTRIES / MAX_ROUNDS). Internal, not exported from the package: the planner oracle test
 * lowers it so that its small random timetables grow the arrays in the middle of a search.
 */
export const labelSizing = { minSlots: MIN_ENTRIES / MAX_ROUNDS };
/** Searches in a row that each used under a quarter of the label arrays before they shrink (to twice the most any of those used). */
export const SHRINK_AFTER = 16;

/**
 * RAPTOR labels of the stops a search reached, not of every stop of the snapshot: a stop takes a
 * slot the first time the search writes it, and each label array is flat `[slot * rounds + k]`
 * (rounds = this search's, so a stop's rounds are contiguous). Times are Seconds from the query
 * day's reference, negated in the reverse (arrive-by) search so that smaller is always better.
 * `walk[k]` is the best time with at most k trips (footpaths included); `ride[k]` the time by a
 * trip in round k, kept with what set it, for the trace. Labels persist across the runs of a
 * range search (rRAPTOR) and are reset per search, in O(stops slotted).
 *
 * Read a label at `baseOf[stop] + k` (`at`), baseOf being the slot times rounds: a stop with no
 * slot reads slot 0, whose walk, ride and rideBest are UNREACHED in every round and never
 * written, so a read needs no branch. The arrays grow by doubling as slots are taken (a run
 * then allocates); they shrink when SHRINK_AFTER searches in a row used under a quarter of
 * them, so memory follows what recent searches reached and a one-off search over most of the
 * country does not pin its arrays (one pinned by an idle worker stays until its next searches).
 */
export class RaptorLabels {
  rounds = 0;
  walk: Int32Array;
  ride: Int32Array;
  /** Best time by a trip with at most k trips (the alighting test: every alighting that beats it is walked on from). */
  rideBest: Int32Array;
  /** Trip of `ride`, its service day (0 = day before the query day, below DAY_SPAN) and the positions boarded and left (search order; Uint16 when every pattern has at most 65,536 stops). */
  rideTrip: Int32Array;
  rideDay: Uint8Array;
  rideFrom: Uint16Array | Int32Array;
  rideTo: Uint16Array | Int32Array;
  /** Stop the `walk` label was walked from, or -1 when it is the ride (or the access) itself. */
  walkFrom: Int32Array;
  /** Target (plan searches): best time with at most k trips, and the egress stop that set it in round k. */
  readonly target = new Int32Array(MAX_ROUNDS);
  readonly targetStop = new Int32Array(MAX_ROUNDS);
  /** Stop -> where its labels start (its slot x rounds), 0 when it has no slot in this search. Zero at rest, so only the pages of stops ever reached become resident. */
  readonly baseOf: Int32Array;
  /** Slot -> its stop (slot 0 unused). */
  private slotStop: Int32Array;
  /** Slots taken, slot 0 included. */
  private slots = 1;
  private readonly widePos: boolean;
  /** Searches in a row that used under a quarter of the arrays, and the most entries and slots any of them used. */
  private lowSearches = 0;
  private lowEntries = 0;
  private lowSlots = 0;
  /** labelSizing.minSlots when constructed, and the entries of that many slots of MAX_ROUNDS. */
  private readonly minSlots = labelSizing.minSlots;
  private readonly minEntries = this.minSlots * MAX_ROUNDS;

  constructor(
    readonly stopCount: number,
    /** Stops of the longest pattern: positions are Uint16 when it has at most 65,536. */
    widestPattern = 0,
  ) {
    this.widePos = widestPattern > 0x10000;
    this.baseOf = new Int32Array(stopCount);
    const entries = this.minEntries;
    this.slotStop = new Int32Array(this.minSlots);
    this.walk = new Int32Array(entries);
    this.ride = new Int32Array(entries);
    this.rideBest = new Int32Array(entries);
    this.rideTrip = new Int32Array(entries);
    this.rideDay = new Uint8Array(entries);
    this.rideFrom = this.posArray(entries);
    this.rideTo = this.posArray(entries);
    this.walkFrom = new Int32Array(entries);
  }

  /** Stops that hold a slot in this search (each reached: it has a walk label below UNREACHED). */
  get slotCount(): number {
    return this.slots - 1;
  }

  /** Entries of each label array (slots x rounds they can hold): what the labels keep allocated. */
  get capacity(): number {
    return this.walk.length;
  }

  /** Index of round k of `stop`'s labels (slot 0, all UNREACHED, when the search has not reached it). */
  at(k: number, stop: number): number {
    return this.baseOf[stop] + k;
  }

  /** The stops slotted in this search, in the order reached: a view, valid until the next write or reset. */
  reachedStops(): Int32Array {
    return this.slotStop.subarray(1, this.slots);
  }

  /** Writes round k's walk label of every stop reached into `byStop[stop]` (the others left as they are). */
  copyWalk(k: number, byStop: Int32Array): void {
    const { walk, slotStop, rounds } = this;
    for (let slot = 1, at = rounds + k; slot < this.slots; slot++, at += rounds) byStop[slotStop[slot]] = walk[at];
  }

  /** Clears the last search's slots (every label is then UNREACHED) and starts a search of `rounds` rounds. */
  reset(rounds: number): void {
    const { baseOf, slotStop } = this;
    const used = this.slots;
    for (let i = 1; i < used; i++) baseOf[slotStop[i]] = 0;
    this.slots = 1;
    this.shrinkAfter(used * this.rounds, used);
    this.rounds = rounds;
    // Slot 0, the one every unreached stop reads: its entries may have been another slot's under other rounds.
    this.walk.fill(UNREACHED, 0, rounds);
    this.ride.fill(UNREACHED, 0, rounds);
    this.rideBest.fill(UNREACHED, 0, rounds);
    this.target.fill(UNREACHED);
    this.targetStop.fill(-1);
  }

  /** Counts a finished search that used `entries` and `slots`; past SHRINK_AFTER small ones in a row, reallocates the arrays to twice the most they used. */
  private shrinkAfter(entries: number, slots: number): void {
    if (entries * 4 >= this.walk.length || this.walk.length <= this.minEntries) {
      this.lowSearches = 0;
      this.lowEntries = 0;
      this.lowSlots = 0;
      return;
    }
    this.lowEntries = Math.max(this.lowEntries, entries);
    this.lowSlots = Math.max(this.lowSlots, slots);
    if (++this.lowSearches < SHRINK_AFTER) return;
    this.resize(Math.max(this.minEntries, 2 * this.lowEntries), Math.max(this.minSlots, 2 * this.lowSlots), 0);
    this.lowSearches = 0;
    this.lowEntries = 0;
    this.lowSlots = 0;
  }

  private posArray(n: number): Uint16Array | Int32Array {
    return this.widePos ? new Int32Array(n) : new Uint16Array(n);
  }

  /** New arrays of `entries` (slotStop of `slotCapacity`), keeping the first `used` entries (and the slots taken). */
  private resize(entries: number, slotCapacity: number, used: number): void {
    this.walk = resizedColumn(this.walk, entries, used);
    this.ride = resizedColumn(this.ride, entries, used);
    this.rideBest = resizedColumn(this.rideBest, entries, used);
    this.rideTrip = resizedColumn(this.rideTrip, entries, used);
    this.rideDay = resizedColumn(this.rideDay, entries, used);
    this.rideFrom = resizedColumn(this.rideFrom, entries, used);
    this.rideTo = resizedColumn(this.rideTo, entries, used);
    this.walkFrom = resizedColumn(this.walkFrom, entries, used);
    if (slotCapacity !== this.slotStop.length) this.slotStop = resizedColumn(this.slotStop, slotCapacity, Math.min(this.slots, slotCapacity));
  }

  /** Where `stop`'s labels start, a slot taken now when it has none. Arrays may be reallocated: read them after. */
  private base(stop: number): number {
    const have = this.baseOf[stop];
    return have !== 0 ? have : this.take(stop);
  }

  /** A new slot for `stop`, its walk, ride and rideBest UNREACHED in every round; where its labels start. */
  private take(stop: number): number {
    const slot = this.slots++;
    const R = this.rounds;
    const at = slot * R;
    if (at + R > this.walk.length || slot >= this.slotStop.length) {
      let entries = this.walk.length;
      while (entries < at + R) entries *= 2;
      this.resize(entries, slot >= this.slotStop.length ? 2 * this.slotStop.length : this.slotStop.length, at);
    }
    this.baseOf[stop] = at;
    this.slotStop[slot] = stop;
    const { walk, ride, rideBest } = this;
    for (let i = at; i < at + R; i++) {
      walk[i] = UNREACHED;
      ride[i] = UNREACHED;
      rideBest[i] = UNREACHED;
    }
    return at;
  }

  /** Lowers the walk labels from index i (round k) to the last round while they are above t. */
  private lower(i: number, k: number, t: number): void {
    const walk = this.walk;
    for (let end = i + this.rounds - k; i < end && walk[i] > t; i++) walk[i] = t;
  }

  /**
   * Records a trip arrival that beats `rideBest` (the caller checked). Returns true when it also
   * beats the walk label (the stop then boards in the next round).
   */
  setRide(k: number, stop: number, t: number, trip: number, day: number, fromPos: number, toPos: number): boolean {
    const i = this.base(stop) + k;
    this.ride[i] = t;
    this.rideTrip[i] = trip;
    this.rideDay[i] = day;
    this.rideFrom[i] = fromPos;
    this.rideTo[i] = toPos;
    const rideBest = this.rideBest;
    for (let ii = i, end = i + this.rounds - k; ii < end && rideBest[ii] > t; ii++) rideBest[ii] = t;
    if (t >= this.walk[i]) return false;
    this.walkFrom[i] = -1;
    this.lower(i, k, t);
    return true;
  }

  /** Records a footpath arrival that beats the walk label (the caller checked), walked from `from`. */
  setWalk(k: number, stop: number, t: number, from: number): void {
    const i = this.base(stop) + k;
    this.walkFrom[i] = from;
    this.lower(i, k, t);
  }

  /** Records an access arrival at round 0 that beats the walk label (the caller checked): its "ride" too, the source of origin footpaths. */
  setAccess(stop: number, t: number): void {
    const i = this.base(stop);
    this.ride[i] = t;
    this.walkFrom[i] = -1;
    this.lower(i, 0, t);
  }

  /** Lowers the target with at most k trips (and every later round it beats). */
  setTarget(k: number, t: number, egressStop: number): void {
    this.targetStop[k] = egressStop;
    for (let j = k; j < this.rounds && this.target[j] > t; j++) this.target[j] = t;
  }
}
