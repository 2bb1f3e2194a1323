/**
 * Where a board search writes its calls, earliest first: caller-owned columns reused from
 * search to search (valid until the next search into them). Entry i is call i of `count`.
 */
export class BoardHits {
  count = 0;
  /** Call -> trip, service day index (from the calendar's first day), position in the pattern, stop. */
  trip: Uint32Array;
  dayIndex: Int32Array;
  pos: Uint32Array;
  stop: Uint32Array;
  /** Call -> Seconds from its service day's reference. */
  seconds: Int32Array;
  /** Call -> epoch ms. */
  time: Float64Array;

  constructor(capacity = 32) {
    this.trip = new Uint32Array(capacity);
    this.dayIndex = new Int32Array(capacity);
    this.pos = new Uint32Array(capacity);
    this.stop = new Uint32Array(capacity);
    this.seconds = new Int32Array(capacity);
    this.time = new Float64Array(capacity);
  }

  get capacity(): number {
    return this.trip.length;
  }

  /** Makes room for `capacity` calls, keeping the ones written. */
  ensure(capacity: number): void {
    if (capacity <= this.trip.length) return;
    const size = Math.max(capacity, this.trip.length * 2);
    const keep = <T extends Uint32Array | Int32Array | Float64Array>(a: T, b: T): T => (b.set(a), b);
    this.trip = keep(this.trip, new Uint32Array(size));
    this.dayIndex = keep(this.dayIndex, new Int32Array(size));
    this.pos = keep(this.pos, new Uint32Array(size));
    this.stop = keep(this.stop, new Uint32Array(size));
    this.seconds = keep(this.seconds, new Int32Array(size));
    this.time = keep(this.time, new Float64Array(size));
  }

  /** True when call a comes after call b: time, then trip_id order (`idRank`), then position, then stop. */
  after(a: number, b: number, idRank: Uint32Array): boolean {
    if (this.time[a] !== this.time[b]) return this.time[a] > this.time[b];
    const ra = idRank[this.trip[a]];
    const rb = idRank[this.trip[b]];
    if (ra !== rb) return ra > rb;
    if (this.pos[a] !== this.pos[b]) return this.pos[a] > this.pos[b];
    return this.stop[a] > this.stop[b];
  }

  /** Exchanges calls i and j. */
  swap(i: number, j: number): void {
    const sw = (a: Uint32Array | Int32Array | Float64Array) => {
      const t = a[i];
      a[i] = a[j];
      a[j] = t;
    };
    sw(this.trip);
    sw(this.dayIndex);
    sw(this.pos);
    sw(this.stop);
    sw(this.seconds);
    sw(this.time);
  }
}
