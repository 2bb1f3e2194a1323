// FEATURE UNDER TEST: the range search's cache of target bounds kept within a budget of stops: with a budget of a few stops (entries dropped least recently used first, the newest kept whatever its size) the searches find exactly the journeys of a search with the usual budget and of one without bounds, targets asked again included, on seeded random timetables.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { RaptorSearch } from '../../packages/engine/src/planner/raptor-search.js';
import { RangeSearch, BOUNDS_FLOOR_S } from '../../packages/engine/src/planner/range-search.js';
import { TargetBounds } from '../../packages/engine/src/planner/target-bounds.js';
import type { StopAccess } from '../../packages/engine/src/planner/planner-api.js';

describe('bounds cache within a budget of stops', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const p = engine.planner;
      const S = p.tt.stopPatternOffsets.length - 1;
      const search = (bounds: TargetBounds | null, budget?: number) => new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, bounds, BOUNDS_FLOOR_S, budget);
      const small = search(new TargetBounds(p.tt, p.transfers), 8);
      const usual = search(new TargetBounds(p.tt, p.transfers));
      const plain = search(null);
      const rand = mulberry32(seed * 41 + 1);
      const stops = (n: number): StopAccess[] => Array.from({ length: n }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
      // Four targets asked in turn, three times over: the small budget keeps at most one of them.
      const targets = Array.from({ length: 4 }, (_, i) => stops(1 + (i % 2)));
      p.days.set(engine.calendar.firstDay + 1);
      let found = 0;
      for (let i = 0; i < 12; i++) {
        const from = 6 * 3600 + Math.floor(rand() * 12 * 3600);
        const q = { reverse: i % 3 === 2, access: stops(1 + (i % 2)), egress: targets[i % 4], from, to: from + 3 * 3600, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity, horizonS: i % 2 ? 1800 : undefined };
        if (q.reverse) [q.access, q.egress] = [q.egress, q.access];
        const want = JSON.stringify(plain.search(q));
        expect(JSON.stringify(small.estimate(q, q.from)), `estimate ${i}`).toBe(JSON.stringify(usual.estimate(q, q.from)));
        expect(JSON.stringify(small.search(q)), `query ${i}`).toBe(want);
        expect(JSON.stringify(usual.search(q)), `query ${i}`).toBe(want);
        found += JSON.parse(want).length;
        // Every entry lists more than 8 stops: only the newest is kept.
        expect((small as unknown as { boundsCache: Map<string, unknown> }).boundsCache.size, `entries kept after query ${i}`).toBe(1);
      }
      expect(found).toBeGreaterThan(0);
    });
  }
});
