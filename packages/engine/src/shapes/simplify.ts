/**
 * Douglas-Peucker simplification of a polyline (interleaved lat, lon degrees): drops points
 * closer than `toleranceDeg` (degrees of latitude; longitude scaled by cos(latitude)) to the line
 * through the points kept around them. The first and last points are always kept. Iterative
 * (an explicit stack), so long shapes cannot overflow the call stack.
 */
export function simplifyLine(ll: Float64Array, toleranceDeg: number): Float64Array {
  const n = ll.length >> 1;
  if (n <= 2 || toleranceDeg <= 0) return ll;
  const cos = Math.cos((ll[0] * Math.PI) / 180);
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const tol2 = toleranceDeg * toleranceDeg;
  const stack = [0, n - 1];
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
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
      stack.push(first, worstIdx, worstIdx, last);
    }
  }
  let kept = 0;
  for (let i = 0; i < n; i++) kept += keep[i];
  const out = new Float64Array(2 * kept);
  for (let i = 0, j = 0; i < n; i++) {
    if (!keep[i]) continue;
    out[j++] = ll[2 * i];
    out[j++] = ll[2 * i + 1];
  }
  return out;
}
