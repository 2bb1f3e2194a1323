import { resizedColumn } from '../timetable/alloc-column.js';

/**
 * Candidate journeys of vehicle records, a column per field: the matcher keeps a national poll's
 * candidates here rather than as an object each (objects that live through the poll are what
 * the collector copies). Reused across polls: grown, never shrunk; `count` slots are in use.
 */
export class CandidateColumns {
  /** Slot -> the candidate's trip and service day. */
  tripIdx = new Int32Array(INITIAL_SLOTS);
  day = new Int32Array(INITIAL_SLOTS);
  /** Slot -> delay at the vehicle's position, seconds (negative = early). */
  delayS = new Float64Array(INITIAL_SLOTS);
  /** Slot -> 1-based sequence of the stop the vehicle is at or will reach next, and whether it is at it (1) or not (0). */
  stopSequence = new Int32Array(INITIAL_SLOTS);
  atStop = new Uint8Array(INITIAL_SLOTS);
  /** Slot -> distance along the trip's route and off it, metres. */
  along = new Float64Array(INITIAL_SLOTS);
  off = new Float64Array(INITIAL_SLOTS);
  /** Slot -> ranking cost (lower is better), metres-equivalent. */
  cost = new Float64Array(INITIAL_SLOTS);
  /** Slots in use. */
  count = 0;

  /** A new slot at the end (its fields as last written: the caller sets them all); its index. */
  add(): number {
    if (this.count === this.tripIdx.length) this.grow();
    return this.count++;
  }

  /** Appends slot `i` of `from`; returns its index here. */
  append(from: CandidateColumns, i: number): number {
    const k = this.add();
    this.tripIdx[k] = from.tripIdx[i];
    this.day[k] = from.day[i];
    this.delayS[k] = from.delayS[i];
    this.stopSequence[k] = from.stopSequence[i];
    this.atStop[k] = from.atStop[i];
    this.along[k] = from.along[i];
    this.off[k] = from.off[i];
    this.cost[k] = from.cost[i];
    return k;
  }

  private grow(): void {
    const n = this.tripIdx.length * 2;
    this.tripIdx = resizedColumn(this.tripIdx, n);
    this.day = resizedColumn(this.day, n);
    this.delayS = resizedColumn(this.delayS, n);
    this.stopSequence = resizedColumn(this.stopSequence, n);
    this.atStop = resizedColumn(this.atStop, n);
    this.along = resizedColumn(this.along, n);
    this.off = resizedColumn(this.off, n);
    this.cost = resizedColumn(this.cost, n);
  }
}

const INITIAL_SLOTS = 64;
