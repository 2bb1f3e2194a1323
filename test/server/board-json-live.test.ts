// FEATURE UNDER TEST: live departure rows from the hand-rolled board JSON writer are byte-identical to JSON.stringify of the DTOs.
import { describe, expect, it } from 'vitest';
import { parseSiriVm } from '@transit/feeds';
import { BoardJson } from '../../packages/server/src/api/timetables/board-json.js';
import { toDeparture } from '../../packages/server/src/api/timetables/dto.js';
import { simulatedSiriVm } from '@transit/builder';
import { demoEngine } from '../support/snapshots.js';
import { DAYTIME_MS } from '../support/clock.js';

describe('board JSON writer, live rows', () => {
  it('writes every live departure of every demo stop exactly as JSON.stringify(toDeparture(c, live, ctx))', () => {
    const e = demoEngine();
    const w = BoardJson.for(e);
    const now = DAYTIME_MS; // a time the demo buses run, whatever the hour the test runs at
    const records = parseSiriVm(simulatedSiriVm(e, now)).records;
    // Odd values too: a vehicle without bearing or destination, with occupancy figures and quotes in names.
    records[0] = { ...records[0], bearing: null, destinationName: null, occupancy: 'full', seatedOccupancy: 30, seatedCapacity: 33, wheelchairOccupancy: 0, wheelchairCapacity: 1, vehicleRef: 'A "quoted" \\ ref' };
    const overlay = e.matchVehicles(records, now);
    expect(overlay.size).toBeGreaterThan(10);
    let live = 0;
    for (const simulated of [true, false]) {
      const ctx = { nowMs: now + 7_000, simulated };
      for (let s = 0; s < e.stopTable.count; s++) {
        for (const c of e.liveStopBoard(s, { from: now - 600_000, to: now + 3 * 3_600_000, limit: 100, type: 'departures' }, overlay)) {
          expect(w.departure(c, c.live, ctx)).toBe(JSON.stringify(toDeparture(c, c.live, ctx)));
          if (c.live) live++;
        }
      }
    }
    expect(live).toBeGreaterThan(100);
  });
});
