/**
 * Cuts a polyline (interleaved lat, lon degrees) to a box: the runs of it inside, each cut where
 * it crosses the box's edge (Liang-Barsky per segment), so every point returned lies in the box.
 * Runs of fewer than two points (a line touching a corner) are dropped.
 */
export function clipToBox(ll: ArrayLike<number>, minLat: number, minLon: number, maxLat: number, maxLon: number): Float64Array[] {
  const runs: Float64Array[] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length >= 4) runs.push(Float64Array.from(run));
    run = [];
  };
  // The part t0..t1 of the current segment inside, narrowed one edge (p·t <= q) at a time.
  let t0 = 0, t1 = 1;
  const edge = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
    return true;
  };
  const n = ll.length >> 1;
  for (let i = 0; i + 1 < n; i++) {
    const aLat = ll[2 * i], aLon = ll[2 * i + 1];
    const dLat = ll[2 * i + 2] - aLat, dLon = ll[2 * i + 3] - aLon;
    t0 = 0;
    t1 = 1;
    if (!(edge(-dLon, aLon - minLon) && edge(dLon, maxLon - aLon) && edge(-dLat, aLat - minLat) && edge(dLat, maxLat - aLat))) {
      close();
      continue;
    }
    if (run.length === 0 || t0 > 0) {
      close();
      run.push(aLat + t0 * dLat, aLon + t0 * dLon);
    }
    run.push(aLat + t1 * dLat, aLon + t1 * dLon);
    if (t1 < 1) close();
  }
  close();
  return runs;
}
