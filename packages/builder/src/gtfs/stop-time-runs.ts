import { readSync } from 'node:fs';

/** A run record in the temp file: trip, seq, stop, arr, dep, flags as u32 words (arr and dep bit-cast). */
export const RECORD_WORDS = 6;
const RECORD_BYTES = RECORD_WORDS * 4;
/** Records read from a run at a time in the merge (192 KiB per run). */
const BLOCK_ROWS = 8192;

/** One sorted run: records [start, end) of the temp file. */
export interface RunSpan {
  start: number;
  end: number;
}

/** One trip's calls, [0, n) of each column; reused for the next trip. */
export interface CallBuffer {
  stop: Uint32Array;
  flags: Uint8Array;
  arr: Int32Array;
  dep: Int32Array;
}

/** Receives every trip of [0, tripCount) in order with its n calls in (stop_sequence, file) order (n may be 0); `calls` is valid only until it returns. */
export type TripCallSink = (trip: number, calls: CallBuffer, n: number) => void;

/** A call buffer with room for `n` calls. */
export function callBuffer(n: number): CallBuffer {
  return { stop: new Uint32Array(n), flags: new Uint8Array(n), arr: new Int32Array(n), dep: new Int32Array(n) };
}

/**
 * The rows [0, n) ordered by (trip, seq, row): stretches of one trip are ordered by trip (a
 * stable sort of stretches, skipped when they already ascend), then each trip's rows by seq with
 * an insertion sort (rows nearly always come in order).
 */
export function sortedRows(trip: Uint32Array, seq: Uint32Array, n: number): Uint32Array {
  const stretchStart: number[] = [];
  let ascending = true;
  for (let i = 0; i < n; i++) {
    if (i > 0 && trip[i] === trip[i - 1]) continue;
    if (i > 0 && trip[i] < trip[i - 1]) ascending = false;
    stretchStart.push(i);
  }
  const stretchCount = stretchStart.length;
  stretchStart.push(n);
  const stretches = new Uint32Array(stretchCount);
  for (let s = 0; s < stretchCount; s++) stretches[s] = s;
  if (!ascending) stretches.sort((a, b) => trip[stretchStart[a]] - trip[stretchStart[b]] || a - b);
  const order = new Uint32Array(n);
  let k = 0;
  for (let s = 0; s < stretchCount; s++) {
    for (let row = stretchStart[stretches[s]]; row < stretchStart[stretches[s] + 1]; row++) order[k++] = row;
  }
  let first = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && trip[order[i]] === trip[order[first]]) continue;
    insertionSortBySeq(order, seq, first, i);
    first = i;
  }
  return order;
}

/** Stable insertion sort of order[first, end) by seq. */
function insertionSortBySeq(order: Uint32Array, seq: Uint32Array, first: number, end: number): void {
  for (let i = first + 1; i < end; i++) {
    const row = order[i];
    const rowSeq = seq[row];
    let j = i - 1;
    while (j >= first && seq[order[j]] > rowSeq) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = row;
  }
}

/**
 * Merges the sorted runs of the temp file `fd` in (trip, seq, run) order (a run written earlier
 * holds earlier rows of the file, so ties keep file order) and hands each trip of [0, tripCount)
 * to `visit`, `tripRows[t]` calls at a time, stops mapped through `denseStop`. Reads each run a
 * block at a time: memory is BLOCK_ROWS records per run and one trip's calls.
 */
export function mergeRuns(fd: number, runs: readonly RunSpan[], tripRows: Uint32Array, tripCount: number, denseStop: Int32Array, visit: TripCallSink): void {
  const k = runs.length;
  const blocks = runs.map(() => new Uint32Array(BLOCK_ROWS * RECORD_WORDS));
  const pos = new Int32Array(k); // next record's word offset in its block
  const filled = new Int32Array(k); // words read into the block
  const readAt = Float64Array.from(runs, (r) => r.start); // next record of the run in the file
  /** Reads the run's next block; false when the run is done. */
  const load = (r: number): boolean => {
    const rows = Math.min(BLOCK_ROWS, runs[r].end - readAt[r]);
    const bytes = new Uint8Array(blocks[r].buffer, 0, rows * RECORD_BYTES);
    for (let done = 0; done < bytes.length; ) {
      const got = readSync(fd, bytes, done, bytes.length - done, readAt[r] * RECORD_BYTES + done);
      if (got === 0) throw new Error('stop times temp file ended early');
      done += got;
    }
    readAt[r] += rows;
    pos[r] = 0;
    filled[r] = rows * RECORD_WORDS;
    return rows > 0;
  };
  /** True when run a's next record comes before run b's. */
  const before = (a: number, b: number): boolean => {
    const ta = blocks[a][pos[a]];
    const tb = blocks[b][pos[b]];
    if (ta !== tb) return ta < tb;
    const sa = blocks[a][pos[a] + 1];
    const sb = blocks[b][pos[b] + 1];
    return sa !== sb ? sa < sb : a < b;
  };
  const heap = new Int32Array(k);
  let size = 0;
  const siftDown = (at: number): void => {
    const r = heap[at];
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && before(heap[child + 1], heap[child])) child++;
      if (!before(heap[child], r)) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = r;
  };
  for (let r = 0; r < k; r++) if (load(r)) heap[size++] = r;
  for (let at = (size >> 1) - 1; at >= 0; at--) siftDown(at);

  const out = callBuffer(maxOf(tripRows));
  for (let t = 0; t < tripCount; t++) {
    const n = t < tripRows.length ? tripRows[t] : 0;
    for (let i = 0; i < n; i++) {
      if (size === 0) throw new Error('stop times temp file ended early');
      const r = heap[0];
      const block = blocks[r];
      const w = pos[r];
      out.stop[i] = denseStop[block[w + 2]];
      out.arr[i] = block[w + 3] | 0;
      out.dep[i] = block[w + 4] | 0;
      out.flags[i] = block[w + 5];
      pos[r] = w + RECORD_WORDS;
      if (pos[r] === filled[r] && !load(r)) heap[0] = heap[--size];
      if (size > 0) siftDown(0);
    }
    visit(t, out, n);
  }
}

/** The largest value of `a` (0 when empty). */
export function maxOf(a: Uint32Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) if (a[i] > max) max = a[i];
  return max;
}
