// FEATURE UNDER TEST: `RangeSearch.nextDeparture` (the one extension past an empty window) equals brute force on seeded random timetables, both directions, with and without target bounds: the earliest departure (arrive-by: the latest arrival, both as search order) of the Pareto front (later start, earlier end, fewer trips) of every journey after tau0 over the query's service days, found by range RAPTOR over a window to the end of those days.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { RaptorSearch } from '../../packages/engine/src/planner/raptor-search.js';
import { RangeSearch, type Candidate, type RangeQuery } from '../../packages/engine/src/planner/range-search.js';
import { TargetBounds } from '../../packages/engine/src/planner/target-bounds.js';
import type { StopAccess } from '../../packages/engine/src/planner/planner-api.js';

/** Past every service day the search uses, seconds. */
const SPAN_S = 60 * 3600;

describe('nextDeparture vs the Pareto front of a range search to the end of the days', () => {
  for (const seed of [1, 3, 5, 7, 9, 12]) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const p = engine.planner;
      const tt = p.tt;
      const S = tt.stopPatternOffsets.length - 1;
      const rand = mulberry32(seed * 13 + 3);
      const stops = (n: number): StopAccess[] => Array.from({ length: n }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
      const search = (bounds: boolean) => new RangeSearch(tt, new RaptorSearch(tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, bounds ? new TargetBounds(tt, p.transfers) : null);
      const brute = search(false);
      const fast = [search(false), search(true)];
      const walk = (list: readonly StopAccess[], stop: number) => Math.min(...list.filter((a) => a.stop === stop).map((a) => a.seconds));
      const stopAt = (trip: number, pos: number) => tt.patternStops[tt.patternStopOffsets[tt.tripPattern[trip]] + pos];
      const score = (q: RangeQuery, c: Candidate) => {
        const first = c.rides[0];
        const last = c.rides[c.rides.length - 1];
        const start = tt.departureAt(first.trip, first.boardPos) + p.days.shift[first.day] - walk(q.access, stopAt(first.trip, first.boardPos));
        const end = tt.arrivalAt(last.trip, last.alightPos) + p.days.shift[last.day] + walk(q.egress, stopAt(last.trip, last.alightPos));
        return { start, end, trips: c.rides.length };
      };
      let found = 0;
      const failures: string[] = [];
      for (let i = 0; i < 30; i++) {
        p.days.set(engine.calendar.firstDay + Math.floor(rand() * 5));
        const reverse = i % 2 === 1;
        const tau0 = reverse ? -Math.floor(rand() * 30 * 3600) : Math.floor(rand() * 30 * 3600) - 6 * 3600;
        const q: RangeQuery = { reverse, access: stops(1 + (i % 3)), egress: stops(1 + ((i >> 1) % 3)), from: 0, to: 0, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity };
        // Every journey after tau0 (search order): forward, leaving in [tau0, tau0 + SPAN_S); reverse, arriving in (-tau0 - SPAN_S, -tau0].
        const window = reverse ? { from: -tau0 - SPAN_S, to: -tau0 } : { from: tau0, to: tau0 + SPAN_S };
        const all = brute.search({ ...q, ...window }).map((c) => score(q, c)).filter((s) => (reverse ? -s.end >= tau0 : s.start >= tau0));
        const front = all.filter((c) => !all.some((o) => o.start >= c.start && o.end <= c.end && o.trips <= c.trips && (o.start > c.start || o.end < c.end || o.trips < c.trips)));
        const expected = front.length ? Math.min(...front.map((s) => (reverse ? -s.end : s.start))) : null;
        if (expected !== null) found++;
        fast.forEach((rs, b) => {
          const got = rs.nextDeparture(q, tau0);
          if (got !== expected) failures.push(`query ${i} (${reverse ? 'reverse' : 'forward'}, ${b ? 'bounds' : 'no bounds'}, tau0 ${tau0}): ${got} != ${expected}`);
        });
      }
      expect(failures.join('\n')).toBe('');
      expect(found).toBeGreaterThan(5); // not vacuous
    });
  }
});
