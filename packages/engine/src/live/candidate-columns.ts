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
    const widen = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.tripIdx = widen(this.tripIdx, (k) => new Int32Array(k));
    this.day = widen(this.day, (k) => new Int32Array(k));
    this.delayS = widen(this.delayS, (k) => new Float64Array(k));
    this.stopSequence = widen(this.stopSequence, (k) => new Int32Array(k));
    this.atStop = widen(this.atStop, (k) => new Uint8Array(k));
    this.along = widen(this.along, (k) => new Float64Array(k));
    this.off = widen(this.off, (k) => new Float64Array(k));
    this.cost = widen(this.cost, (k) => new Float64Array(k));
  }
}

const INITIAL_SLOTS = 64;
