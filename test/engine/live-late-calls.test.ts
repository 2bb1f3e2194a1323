// FEATURE UNDER TEST: the overlay's late calls (a table by stop, open addressing) give every stop the look-back that a
// scan of the late journeys' remaining calls gives, for the recorded BODS sample put on the real Newport timetable.
import { describe, expect, it } from 'vitest';
import type { Engine, LiveOverlay } from '@transit/engine';
import { TripSchedule } from '../../packages/engine/src/live/trip-schedule.js';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { recordedFleet } from '../support/recorded-fleet.js';
import { ukInstant } from '../support/vehicle-feed-gen.js';

/** LiveOverlay.lookbackFrom by brute force: every remaining call of every late journey, per stop. */
function scanLookback(engine: Engine, overlay: LiveOverlay): (stop: number, fromMs: number) => number {
  const tt = engine.timetable, s = new TripSchedule(tt);
  const at = new Map<number, { minAimed: number; maxExpected: number }>();
  for (const e of overlay.values()) {
    if (e.delayS <= 0) continue;
    s.load(e.tripIdx);
    const base = (engine.calendar.reference(e.serviceDay) - overlay.builtAtMs) / 1000;
    for (let pos = e.stopSequence - 1; pos < s.length; pos++) {
      const aimed = Math.floor(base + s.departure(pos));
      const k = at.get(s.stop(pos)) ?? { minAimed: Infinity, maxExpected: -Infinity };
      at.set(s.stop(pos), { minAimed: Math.min(k.minAimed, aimed), maxExpected: Math.max(k.maxExpected, aimed + e.delayS) });
    }
  }
  return (stop, fromMs) => {
    const k = at.get(stop);
    if (!k) return NaN;
    const aimed = overlay.builtAtMs + k.minAimed * 1000, expected = overlay.builtAtMs + k.maxExpected * 1000;
    return aimed < fromMs && expected >= fromMs ? aimed : NaN;
  };
}

describe.skipIf(!HAVE_DATA)('late calls of a live overlay', () => {
  it('look back at every stop as a scan of the late journeys does', () => {
    const engine = feedEngine('other_modalities.zip')!.engine;
    const now = ukInstant('2024-03-05', 8, 30);
    const overlay = engine.matchVehicles(recordedFleet(engine, now, { codes: true }), now);
    const want = scanLookback(engine, overlay);
    let looks = 0;
    for (let stop = 0; stop < engine.stopTable.count; stop++) {
      for (const fromMin of [-30, -5, 0, 2, 5, 20]) {
        const from = now + fromMin * 60_000;
        const got = overlay.lookbackFrom(stop, from);
        expect(got, `stop ${stop} from ${fromMin} min`).toBe(want(stop, from));
        if (!Number.isNaN(got)) looks++;
      }
    }
    expect([...overlay.values()].filter((e) => e.delayS > 0).length).toBeGreaterThan(20);
    expect(looks).toBeGreaterThan(20);
  });
});
