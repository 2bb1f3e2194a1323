// FEATURE UNDER TEST: `QueryDays` (the service days a search uses) holds one byte a trip, bit d set when the trip runs on service day d (0 = the day before the query day), as the calendar says, and a pattern's bit d when some trip of it does; a day computed again after others answers alike.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { DAY_SPAN } from '../../packages/engine/src/planner/query-days.js';

describe('query days: one byte a trip', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const { tt, days } = engine.planner;
      const cal = engine.calendar;
      const seen = new Map<number, Uint8Array>();
      for (const d0 of [1, 2, 3, 1, 5, 2]) {
        const day = cal.firstDay + d0;
        days.set(day);
        expect(days.slotDays.length).toBe(tt.tripCount);
        const patterns = new Uint8Array(tt.patternCount);
        for (let t = 0; t < tt.tripCount; t++) {
          let want = 0;
          for (let d = 0; d < DAY_SPAN; d++) if (cal.runs(tt.tripService[t], day + d - 1)) want |= 1 << d;
          expect(days.slotDays[t], `trip ${t} day ${d0}`).toBe(want);
          patterns[tt.tripPattern[t]] |= want;
        }
        expect([...days.patternDays]).toEqual([...patterns]);
        // A day set again is the cache's state for it, not computed again.
        if (seen.has(d0)) expect(days.slotDays).toBe(seen.get(d0));
        seen.set(d0, days.slotDays);
      }
    });
  }
});
