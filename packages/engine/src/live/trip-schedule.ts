import type { TimetableTables } from '../timetable/timetable-tables.js';

/** Metres within which a vehicle counts as at a stop. */
export const AT_STOP_M = 30;

/**
 * One trip's stop times read from the pattern time matrix (GTFS seconds from the service day's
 * reference), reusable: `load` points it at another trip without allocating.
 */
export class TripSchedule {
  tripIdx = -1;
  /** Number of calls. */
  length = 0;
  /** The trip's column in its pattern's rows, their length, its pattern's first pattern stop, and the Seconds its offsets count from. */
  private rank = 0;
  private tripCount = 0;
  private firstStop = 0;
  private base = 0;

  constructor(private readonly tt: TimetableTables) {}

  load(tripIdx: number): this {
    const tt = this.tt;
    const p = tt.tripPattern[tripIdx];
    this.tripIdx = tripIdx;
    this.rank = tt.tripRank[tripIdx];
    this.base = tt.tripBase[tripIdx];
    this.tripCount = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
    this.firstStop = tt.patternStopOffsets[p];
    this.length = tt.patternStopOffsets[p + 1] - this.firstStop;
    return this;
  }

  arrival(pos: number): number {
    return this.base + this.tt.times[this.tt.arrivalRow(this.firstStop + pos) + this.rank];
  }

  departure(pos: number): number {
    return this.base + this.tt.times[this.tt.departureRow(this.firstStop + pos, this.tripCount) + this.rank];
  }

  stop(pos: number): number {
    return this.tt.patternStops[this.firstStop + pos];
  }

  /** First departure, seconds. */
  get start(): number {
    return this.departure(0);
  }

  /** Last arrival, seconds. */
  get end(): number {
    return this.arrival(this.length - 1);
  }
}

/** Where a vehicle is on a trip and how late it runs there. */
export interface Progress {
  /** Delay at the vehicle's position, seconds (negative = early; never negative at the first stop). */
  delayS: number;
  /** 1-based sequence of the stop the vehicle is at, or else the next stop it will reach. */
  stopSequence: number;
  /** True when within AT_STOP_M of that stop. */
  atStop: boolean;
}

/**
 * The delay of a vehicle at `along` metres on a trip whose stops lie at `stopAlong`, observed at
 * `t` seconds from the service day's reference: the difference between `t` and the scheduled time
 * interpolated at that distance (at a stop: outside its [arrival, departure] window). Written into
 * `out` (a caller's reused object: the matcher's per candidate) and returned.
 */
export function progressAt(s: TripSchedule, stopAlong: Float64Array, along: number, t: number, out: Progress = { delayS: 0, stopSequence: 0, atStop: false }): Progress {
  const n = s.length;
  let i = 0;
  while (i + 1 < n && stopAlong[i + 1] <= along) i++;
  // Near stop i or i + 1?
  let at = -1;
  if (along - stopAlong[i] <= AT_STOP_M) at = i;
  else if (i + 1 < n && stopAlong[i + 1] - along <= AT_STOP_M) at = i + 1;
  if (i === n - 1) at = n - 1;
  if (at >= 0) {
    const arr = at === 0 ? s.departure(0) : s.arrival(at);
    const dep = at === n - 1 ? s.arrival(at) : s.departure(at);
    let delayS = t < arr ? t - arr : t > dep ? t - dep : 0;
    if (at === 0 && delayS < 0) delayS = 0;
    out.delayS = delayS;
    out.stopSequence = at + 1;
    out.atStop = true;
    return out;
  }
  const span = stopAlong[i + 1] - stopAlong[i];
  const f = span > 0 ? (along - stopAlong[i]) / span : 0;
  const sched = s.departure(i) + f * (s.arrival(i + 1) - s.departure(i));
  out.delayS = t - sched;
  out.stopSequence = i + 2;
  out.atStop = false;
  return out;
}

/** Distance along the trip where the timetable puts the vehicle at `t` seconds (clamped to the ends). */
export function scheduledAlong(s: TripSchedule, stopAlong: Float64Array, t: number): number {
  const n = s.length;
  if (t <= s.departure(0)) return stopAlong[0];
  for (let i = 0; i + 1 < n; i++) {
    const dep = s.departure(i), arr = s.arrival(i + 1);
    if (t <= arr) return t <= dep ? stopAlong[i] : stopAlong[i] + ((t - dep) / Math.max(1, arr - dep)) * (stopAlong[i + 1] - stopAlong[i]);
  }
  return stopAlong[n - 1];
}
