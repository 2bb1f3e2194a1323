// FEATURE UNDER TEST: the origin-time rule reads a line's trips by first departure (LiveIndex.byStart, a binary search
// per day) and finds what a scan of every trip of the line finds: the same hits in the same order, and the same matches
// for the recorded BODS sample put on the real Newport timetables.
import { describe, expect, it } from 'vitest';
import { ukDayOf, type Engine, type VehicleRecord } from '@transit/engine';
import { TripSchedule } from '../../packages/engine/src/live/trip-schedule.js';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { overlayText, recordedFleet } from '../support/recorded-fleet.js';
import { ukInstant } from '../support/vehicle-feed-gen.js';
import { mulberry32 } from '../support/random-timetable.js';

type Hit = [tripIdx: number, day: number, score: number];
/** TripCandidates.originCandidates: (trip, day, score) triples, flat. */
type OriginCandidates = (trips: number[], rec: VehicleRecord, aimedMs: number) => number[];

/** Flat (trip, day, score) triples as hits. */
const triples = (flat: number[]): Hit[] => Array.from({ length: flat.length / 3 }, (_, i) => [flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]]);

/** The rule before the index (the oracle): every trip of the line, each on the aimed time's day and the day before. */
function scanOrigin(engine: Engine): (trips: number[], rec: VehicleRecord, aimedMs: number) => Hit[] {
  const tt = engine.timetable, calendar = engine.calendar, s = new TripSchedule(tt);
  const atco = (stop: number) => engine.strings.get(engine.stopTable.atco[stop]);
  return (trips, rec, aimedMs) => {
    const d0 = ukDayOf(aimedMs);
    const dir = rec.directionId ?? (rec.directionRef === 'outbound' ? 0 : rec.directionRef === 'inbound' ? 1 : null);
    const scored: Hit[] = [];
    for (const t of trips) {
      for (let k = 0; k < 2; k++) {
        const day = d0 - k;
        if (!calendar.runs(tt.tripService[t], day)) continue;
        s.load(t);
        if (Math.abs(calendar.reference(day) + s.start * 1000 - aimedMs) > 60_000) continue;
        let score = 0;
        if (dir !== null && tt.tripDirection[t] === dir) score++;
        if (rec.originRef && atco(s.stop(0)) === rec.originRef) score++;
        if (rec.destinationRef && atco(s.stop(s.length - 1)) === rec.destinationRef) score++;
        scored.push([t, day, score]);
      }
    }
    return scored;
  };
}

/** The matcher's own rule (its TripCandidates), and a way to run a match with the oracle in its place. */
function internals(engine: Engine) {
  const m = (engine.vehicleMatcher as unknown as { candidates: { originCandidates: OriginCandidates; lineTrips(rec: VehicleRecord): number[] | null } }).candidates;
  return {
    indexed: (trips: number[], rec: VehicleRecord, aimedMs: number) => m.originCandidates(trips, rec, aimedMs),
    indexedHits: (trips: number[], rec: VehicleRecord, aimedMs: number) => triples(m.originCandidates(trips, rec, aimedMs)),
    lineTrips: (rec: VehicleRecord) => m.lineTrips(rec),
    withScan<T>(run: () => T): T {
      const scan = scanOrigin(engine);
      m.originCandidates = (trips, rec, aimedMs) => scan(trips, rec, aimedMs).flat();
      try {
        return run();
      } finally {
        delete (m as Partial<typeof m>).originCandidates;
      }
    },
  };
}

const FEEDS = [
  { zip: 'other_modalities.zip', now: ukInstant('2024-03-05', 8, 30) },
  { zip: 'newport-20230613_gtfs.zip', now: ukInstant('2023-06-13', 17, 45) },
];

describe.skipIf(!HAVE_DATA)('origin-time candidates by first departure', () => {
  for (const { zip, now } of FEEDS) {
    it(`${zip}: the hits of a scan of the line, at and around every trip's first departure`, () => {
      const engine = feedEngine(zip)!.engine;
      const { indexed, indexedHits } = internals(engine);
      const scan = scanOrigin(engine);
      const tt = engine.timetable, calendar = engine.calendar;
      const lines = [...(engine.vehicleMatcher.index.byLine.values())];
      const rand = mulberry32(7);
      const d = ukDayOf(now);
      let hits = 0, cases = 0;
      for (const trips of lines) {
        for (const t of trips) {
          if (rand() > 0.3) continue;
          const start = tt.departureAt(t, 0);
          const origin = engine.strings.get(engine.stopTable.atco[tt.patternStops[tt.patternStopOffsets[tt.tripPattern[t]]]]);
          // Service days around now (a start past 24 h is aimed on the next calendar day), on, inside and past the tolerance, and anywhere within 2 h.
          for (const day of [d - 1, d, d + 1]) {
            for (const shiftS of [0, 1, -1, 59, -59, 60, -60, 61, -61, Math.round((rand() - 0.5) * 14_400)]) {
              const aimed = calendar.reference(day) + (start + shiftS) * 1000;
              const rec = { directionId: null, directionRef: rand() < 0.5 ? 'inbound' : 'outbound', originRef: rand() < 0.5 ? origin : null, destinationRef: null } as VehicleRecord;
              const want = scan(trips, rec, aimed);
              expect(indexedHits(trips, rec, aimed), `trip ${t} day ${day} shift ${shiftS}`).toEqual(want);
              hits += want.length;
              cases++;
            }
          }
        }
      }
      expect(cases).toBeGreaterThan(1000);
      expect(hits).toBeGreaterThan(cases / 10);
      // Called per record, it allocates nothing: one list, reused (valid until the next call).
      const trips = lines.find((l) => l.length > 0)!;
      const rec = { directionId: null, directionRef: 'inbound', originRef: null, destinationRef: null } as VehicleRecord;
      const aimed = calendar.reference(d) + tt.departureAt(trips[0], 0) * 1000;
      expect(indexed(trips, rec, aimed)).toBe(indexed(trips, rec, aimed + 1000));
    });

    it(`${zip}: the recorded sample on the timetable matches as with the scan`, () => {
      const engine = feedEngine(zip)!.engine;
      const { withScan, lineTrips } = internals(engine);
      for (const codes of [false, true]) {
        const records = recordedFleet(engine, now, { codes });
        const fast = engine.matchVehicles(records, now);
        const slow = withScan(() => engine.matchVehicles(records, now));
        expect(overlayText(fast)).toBe(overlayText(slow));
        if (!codes) {
          expect(records.filter((r) => lineTrips(r) && Number.isFinite(r.originAimedDepartureMs)).length).toBeGreaterThan(100);
          expect(fast.stats.matched.origin_time).toBeGreaterThan(50);
        }
      }
    });
  }
});
