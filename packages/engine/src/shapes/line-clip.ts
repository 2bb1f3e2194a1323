import { grownSize, resizedColumn } from '../timetable/alloc-column.js';

/**
 * Cuts a polyline (interleaved lat, lon degrees) to a box: the runs of it inside, each cut where
 * it crosses the box's edge (Liang-Barsky per segment), so every point returned lies in the box.
 * Runs of fewer than two points (a line touching a corner) are dropped. Allocates its answer (a
 * LineClipper reuses its arrays).
 */
export function clipToBox(ll: ArrayLike<number>, minLat: number, minLon: number, maxLat: number, maxLon: number): Float64Array[] {
  const clipper = new LineClipper();
  const runs = clipper.clip(ll, minLat, minLon, maxLat, maxLon);
  return Array.from({ length: runs }, (_, r) => clipper.run(r).slice());
}

/**
 * clipToBox into reusable scratch: the runs' points one after another and where each ends, in
 * arrays grown by doubling to the longest line seen (a box cuts hundreds of lines; each run was
 * an array of numbers and then a typed array of its own).
 */
export class LineClipper {
  /** The runs' interleaved points, run after run. */
  private points = new Float64Array(256);
  /** Run -> end of its points in `points` (values; it starts where the one before ends). */
  private ends = new Uint32Array(64);
  private runCount = 0;
  /** While clipping: values written, and where the open run starts. */
  private at = 0;
  private start = 0;
  /** The part t[0]..t[1] of the current segment inside (a typed array: a closure's doubles were a heap number per store). */
  private readonly t = new Float64Array(2);

  /** Clips `ll` to the box; returns how many runs (read with `run`, valid until the next call). */
  clip(ll: ArrayLike<number>, minLat: number, minLon: number, maxLat: number, maxLon: number): number {
    const n = ll.length >> 1;
    // A segment adds at most two points (where it enters, where it leaves) and a run holds one at least.
    if (this.points.length < 4 * n) this.points = resizedColumn(this.points, grownSize(this.points.length, 4 * n), 0);
    if (this.ends.length < n) this.ends = resizedColumn(this.ends, grownSize(this.ends.length, n), 0);
    const points = this.points, t = this.t;
    this.runCount = this.at = this.start = 0;
    for (let i = 0; i + 1 < n; i++) {
      const aLat = ll[2 * i], aLon = ll[2 * i + 1];
      const dLat = ll[2 * i + 2] - aLat, dLon = ll[2 * i + 3] - aLon;
      t[0] = 0;
      t[1] = 1;
      if (!(narrow(t, -dLon, aLon - minLon) && narrow(t, dLon, maxLon - aLon) && narrow(t, -dLat, aLat - minLat) && narrow(t, dLat, maxLat - aLat))) {
        this.close();
        continue;
      }
      const t0 = t[0], t1 = t[1];
      if (this.at === this.start || t0 > 0) {
        this.close();
        points[this.at++] = aLat + t0 * dLat;
        points[this.at++] = aLon + t0 * dLon;
      }
      points[this.at++] = aLat + t1 * dLat;
      points[this.at++] = aLon + t1 * dLon;
      if (t1 < 1) this.close();
    }
    this.close();
    return this.runCount;
  }

  /** Run r of the last clip: a view of scratch, valid until the next clip. */
  run(r: number): Float64Array {
    if (r >= this.runCount) throw new RangeError(`run ${r} of ${this.runCount}`);
    return this.points.subarray(r === 0 ? 0 : this.ends[r - 1], this.ends[r]);
  }

  /** Ends the open run: kept with two points or more, else dropped. */
  private close(): void {
    if (this.at - this.start >= 4) this.ends[this.runCount++] = this.at;
    else this.at = this.start;
    this.start = this.at;
  }
}

/** Narrows t[0]..t[1] by one edge of the box (p·t <= q); false when nothing of the segment is left inside. */
function narrow(t: Float64Array, p: number, q: number): boolean {
  if (p === 0) return q >= 0;
  const r = q / p;
  if (p < 0) {
    if (r > t[1]) return false;
    if (r > t[0]) t[0] = r;
  } else {
    if (r < t[0]) return false;
    if (r < t[1]) t[1] = r;
  }
  return true;
}
