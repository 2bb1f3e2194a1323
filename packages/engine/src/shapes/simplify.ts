import { grownSize, resizedColumn } from '../timetable/alloc-column.js';

/**
 * Douglas-Peucker simplification of a polyline (interleaved lat, lon degrees): drops points
 * closer than `toleranceDeg` (degrees of latitude; longitude scaled by cos(latitude)) to the line
 * through the points kept around them. The first and last points are always kept. Allocates its
 * answer (a LineSimplifier reuses its arrays).
 */
export function simplifyLine(ll: Float64Array, toleranceDeg: number): Float64Array {
  const simple = new LineSimplifier().simplify(ll, toleranceDeg);
  return simple === ll ? ll : simple.slice();
}

/**
 * simplifyLine with reusable scratch: the kept flags, the stack of spans and the answer live in
 * arrays grown by doubling to the longest line seen, so a box's hundreds of lines allocate nothing
 * but views (each a few hundred KiB of short-lived external memory otherwise, which a national
 * worker's resident set kept). Iterative (an explicit stack), so long shapes cannot overflow the
 * call stack.
 */
export class LineSimplifier {
  private keep = new Uint8Array(64);
  /** Spans still to split, as (first, last) point pairs: at most one per point. */
  private stack = new Int32Array(128);
  private out = new Float64Array(128);

  /** `ll` simplified: `ll` itself when nothing can go, else a view of scratch valid until the next call. */
  simplify(ll: Float64Array, toleranceDeg: number): Float64Array {
    const n = ll.length >> 1;
    if (n <= 2 || toleranceDeg <= 0) return ll;
    if (this.keep.length < n) {
      const size = grownSize(this.keep.length, n);
      this.keep = resizedColumn(this.keep, size, 0);
      this.stack = resizedColumn(this.stack, 2 * size, 0);
      this.out = resizedColumn(this.out, 2 * size, 0);
    }
    const keep = this.keep, stack = this.stack;
    keep.fill(0, 0, n);
    const cos = Math.cos((ll[0] * Math.PI) / 180);
    keep[0] = keep[n - 1] = 1;
    const tol2 = toleranceDeg * toleranceDeg;
    stack[0] = 0;
    stack[1] = n - 1;
    let top = 2;
    while (top > 0) {
      const last = stack[--top];
      const first = stack[--top];
      let worst = 0, worstIdx = -1;
      const ax = ll[2 * first + 1] * cos, ay = ll[2 * first];
      const dx = ll[2 * last + 1] * cos - ax, dy = ll[2 * last] - ay;
      const len2 = dx * dx + dy * dy;
      for (let i = first + 1; i < last; i++) {
        const px = ll[2 * i + 1] * cos - ax, py = ll[2 * i] - ay;
        let t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = px - t * dx, ey = py - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 > worst) {
          worst = d2;
          worstIdx = i;
        }
      }
      if (worstIdx >= 0 && worst > tol2) {
        keep[worstIdx] = 1;
        stack[top++] = first;
        stack[top++] = worstIdx;
        stack[top++] = worstIdx;
        stack[top++] = last;
      }
    }
    const out = this.out;
    let j = 0;
    for (let i = 0; i < n; i++) {
      if (!keep[i]) continue;
      out[j++] = ll[2 * i];
      out[j++] = ll[2 * i + 1];
    }
    return out.subarray(0, j);
  }
}
