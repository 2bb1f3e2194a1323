// FEATURE UNDER TEST: the hand-rolled board JSON writer is byte-identical to JSON.stringify of the board DTOs.
import { describe, it, expect } from 'vitest';
import { BoardJson } from '../../packages/server/src/api/timetables/board-json.js';
import { toDeparture, toArrival, toRailDeparture, toRailArrival } from '../../packages/server/src/api/timetables/dto.js';
import { demoEngine, realEngine } from '../support/snapshots.js';
import { parseDay, serviceDayReference } from '@transit/engine';

describe('board JSON writer', () => {
  it('writes every demo stop board and every rail station board exactly as JSON.stringify of the DTOs', () => {
    let compared = 0;
    for (const e of [demoEngine(), realEngine()].filter((x) => x !== null)) {
      const w = BoardJson.for(e);
      const first = parseDay(e.info.serviceDays!.first);
      for (const day of [first, first + 1, parseDay('2026-03-29'), parseDay('2026-10-25'), parseDay('2019-09-10')]) {
        const from = serviceDayReference(day);
        const window = { from, to: from + 36 * 3_600_000, limit: 100 };
        for (let s = 0; s < e.stopTable.count; s += 3) {
          for (const c of e.stopBoard(s, { ...window, type: 'departures' })) {
            expect(w.departure(c)).toBe(JSON.stringify(toDeparture(c)));
            compared++;
          }
          for (const c of e.stopBoard(s, { ...window, type: 'arrivals' })) expect(w.arrival(c)).toBe(JSON.stringify(toArrival(c)));
        }
        for (let st = 0; st < e.stationTable.count; st++) {
          for (const c of e.stationBoard(st, { ...window, type: 'departures' })) expect(w.railDeparture(c)).toBe(JSON.stringify(toRailDeparture(c)));
          for (const c of e.stationBoard(st, { ...window, type: 'arrivals' })) expect(w.railArrival(c)).toBe(JSON.stringify(toRailArrival(c)));
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
