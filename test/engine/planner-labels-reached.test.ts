// FEATURE UNDER TEST: the planner's RAPTOR labels hold the stops its searches reach, not every stop of the snapshot: after a plan on one of many separate lines they hold a few of its stops; a search over every stop grows them and the small searches after it shrink them back, with the same answers (earliestArrival's dense array cleared of the big search's stops).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay } from '@transit/engine';
import { MAX_ROUNDS, MIN_ENTRIES, SHRINK_AFTER } from '../../packages/engine/src/planner/raptor-labels.js';
import { UNREACHED } from '../../packages/engine/src/planner/planner-api.js';
import { feedFolder } from '../support/gtfs.js';
import { journeyLines } from '../support/journeys.js';

const LINES = 100;
const STOPS_PER_LINE = 40;

/** LINES lines 6-7 km apart (no walk between them), each of STOPS_PER_LINE stops 1.1 km apart, two trips a weekday morning. */
function manyLines(): string {
  const stops: string[] = [], trips: string[] = [], times: string[] = [];
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  for (let l = 0; l < LINES; l++) {
    for (let i = 0; i < STOPS_PER_LINE; i++) stops.push(`L${l}S${i},Line ${l} stop ${i},${(53 + i * 0.01).toFixed(4)},${(-2 + l * 0.1).toFixed(4)}`);
    for (const [n, start] of [[1, 480], [2, 510]]) {
      trips.push(`R${l},WK,t${l}-${n}`);
      for (let i = 0; i < STOPS_PER_LINE; i++) times.push(`t${l}-${n},${i + 1},L${l}S${i},${hhmm(start + 2 * i)},${hhmm(start + 2 * i)}`);
    }
  }
  return `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  ${stops.join('\n')}
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  ${Array.from({ length: LINES }, (_, l) => `R${l},X,${l},3`).join('\n')}
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  ${trips.join('\n')}
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  ${times.join('\n')}
`;
}

let e: Engine, fresh: Engine;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(manyLines())], coverage: '52,-3,54,10', quiet: true });
  [e, fresh] = [Engine.open(bytes.buffer), Engine.open(bytes.buffer)];
});

const at = '2026-03-03 07:55';
const PLAN = { from: 'L0S0', to: 'L0S20', at, limit: 1 };
/** Earliest arrival from one stop at 07:55 on the plan's day, a copy. */
const fromStop = (engine: Engine, atco: string) => {
  return engine.planner.earliestArrival({ origins: [{ stop: engine.findStop(atco), seconds: 0, metres: 0 }], day: parseDay('2026-03-03'), departS: 7 * 3600 + 55 * 60 }).slice();
};

describe('planner labels sized by the stops reached', () => {
  it('holds a few stops of one line after a plan on it, not the snapshot\'s 4,000', () => {
    expect(e.timetable.stopPatternOffsets.length - 1).toBe(LINES * STOPS_PER_LINE);
    expect(journeyLines(e, PLAN)).toEqual(['03-03 08:00-08:40 bus t0-1@03-03 L0S0 08:00 -> L0S20 08:40']);
    const { slotCount, capacity } = e.planner.labels;
    expect(slotCount).toBeGreaterThan(0);
    expect(slotCount).toBeLessThanOrEqual(STOPS_PER_LINE);
    expect(capacity).toBe(MIN_ENTRIES);
    expect(capacity * 3).toBeLessThan(LINES * STOPS_PER_LINE * MAX_ROUNDS); // a dense array of stops x rounds is 4x that
  });

  it('grows for a search from every stop, shrinks back after SHRINK_AFTER small searches, and answers as a fresh planner', () => {
    const planner = e.planner;
    const all = Array.from({ length: LINES * STOPS_PER_LINE }, (_, stop) => ({ stop, seconds: 0, metres: 0 }));
    const everywhere = planner.earliestArrival({ origins: all, day: parseDay('2026-03-03'), departS: 8 * 3600 });
    expect(everywhere.every((t) => t === 8 * 3600)).toBe(true);
    expect(planner.labels.slotCount).toBe(LINES * STOPS_PER_LINE);
    const big = planner.labels.capacity;
    expect(big).toBeGreaterThanOrEqual(LINES * STOPS_PER_LINE * 10); // 10 rounds: maxTransfers 8 by default
    const want = fromStop(fresh, 'L3S5');
    expect(want.filter((t) => t < UNREACHED).length).toBe(STOPS_PER_LINE - 5);
    for (let i = 0; i < SHRINK_AFTER; i++) expect(fromStop(e, 'L3S5')).toEqual(want); // the big search's arrivals cleared
    expect(journeyLines(e, PLAN)).toEqual(['03-03 08:00-08:40 bus t0-1@03-03 L0S0 08:00 -> L0S20 08:40']); // its reset counts the last small search
    expect(planner.labels.capacity).toBe(MIN_ENTRIES);
    expect(fromStop(e, 'L3S5')).toEqual(want);
  });
});
