// FEATURE UNDER TEST: matching live vehicles onto journeys and estimating their delay, on SIRI-VM
// feeds generated from the real Newport BODS timetable (known trips, delays, noise, distortions).
import { describe, expect, it } from 'vitest';
import { parseSiriVm } from '@transit/feeds';
import { LiveOverlay, type Engine } from '@transit/engine';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { generateVehicle, runningTrips, ukInstant, type GeneratedVehicle } from '../support/vehicle-feed-gen.js';
import { seededRandom, siriVmDocument } from '@transit/builder';
import { FeedMessage } from '../../packages/feeds/src/gtfs-rt/gtfs-rt-schema.js';
import { parseGtfsRt } from '@transit/feeds';

const DATE = '2024-03-05';
/** Delay tolerance: the estimate is within this of the generated delay, seconds (20 m noise ≈ a few seconds at bus speeds; dwell windows at stops add the rest). */
const TOLERANCE_S = 60;

/** Generated vehicles for the trips whose vehicle is on the road with those settings. */
function tryGenerate(engine: Engine, trips: number[], make: (t: number) => GeneratedVehicle): GeneratedVehicle[] {
  return trips.flatMap((t) => {
    try {
      return [make(t)];
    } catch {
      return [];
    }
  });
}

/** The overlay entry of a generated vehicle (by vehicle ref). */
function entryOf(overlay: LiveOverlay, g: GeneratedVehicle) {
  const ref = g.activity.vehicleRef.replace(/^[A-Z]+-/, '');
  return [...overlay.values()].find((l) => l.vehicle.vehicleRef === ref);
}

/**
 * True when `b` is `a` or a journey no feed field can tell from it: the BODS export has
 * duplicated runs (same line, origin, destination and times, slightly different stop lists).
 */
function sameJourney(engine: Engine, a: number, b: number, day: number): boolean {
  if (a === b) return true;
  const x = engine.trip(a, day)!, y = engine.trip(b, day)!;
  const ends = (t: typeof x) => [t.line, t.calls[0].atcocode, t.calls[0].departure, t.calls.at(-1)!.atcocode, t.calls.at(-1)!.arrival].join('|');
  return ends(x) === ends(y);
}

function parsed(vehicles: GeneratedVehicle[], nowMs: number) {
  return parseSiriVm(siriVmDocument(vehicles.map((v) => v.activity), nowMs, 'TEST')).records;
}

describe.skipIf(!HAVE_DATA)('live matching on the Newport timetable (generated SIRI-VM)', () => {
  const feed = () => feedEngine('other_modalities.zip')!;
  const now = ukInstant(DATE, 8, 30);
  const rnd = seededRandom(42);
  const delays = new Map<number, number>();
  const delayOf = (t: number) => {
    if (!delays.has(t)) delays.set(t, Math.round(-60 + rnd() * 660)); // -1 .. +10 minutes
    return delays.get(t)!;
  };
  let engine: Engine;
  let trips: number[];
  const setup = () => {
    engine = feed().engine;
    trips = runningTrips(engine, DATE, now, 'NWPT', delayOf).slice(0, 40);
  };

  it('recovers trip and delay by journey code (DatedVehicleJourneyRef)', () => {
    setup();
    expect(trips.length).toBeGreaterThanOrEqual(20);
    const gen = trips.map((t) => generateVehicle(engine, t, DATE, now, delayOf(t), { noiseM: 20 }));
    const overlay = engine.matchVehicles(parsed(gen, now), now);
    expect(overlay.stats.matched.journey_code).toBe(gen.length);
    for (const g of gen) {
      const live = overlay.get(g.tripIdx, g.serviceDay);
      expect(live, g.tripId).toBeDefined();
      expect(live!.method).toBe('journey_code');
      expect(Math.abs(live!.delayS - g.delayS), `${g.tripId} delay ${live!.delayS} vs ${g.delayS}`).toBeLessThanOrEqual(TOLERANCE_S);
      expect(live!.vehicle.vehicleRef).toBe(String(1000 + g.tripIdx)); // operator prefix stripped
    }
  });

  it('falls back to operator + line + origin aimed departure without a journey code', () => {
    setup();
    const gen = trips.map((t) => generateVehicle(engine, t, DATE, now, delayOf(t), { noiseM: 20, journeyCode: false }));
    const overlay = engine.matchVehicles(parsed(gen, now), now);
    expect(overlay.stats.matched.origin_time).toBe(gen.length);
    let exact = 0;
    for (const g of gen) {
      const live = entryOf(overlay, g);
      expect(live?.method, g.tripId).toBe('origin_time');
      expect(sameJourney(engine, g.tripIdx, live!.tripIdx, g.serviceDay), g.tripId).toBe(true);
      if (live!.tripIdx === g.tripIdx) exact++;
      expect(Math.abs(live!.delayS - g.delayS)).toBeLessThanOrEqual(TOLERANCE_S);
    }
    expect(exact).toBeGreaterThanOrEqual(gen.length - 3);
  });

  it('takes an origin time more than 20 h ahead as the wrong zone (a day early)', () => {
    setup();
    const g = generateVehicle(engine, trips[0], DATE, now, delayOf(trips[0]), { journeyCode: false });
    g.activity.originAimedDepartureMs! += 86_400_000;
    const overlay = engine.matchVehicles(parsed([g], now), now);
    expect(overlay.get(g.tripIdx, g.serviceDay)?.method).toBe('origin_time');
  });

  it('falls back to the nearest scheduled position with neither code nor origin time', () => {
    setup();
    const gen = tryGenerate(engine, trips, (t) => generateVehicle(engine, t, DATE, now, Math.min(delayOf(t), 180), { noiseM: 20, journeyCode: false, originTime: false }));
    expect(gen.length).toBeGreaterThanOrEqual(20);
    const overlay = engine.matchVehicles(parsed(gen, now), now);
    let right = 0;
    for (const g of gen) {
      const live = entryOf(overlay, g);
      if (live?.method === 'position' && sameJourney(engine, g.tripIdx, live.tripIdx, g.serviceDay) && Math.abs(live.delayS - g.delayS) <= TOLERANCE_S) right++;
    }
    // Position alone cannot tell apart journeys of one line that are where each other's timetable puts them; most are unique.
    expect(right / gen.length).toBeGreaterThanOrEqual(0.8);
    expect(overlay.stats.matched.position).toBeGreaterThanOrEqual(right);
  });

  it('refuses off-route and stale vehicles and counts why', () => {
    setup();
    const off = trips.slice(0, 5).map((t) => generateVehicle(engine, t, DATE, now, delayOf(t), { offsetM: 3000 }));
    const offNoCode = trips.slice(5, 10).map((t) => generateVehicle(engine, t, DATE, now, delayOf(t), { offsetM: 3000, journeyCode: false, originTime: false }));
    const stale = tryGenerate(engine, trips.slice(10), (t) => generateVehicle(engine, t, DATE, now, delayOf(t), { ageS: 900 })).slice(0, 5);
    const unknown = generateVehicle(engine, trips[15], DATE, now, 0, { journeyCode: false });
    unknown.activity.lineRef = unknown.activity.publishedLineName = 'NO SUCH LINE';
    const overlay = engine.matchVehicles(parsed([...off, ...offNoCode, ...stale, unknown], now), now, { maxVehicleAgeS: 600 });
    expect(overlay.size).toBe(0);
    expect(overlay.stats.unmatched.off_route).toBe(10);
    expect(overlay.stats.unmatched.stale).toBe(5);
    expect(overlay.stats.unmatched.unknown_line).toBe(1);
  });

  it('keeps the newest fix when two vehicles claim one journey, and ages fixes', () => {
    setup();
    const a = generateVehicle(engine, trips[0], DATE, now, 120, { ageS: 60 });
    const b = generateVehicle(engine, trips[0], DATE, now, 120, { ageS: 10 });
    b.activity.vehicleRef = 'NWPT-9';
    const overlay = engine.matchVehicles(parsed([a, b], now), now);
    const live = overlay.get(trips[0], a.serviceDay)!;
    expect(live.vehicle.vehicleRef).toBe('9');
    expect(live.fixAgeS).toBe(10);
    expect(overlay.stats.unmatched.duplicate).toBe(1);
  });

  it('propagates the delay to later stops, never before the timetable at the first stop', () => {
    setup();
    const t = trips[0];
    const g = generateVehicle(engine, t, DATE, now, 300);
    const overlay = engine.matchVehicles(parsed([g], now), now);
    const live = overlay.get(t, g.serviceDay)!;
    const trip = engine.trip(t, g.serviceDay)!;
    const later = trip.calls[trip.calls.length - 1];
    expect(LiveOverlay.expected(live, later.sequence, later.departure)).toBe(later.departure + live.delayS * 1000);
    expect(LiveOverlay.expected(live, 1, trip.calls[0].departure)).toBeNull(); // already left the first stop
    expect(LiveOverlay.expected({ ...live, stopSequence: 1, delayS: -90 }, 1, trip.calls[0].departure)).toBe(trip.calls[0].departure);
  });

  it('annotates a live stop board, including a late journey aimed before the window', () => {
    setup();
    const t = trips[0];
    const g = generateVehicle(engine, t, DATE, now, 600);
    const overlay = engine.matchVehicles(parsed([g], now), now);
    const live = overlay.get(t, g.serviceDay)!;
    const trip = engine.trip(t, g.serviceDay)!;
    const next = trip.calls[live.stopSequence]; // the stop after the one it is at / heading to
    const from = next.departure - 60_000; // its aimed time is inside the window...
    const board = engine.liveStopBoard(next.stopIdx, { from, to: from + 3_600_000, limit: 50, type: 'departures' }, overlay);
    const row = board.find((c) => c.tripIdx === t);
    expect(row?.live?.expected).toBe(next.departure + live.delayS * 1000);
    // ...and with the window starting after its aimed time but before the expected time, it still shows.
    const from2 = next.departure + 60_000;
    const board2 = engine.liveStopBoard(next.stopIdx, { from: from2, to: from2 + 3_600_000, limit: 50, type: 'departures' }, overlay);
    expect(board2.find((c) => c.tripIdx === t)?.live?.delayS).toBe(live.delayS);
  });

  it('matches GTFS-realtime positions by trip_id + start_date, and by route_id + position without a trip_id', () => {
    setup();
    const gen = trips.map((t) => generateVehicle(engine, t, DATE, now, delayOf(t), { noiseM: 20 }));
    const routeId = (t: number) => engine.strings.get(engine.timetable.routeId[engine.timetable.tripRoute[t]]);
    const message = (withTrip: boolean) =>
      FeedMessage.encode(
        FeedMessage.fromObject({
          header: { gtfs_realtime_version: '2.0', timestamp: Math.floor(now / 1000) },
          entity: gen.map((g, k) => ({
            id: `e${k}`,
            vehicle: {
              trip: withTrip ? { trip_id: g.tripId, route_id: routeId(g.tripIdx), start_date: DATE.replace(/-/g, '') } : { route_id: routeId(g.tripIdx), direction_id: engine.tripSummary(g.tripIdx).direction ?? undefined },
              vehicle: { id: `V${k}` },
              position: { latitude: g.activity.latitude, longitude: g.activity.longitude, bearing: g.activity.bearing ?? 0 },
              timestamp: Math.floor(g.activity.recordedAtMs / 1000),
            },
          })),
        }),
      ).finish();
    const byTrip = engine.matchVehicles(parseGtfsRt(message(true)).records, now);
    expect(byTrip.stats.matched.journey_code).toBe(gen.length);
    for (const g of gen) {
      const live = byTrip.get(g.tripIdx, g.serviceDay)!;
      expect(live.vehicle.source).toBe('gtfs_rt');
      expect(Math.abs(live.delayS - g.delayS)).toBeLessThanOrEqual(TOLERANCE_S);
    }
    const byRoute = engine.matchVehicles(parseGtfsRt(message(false)).records, now);
    expect(byRoute.stats.matched.position).toBeGreaterThanOrEqual(Math.floor(gen.length * 0.8));
    const right = gen.filter((g, k) => {
      const live = [...byRoute.values()].find((l) => l.vehicle.vehicleRef === `V${k}`);
      return live && sameJourney(engine, g.tripIdx, live.tripIdx, g.serviceDay) && Math.abs(live.delayS - g.delayS) <= TOLERANCE_S;
    }).length;
    expect(right / gen.length).toBeGreaterThanOrEqual(0.7);
  });
});
