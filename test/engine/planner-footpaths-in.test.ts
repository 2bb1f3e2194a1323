// FEATURE UNDER TEST: the target bounds' footpaths into a stop: read from the snapshot's own footpath lists when every footpath has its way back in the same seconds (as the builder says in transfers.symmetric, else walksSymmetric, exact on hand-drawn lists), else from a reversed copy; both give the same bounds, on seeded random timetables (whose straight-line footpaths are symmetric) and on the same footpaths made asymmetric.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { TargetBounds, walksSymmetric } from '../../packages/engine/src/planner/target-bounds.js';
import type { Transfers } from '../../packages/engine/src/planner/transfers.js';

/** Footpath lists from rows of [to, seconds] per stop. */
function walks(rows: [number, number][][]) {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((r, s) => (offsets[s + 1] = offsets[s] + r.length));
  return { offsets, stops: Uint32Array.from(rows.flat().map((e) => e[0])), seconds: Uint32Array.from(rows.flat().map((e) => e[1])) };
}

describe('walksSymmetric', () => {
  it('is true when every footpath has its way back in the same seconds, also among equal seconds', () => {
    expect(walksSymmetric(3, walks([[[1, 60], [2, 60]], [[0, 60]], [[0, 60]]]))).toBe(true);
    expect(walksSymmetric(3, walks([[[2, 60], [1, 60]], [[2, 30], [0, 60]], [[1, 30], [0, 60]]]))).toBe(true);
    expect(walksSymmetric(2, walks([[], []]))).toBe(true);
  });
  it('is false for a footpath without its way back, or back in other seconds, or a row not sorted by seconds', () => {
    expect(walksSymmetric(3, walks([[[1, 60], [2, 60]], [[0, 60]], []]))).toBe(false);
    expect(walksSymmetric(2, walks([[[1, 60]], [[0, 61]]]))).toBe(false);
    expect(walksSymmetric(3, walks([[[1, 60]], [[0, 60], [2, 90]], [[0, 90]]]))).toBe(false);
    expect(walksSymmetric(3, walks([[[2, 90], [1, 60]], [[0, 60]], [[0, 90]]]))).toBe(false);
  });
});

describe('target bounds over the footpaths as listed equal those over a reversed copy', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const p = Engine.open(bytes.buffer).planner;
      const S = p.tt.stopPatternOffsets.length - 1;
      const t = p.transfers;
      expect(t.stops.length, 'footpaths').toBeGreaterThan(0);
      expect(walksSymmetric(S, t), 'straight-line footpaths are symmetric').toBe(true);
      expect(t.symmetric, 'as the builder says in transfers.symmetric').toBe(true);
      // The same footpaths with each row's order reversed (no longer sorted by seconds): TargetBounds then reverses them itself.
      const unsorted = { offsets: t.offsets, stops: t.stops.slice(), seconds: t.seconds.slice(), metres: t.metres.slice() };
      for (let s = 0; s < S; s++) for (const col of [unsorted.stops, unsorted.seconds, unsorted.metres]) col.subarray(t.offsets[s], t.offsets[s + 1]).reverse();
      expect(walksSymmetric(S, unsorted)).toBe(false);
      // And made asymmetric: every footpath out of the first stop that has some takes 100 s more (its ways back do not).
      const first = Array.from({ length: S }, (_, s) => s).find((s) => t.offsets[s + 1] > t.offsets[s])!;
      const lopsided = { offsets: t.offsets, stops: t.stops, seconds: t.seconds.slice(), metres: t.metres };
      for (let i = t.offsets[first]; i < t.offsets[first + 1]; i++) lopsided.seconds[i] += 100;
      expect(walksSymmetric(S, lopsided)).toBe(false);
      const listed = new TargetBounds(p.tt, t);
      const copied = new TargetBounds(p.tt, unsorted as unknown as Transfers);
      // The same lists said to be asymmetric: TargetBounds takes the snapshot's word and reverses them.
      const told = new TargetBounds(p.tt, { offsets: t.offsets, stops: t.stops, seconds: t.seconds, metres: t.metres, symmetric: false } as unknown as Transfers);
      const rand = mulberry32(seed * 101 + 9);
      for (let i = 0; i < 20; i++) {
        const target = Array.from({ length: 1 + (i % 3) }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
        const reverse = i % 2 === 1;
        const want = Array.from(copied.compute(target, reverse));
        expect(Array.from(listed.compute(target, reverse)), `target ${i}`).toEqual(want);
        expect(Array.from(told.compute(target, reverse)), `target ${i}, told asymmetric`).toEqual(want);
      }
      // Asymmetric footpaths: into `first` they still take the listed seconds, out of it 100 s more; the bounds towards it see the ways in.
      const bounds = new TargetBounds(p.tt, lopsided as unknown as Transfers).compute([{ stop: first, seconds: 0, metres: 0 }], false);
      for (let i = t.offsets[first]; i < t.offsets[first + 1]; i++) expect(bounds[t.stops[i]], `walk from stop ${t.stops[i]}`).toBeLessThanOrEqual(t.seconds[i]);
    });
  }
});
