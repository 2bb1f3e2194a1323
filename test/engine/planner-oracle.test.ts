// FEATURE UNDER TEST: RAPTOR earliest arrival (engine.planner.earliestArrival) equals the connection-scan oracle at every stop, on seeded random timetables (footpaths, overtaking trips, midnight, pickup/drop-off rules, calendars, clock changes), also with labels that start at 2 slots and so grow in the middle of each search.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { CsaOracle, addDays } from '../support/csa-oracle.js';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { compareQuery, describeQuery, type OracleQuery } from '../support/planner-compare.js';
import { MAX_ROUNDS, labelSizing } from '../../packages/engine/src/planner/raptor-labels.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const QUERIES_PER_SEED = 20;
/** Slots the second engine's labels start with: its searches grow them (at 2, 4, 8, ... stops reached) as the first engine's never do under 1,024. */
const SMALL_SLOTS = 2;

/** An engine whose planner's labels start at `minSlots` slots (labelSizing is read when the planner is built). */
function withLabelSlots(engine: Engine, minSlots: number): Engine {
  const before = labelSizing.minSlots;
  labelSizing.minSlots = minSlots;
  try {
    void engine.planner;
  } finally {
    labelSizing.minSlots = before;
  }
  return engine;
}

/** Seeded queries: an origin with calls, one of the feed's days or the day after, departures over 0-27 h (half on the minute, where trips leave). */
function queries(seed: number, oracle: CsaOracle, dates: string[]): OracleQuery[] {
  const rand = mulberry32(seed * 31 + 5);
  const days = [...dates, addDays(dates[dates.length - 1], 1)];
  return Array.from({ length: QUERIES_PER_SEED }, () => {
    const origin = oracle.stopIds[Math.floor(rand() * oracle.stopIds.length)];
    const date = days[Math.floor(rand() * days.length)];
    const s = Math.floor(rand() * 27 * 3600);
    return { origin, date, departS: rand() < 0.5 ? s - (s % 60) : s };
  });
}

describe('planner earliest arrival vs CSA oracle: random timetables', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const tt = randomTimetable(seed);
      const dir = writeRandomTimetable(tt);
      const { bytes } = await buildSnapshot({ gtfs: [dir], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const growing = withLabelSlots(Engine.open(bytes.buffer), SMALL_SLOTS);
      // The labels did start small (slotCount below counts stops reached, which says nothing of the arrays).
      expect(growing.planner.labels.capacity).toBe(SMALL_SLOTS * MAX_ROUNDS);
      const oracle = await CsaOracle.open(dir);
      const failures: string[] = [];
      let reached = 0;
      let mostSlots = 0;
      for (const q of queries(seed, oracle, tt.dates)) {
        const out = compareQuery(engine, oracle, q);
        reached += out.reached;
        if (out.mismatches.length) failures.push(`seed ${seed} (feed ${dir}), ${describeQuery(q)}:\n  ${out.mismatches.join('\n  ')}`);
        const small = compareQuery(growing, oracle, q);
        mostSlots = Math.max(mostSlots, growing.planner.labels.slotCount);
        if (small.mismatches.length) failures.push(`seed ${seed} (feed ${dir}), labels from ${SMALL_SLOTS} slots, ${describeQuery(q)}:\n  ${small.mismatches.join('\n  ')}`);
      }
      expect(failures.join('\n')).toBe('');
      expect(reached).toBeGreaterThan(QUERIES_PER_SEED * 2); // the queries do go somewhere
      expect(mostSlots).toBeGreaterThan(4 * SMALL_SLOTS); // searches reached more stops than the small labels held: they grew, more than once
    });
  }
});
