import { UNREACHED } from './planner-api.js';

/** Most rounds a search runs (round 0 = access, then one per trip): up to 15 transfers. */
export const MAX_ROUNDS = 17;

/**
 * RAPTOR labels, one row of stops per round, flat `[round * stopCount + stop]`. Times are
 * Seconds from the query day's reference, negated in the reverse (arrive-by) search so that
 * smaller is always better. `walk[k]` is the best time with at most k trips (footpaths
 * included); `ride[k]` the time by a trip in round k, kept with what set it, for the trace.
 * Labels persist across the runs of a range search (rRAPTOR) and are reset per search.
 */
export class RaptorLabels {
  rounds = 0;
  walk: Int32Array;
  ride: Int32Array;
  /** Best time by a trip with at most k trips (the alighting test: every alighting that beats it is walked on from). */
  rideBest: Int32Array;
  /** Trip of `ride`, its service day (0 = day before the query day) and the positions boarded and left (search order). */
  rideTrip: Int32Array;
  rideDay: Int32Array;
  rideFrom: Int32Array;
  rideTo: Int32Array;
  /** Stop the `walk` label was walked from, or -1 when it is the ride (or the access) itself. */
  walkFrom: Int32Array;
  /** Target (plan searches): best time with at most k trips, and the egress stop that set it in round k. */
  readonly target = new Int32Array(MAX_ROUNDS);
  readonly targetStop = new Int32Array(MAX_ROUNDS);
  /**
   * Stops whose walk, ride or rideBest labels were written since the last reset (listed once;
   * `dirty` flags them), within the last search's `rounds`: `reset` clears only these, so
   * a search costs what it reaches, not the snapshot's stop count. Every other label of the
   * first `cleanRounds` rounds is UNREACHED.
   */
  private readonly dirty: Uint8Array;
  private readonly dirtyStops: Int32Array;
  private dirtyCount = 0;
  /** Rounds whose rows were filled with UNREACHED once (rows are filled on first use, so unused rounds cost no memory). */
  private cleanRounds = 0;

  constructor(readonly stopCount: number) {
    const n = stopCount * MAX_ROUNDS;
    this.walk = new Int32Array(n);
    this.ride = new Int32Array(n);
    this.rideBest = new Int32Array(n);
    this.rideTrip = new Int32Array(n);
    this.rideDay = new Int32Array(n);
    this.rideFrom = new Int32Array(n);
    this.rideTo = new Int32Array(n);
    this.walkFrom = new Int32Array(n);
    this.dirty = new Uint8Array(stopCount);
    this.dirtyStops = new Int32Array(stopCount);
  }

  /** Clears the labels the last search wrote (every label of the first `rounds` rounds is then UNREACHED) and starts a search of `rounds` rounds. */
  reset(rounds: number): void {
    const S = this.stopCount;
    const R = this.rounds; // the last search's rounds: its writes reach no further
    const { walk, ride, rideBest, dirty, dirtyStops } = this;
    if (this.dirtyCount * 4 > S) {
      // Most stops reached: one contiguous fill is cheaper than a stride per stop.
      walk.fill(UNREACHED, 0, R * S);
      ride.fill(UNREACHED, 0, R * S);
      rideBest.fill(UNREACHED, 0, R * S);
      for (let i = 0; i < this.dirtyCount; i++) dirty[dirtyStops[i]] = 0;
    } else {
      for (let i = 0; i < this.dirtyCount; i++) {
        const s = dirtyStops[i];
        dirty[s] = 0;
        for (let j = 0, at = s; j < R; j++, at += S) {
          walk[at] = UNREACHED;
          ride[at] = UNREACHED;
          rideBest[at] = UNREACHED;
        }
      }
    }
    this.dirtyCount = 0;
    if (rounds > this.cleanRounds) {
      walk.fill(UNREACHED, this.cleanRounds * S, rounds * S);
      ride.fill(UNREACHED, this.cleanRounds * S, rounds * S);
      rideBest.fill(UNREACHED, this.cleanRounds * S, rounds * S);
      this.cleanRounds = rounds;
    }
    this.rounds = rounds;
    this.target.fill(UNREACHED);
    this.targetStop.fill(-1);
  }

  /** Lists `stop` as written since the last reset (round-0 `ride` writes go through setWalk, so they are listed too). */
  private write(stop: number): void {
    if (this.dirty[stop] === 0) {
      this.dirty[stop] = 1;
      this.dirtyStops[this.dirtyCount++] = stop;
    }
  }

  /** Lowers the walk label of `stop` to `t` in round k and every later round it beats. */
  lower(k: number, stop: number, t: number): void {
    const S = this.stopCount;
    this.write(stop);
    for (let j = k, i = k * S + stop; j < this.rounds && this.walk[i] > t; j++, i += S) this.walk[i] = t;
  }

  /**
   * Records a trip arrival that beats `rideBest` (the caller checked). Returns true when it also
   * beats the walk label (the stop then boards in the next round).
   */
  setRide(k: number, stop: number, t: number, trip: number, day: number, fromPos: number, toPos: number): boolean {
    const S = this.stopCount;
    const i = k * S + stop;
    this.write(stop);
    this.ride[i] = t;
    this.rideTrip[i] = trip;
    this.rideDay[i] = day;
    this.rideFrom[i] = fromPos;
    this.rideTo[i] = toPos;
    for (let j = k, ii = i; j < this.rounds && this.rideBest[ii] > t; j++, ii += S) this.rideBest[ii] = t;
    if (t >= this.walk[i]) return false;
    this.walkFrom[i] = -1;
    this.lower(k, stop, t);
    return true;
  }

  /** Records a footpath (or access) arrival that beats the walk label; `from` -1 for access. */
  setWalk(k: number, stop: number, t: number, from: number): void {
    this.walkFrom[k * this.stopCount + stop] = from;
    this.lower(k, stop, t);
  }

  /** Lowers the target with at most k trips (and every later round it beats). */
  setTarget(k: number, t: number, egressStop: number): void {
    this.targetStop[k] = egressStop;
    for (let j = k; j < this.rounds && this.target[j] > t; j++) this.target[j] = t;
  }
}
