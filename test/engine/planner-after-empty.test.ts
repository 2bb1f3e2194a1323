// FEATURE UNDER TEST: `RangeQuery.afterEmpty` prunes from the window's first run only when the empty window before it proved dear: an empty window without runs (no departures at all) proves nothing, so the window after it computes latest-departure pruning (TargetReach) exactly as often as a window searched without the flag, on seeded random timetables.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { RaptorSearch } from '../../packages/engine/src/planner/raptor-search.js';
import { RangeSearch, type RangeQuery } from '../../packages/engine/src/planner/range-search.js';
import { TargetBounds } from '../../packages/engine/src/planner/target-bounds.js';
import { TargetReach } from '../../packages/engine/src/planner/target-reach.js';
import type { StopAccess } from '../../packages/engine/src/planner/planner-api.js';

afterEach(() => vi.restoreAllMocks());

describe('afterEmpty after a window without runs', () => {
  it('computes the latest-departure pruning as often as without the flag', async () => {
    let searchedBack = 0;
    for (const seed of [2, 4, 8, 11]) {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const p = engine.planner;
      const S = p.tt.stopPatternOffsets.length - 1;
      const rand = mulberry32(seed * 7 + 1);
      const stops = (n: number): StopAccess[] => Array.from({ length: n }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
      // The default trigger (REACH_TRIGGER), as the planner runs it.
      const fresh = () => new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers));
      for (let i = 0; i < 20; i++) {
        p.days.set(engine.calendar.firstDay + Math.floor(rand() * 5));
        const from = Math.floor(rand() * 12 * 3600);
        const q: RangeQuery = { reverse: i % 2 === 1, access: stops(1 + (i % 3)), egress: stops(1 + ((i >> 1) % 3)), from, to: from + 4 * 3600, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity };
        const counts = [false, true].map((afterEmpty) => {
          const rs = fresh();
          rs.search({ ...q, from: q.to, to: q.to }); // an empty window: no departures, so no runs
          const spy = vi.spyOn(TargetReach.prototype, 'compute');
          const got = JSON.stringify(rs.search({ ...q, afterEmpty }));
          const calls = spy.mock.calls.length;
          spy.mockRestore();
          return { got, calls };
        });
        expect(counts[1].got, `seed ${seed}, query ${i}`).toBe(counts[0].got);
        expect(counts[1].calls, `seed ${seed}, query ${i}: searches back`).toBe(counts[0].calls);
        searchedBack += counts[0].calls;
      }
    }
    // Not vacuous: some windows do search back.
    expect(searchedBack).toBeGreaterThan(0);
  });
});
