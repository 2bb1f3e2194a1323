// FEATURE UNDER TEST: stops.patternPos (compile/write-timetable.ts stopPatternIndex): u16 while every pattern has at most 65,536 stops, u32 from 65,537, the positions exact either side of the bound.
import { describe, it, expect } from 'vitest';
import { stopPatternIndex } from '../../packages/builder/src/compile/write-timetable.js';

/** One pattern over stops 0..n-1 in order, then a two-stop pattern visiting stop 0 again. */
function patterns(n: number) {
  const patternStops = new Uint32Array(n + 2);
  for (let i = 0; i < n; i++) patternStops[i] = i;
  patternStops[n] = n - 1;
  patternStops[n + 1] = 0;
  return { patternStops, patternStopOffsets: Uint32Array.of(0, n, n + 2), patternRoute: Uint32Array.of(0, 0) };
}

describe('stopPatternIndex', () => {
  it.each([
    [65_536, Uint16Array],
    [65_537, Uint32Array],
  ])('stores the positions of a pattern of %i stops as %o', (n, kind) => {
    const index = stopPatternIndex(patterns(n), n);
    expect(index.pos).toBeInstanceOf(kind);
    const last = n - 1; // the long pattern's last stop: visited at its last position, then first by the short one
    expect([...index.patterns.subarray(index.offsets[last], index.offsets[last + 1])]).toEqual([0, 1]);
    expect([...index.pos.subarray(index.offsets[last], index.offsets[last + 1])]).toEqual([n - 1, 0]);
    expect([...index.pos.subarray(index.offsets[0], index.offsets[1])]).toEqual([0, 1]);
  });
});
