import type { RelaxedGraph } from './target-bounds.js';

/**
 * Dijkstra with a bucket queue (Dial's algorithm) over one direction of the relaxed graph, from
 * one stop, to a cap: the weights are whole seconds and only distances below `cap` are wanted
 * (the landmark tables hold u16), so a bucket per second replaces the binary heap: O(1) to queue,
 * to move a stop to a nearer bucket (doubly linked lists), and to take the next one. Exact: every
 * stop nearer than the cap gets its shortest distance, the one `TargetBounds.compute` finds.
 */
export class BucketDijkstra {
  /** Stop -> seconds from the source of the last `run`; `cap` where it is that far or more, or unreached. */
  readonly dist: Int32Array;
  /** The stops the last `run` settled (every one nearer than the cap), in settling order: the first `settledCount`. */
  readonly settled: Int32Array;
  settledCount = 0;
  /** Bucket (seconds) -> first stop queued there, -1 when empty; next / prev link the stops of a bucket. */
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;

  constructor(stopCount: number, readonly cap: number) {
    this.dist = new Int32Array(stopCount);
    this.settled = new Int32Array(stopCount);
    this.head = new Int32Array(cap).fill(-1);
    this.next = new Int32Array(stopCount);
    this.prev = new Int32Array(stopCount);
  }

  /** Distances from `source` along `g` (footpaths out too when `g.walkOut`), into `dist` and `settled`. */
  run(g: RelaxedGraph, source: number): void {
    const { dist, settled, head, next, prev, cap } = this;
    const { rideOffsets, rideStops, rideSeconds, walkOffsets, walkStops, walkSeconds, walkOut } = g;
    dist.fill(cap);
    let queued = 0, settledCount = 0;
    /** Queues `v` at `t` seconds when that beats its distance (t < cap): out of its old bucket, into bucket t. */
    const relax = (v: number, t: number): void => {
      const old = dist[v];
      if (t >= old) return;
      if (old < cap) {
        const p = prev[v], n = next[v];
        if (p >= 0) next[p] = n;
        else head[old] = n;
        if (n >= 0) prev[n] = p;
      } else queued++;
      dist[v] = t;
      const h = head[t];
      next[v] = h;
      prev[v] = -1;
      if (h >= 0) prev[h] = v;
      head[t] = v;
    };
    relax(source, 0);
    for (let b = 0; b < cap && queued > 0; b++) {
      // Taken from the front; a 0-second edge queues into this same bucket, which the loop then takes too.
      for (let s = head[b]; s >= 0; s = head[b]) {
        const n = next[s];
        head[b] = n;
        if (n >= 0) prev[n] = -1;
        queued--;
        settled[settledCount++] = s;
        for (let i = rideOffsets[s], end = rideOffsets[s + 1]; i < end; i++) {
          const t = b + rideSeconds[i];
          if (t < cap) relax(rideStops[i], t);
        }
        for (let i = walkOffsets[s], end = walkOffsets[s + 1]; i < end; i++) {
          const t = b + walkSeconds[i];
          if (t < cap) relax(walkStops[i], t);
        }
        if (walkOut) {
          for (let i = walkOut.offsets[s], end = walkOut.offsets[s + 1]; i < end; i++) {
            const t = b + walkOut.seconds[i];
            if (t < cap) relax(walkOut.stops[i], t);
          }
        }
      }
    }
    this.settledCount = settledCount;
  }
}
