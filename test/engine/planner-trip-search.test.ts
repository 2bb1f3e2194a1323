// FEATURE UNDER TEST: the per-day trip searches RAPTOR, the latest-departure pruning and the window estimate share (`earliestTrip` / `latestTrip`) agree with a linear scan of every trip on every service day, at every stop column of seeded random timetables: with no cut and with the ridden trip's cut anywhere (its first and last trip included), on day masks with days no trip of the pattern runs, on one-trip patterns; and the cut changes nothing when the bound is the ridden trip's own time (FIFO), which lets every caller cut.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { DAY_SPAN } from '../../packages/engine/src/planner/query-days.js';
import { UNREACHED } from '../../packages/engine/src/planner/planner-api.js';
import { earliestTrip, latestTrip, NO_CUT, NO_TRIP, foundDay, foundRank } from '../../packages/engine/src/planner/trip-search.js';

describe('trip search: earliestTrip / latestTrip against a linear scan', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const { tt, days } = engine.planner;
      const rand = mulberry32(seed);
      const reached = { oneTrip: 0, cutFirst: 0, cutLast: 0, idleDay: 0, found: 0, none: 0 };
      const wrong: string[] = [];
      const check = (got: number, want: number, what: () => string) => {
        if (got !== want && wrong.length < 10) wrong.push(`${what()}: ${got} (rank ${foundRank(got)} day ${foundDay(got)}), want ${want} (rank ${foundRank(want)} day ${foundDay(want)})`);
      };
      for (const d0 of [1, 3]) {
        days.set(engine.calendar.firstDay + d0);
        const { shift, slotDays, patternDays } = days;
        for (let p = 0; p < tt.patternCount; p++) {
          const tripFirst = tt.patternTripOffsets[p];
          const tc = tt.patternTripOffsets[p + 1] - tripFirst;
          if (tc === 1) reached.oneTrip++;
          const stopFirst = tt.patternStopOffsets[p];
          for (let i = stopFirst; i < tt.patternStopOffsets[p + 1]; i++) {
            for (const col of [tt.timeRows[i], tt.timeRows[i + 1] - tc]) {
              // Time of trip rank r on service day d at this column (query-day Seconds).
              const at = (r: number, d: number) => tt.tripBase[tripFirst + r] + tt.times[col + r] + shift[d];
              const runs = (r: number, d: number) => ((slotDays[tripFirst + r] >> d) & 1) === 1;
              const earliestScan = (mask: number, need: number, before: number, cutRank: number, cutDay: number): number => {
                let best = before, found = NO_TRIP;
                for (let d = 0; d < DAY_SPAN; d++) {
                  if (((mask >> d) & 1) === 0) continue;
                  for (let r = 0; r < (d === cutDay ? cutRank : tc); r++) if (runs(r, d) && at(r, d) >= need && at(r, d) < best) [best, found] = [at(r, d), (r << 2) | d];
                }
                return found;
              };
              const latestScan = (mask: number, latest: number, after: number, cutRank: number, cutDay: number): number => {
                let best = after, found = NO_TRIP;
                for (let d = 0; d < DAY_SPAN; d++) {
                  if (((mask >> d) & 1) === 0) continue;
                  for (let r = tc - 1; r > (d === cutDay ? cutRank : -1); r--) if (runs(r, d) && at(r, d) <= latest && at(r, d) > best) [best, found] = [at(r, d), (r << 2) | d];
                }
                return found;
              };
              // Bounds around the trips' times (equal, a second either side) on every day, and a few at random.
              const edges: number[] = [];
              for (let r = 0; r < tc; r++) for (let d = 0; d < DAY_SPAN; d++) edges.push(at(r, d) - 1, at(r, d), at(r, d) + 1);
              const keys = Array.from({ length: 6 }, (_, j) => (j < 5 ? edges[Math.floor(rand() * edges.length)] : Math.floor(rand() * 3 * 86_400) - 86_400));
              // The ridden trip: none, the first, the last and one at random, each on a day at random.
              const day = () => Math.floor(rand() * DAY_SPAN);
              const cuts: [number, number][] = [[NO_CUT, NO_CUT], [0, day()], [tc - 1, day()], [Math.floor(rand() * tc), day()]];
              for (const mask of [patternDays[p], (1 << DAY_SPAN) - 1, 1 << Math.floor(rand() * DAY_SPAN)]) {
                if ((mask & ~patternDays[p]) !== 0) reached.idleDay++;
                for (const [cutRank, cutDay] of cuts) {
                  if (cutDay !== NO_CUT && cutRank === 0) reached.cutFirst++;
                  if (cutDay !== NO_CUT && cutRank === tc - 1) reached.cutLast++;
                  for (const key of keys) {
                    const other = keys[Math.floor(rand() * keys.length)];
                    for (const before of [UNREACHED, other]) {
                      const want = earliestScan(mask, key, before, cutRank, cutDay);
                      check(earliestTrip(tt, days, mask, col, tripFirst, tc, key, before, cutRank, cutDay), want, () => `earliest p${p} col ${col} mask ${mask} need ${key} before ${before} cut ${cutRank}/${cutDay}`);
                      if (want === NO_TRIP) reached.none++;
                      else reached.found++;
                    }
                    for (const after of [-UNREACHED, other]) {
                      check(latestTrip(tt, days, mask, col, tripFirst, tc, key, after, cutRank, cutDay), latestScan(mask, key, after, cutRank, cutDay), () => `latest p${p} col ${col} mask ${mask} latest ${key} after ${after} cut ${cutRank}/${cutDay}`);
                    }
                    if (cutDay === NO_CUT) continue;
                    // Bounded by the ridden trip's own time, the cut trips could not qualify anyway: the answer is the uncut one.
                    const ridden = at(cutRank, cutDay);
                    check(earliestTrip(tt, days, mask, col, tripFirst, tc, key, ridden, cutRank, cutDay), earliestScan(mask, key, ridden, NO_CUT, NO_CUT), () => `earliest before the ridden p${p} col ${col} need ${key} cut ${cutRank}/${cutDay}`);
                    check(latestTrip(tt, days, mask, col, tripFirst, tc, key, ridden, cutRank, cutDay), latestScan(mask, key, ridden, NO_CUT, NO_CUT), () => `latest after the ridden p${p} col ${col} latest ${key} cut ${cutRank}/${cutDay}`);
                  }
                }
              }
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      for (const [what, n] of Object.entries(reached)) expect(n, what).toBeGreaterThan(0);
      // The packing round-trips.
      expect([foundRank((57 << 2) | 2), foundDay((57 << 2) | 2)]).toEqual([57, 2]);
    });
  }
});
