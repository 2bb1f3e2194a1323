// FEATURE UNDER TEST: stop boards on the demo snapshot equal a naive scan of every trip's stop times (the benchmark's oracle), across days, midnight and both board types.
import { describe, expect, it } from 'vitest';
import { parseDay, ukLocalToEpoch } from '@transit/engine';
import { demoEngine } from '../support/snapshots.js';
import { boardDay, boardQueries, checkBoards, naiveBoard } from '../../bench/suites/boards.js';

describe('demo boards against brute force', () => {
  it('the benchmark query list (busiest day, 05:00-25:00) matches the naive scan', () => {
    const e = demoEngine();
    expect(() => checkBoards(e, boardQueries(e, 300, boardDay(e)))).not.toThrow();
  });

  it.each(['2026-03-01', '2026-03-07', '2026-12-25', '2026-10-25', '2026-03-29'])('windows from 22:00 to 02:00 on %s (Sunday, Saturday, holiday, clock changes) match the naive scan', (date) => {
    const e = demoEngine();
    const served = Array.from({ length: e.stopTable.count }, (_, s) => s).filter((s) => e.timetable.stopPatternOffsets[s + 1] > e.timetable.stopPatternOffsets[s]);
    const queries = served.flatMap((stopIdx, k) =>
      k % 5 === 0 ? (['departures', 'arrivals'] as const).map((type) => ({ stopIdx, q: { from: ukLocalToEpoch(parseDay(date), 22 * 3600), to: ukLocalToEpoch(parseDay(date), 26 * 3600), limit: 50, type } })) : [],
    );
    expect(() => checkBoards(e, queries)).not.toThrow();
    // The demo runs nothing on Christmas Day (nor that night), something on every other date here.
    expect(queries.some(({ stopIdx, q }) => naiveBoard(e, stopIdx, q).length > 0)).toBe(date !== '2026-12-25');
  });
});
