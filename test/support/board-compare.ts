import path from 'node:path';
import { feedEngine } from './snapshots.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine, parseDay, type BoardCall, type BoardType } from '@transit/engine';
import { GtfsReference, londonTime, serviceDayStart, type RefBoardCall } from './gtfs-reference.js';

/** Windows checked on each date: [start hh, mm, minutes, limit]; some straddle midnight, some start in yesterday's after-24:00 trips. */
export const WINDOWS: readonly (readonly [number, number, number, number])[] = [
  [0, 0, 180, 100],
  [5, 30, 90, 100],
  [7, 45, 60, 7],
  [12, 0, 240, 100],
  [16, 59, 61, 3],
  [23, 0, 240, 100],
];

/** Seeded stop sample: the `busiest` stops with the most calls, then `random` others (mulberry32, seed 5). */
export function sampleStops(ref: GtfsReference, random: number, busiest: number): string[] {
  const counts = new Map<string, number>();
  for (const trip of ref.trips.values()) for (const c of trip.calls) counts.set(c.stopId, (counts.get(c.stopId) ?? 0) + 1);
  const byCalls = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
  const rand = mulberry32(5);
  const rest = byCalls.slice(busiest).sort();
  const picked = new Set(byCalls.slice(0, busiest));
  while (picked.size < Math.min(busiest + random, byCalls.length)) picked.add(rest[Math.floor(rand() * rest.length)]);
  return [...picked];
}

/** `time` compares UK instants; `seconds` only service dates and GTFS seconds (feeds in another time zone). */
export type Compare = 'time' | 'seconds';

const engineKey = (c: BoardCall, cmp: Compare) => `${c.tripId} ${c.serviceDate} #${c.sequence} ${c.seconds}${cmp === 'time' ? ` @${c.time}` : ''}`;
const refKey = (c: RefBoardCall, cmp: Compare) => `${c.tripId} ${c.date} #${c.sequence} ${c.seconds}${cmp === 'time' ? ` @${c.time}` : ''}`;

/**
 * Checks every window of WINDOWS on `date` at each stop (a stop board by ATCO code, or a station
 * board by CRS code with `crs`), departures and arrivals, engine against reference: the same
 * calls in the same order with the same times. Returns how many calls were compared.
 */
export function compareBoards(engine: Engine, ref: GtfsReference, date: string, places: readonly string[], cmp: Compare, crs = false): number {
  let compared = 0;
  for (const place of places) {
    const idx = crs ? engine.findStation(place) : engine.findStop(place);
    expect(idx, place).toBeGreaterThanOrEqual(0);
    const stopIds = crs ? ref.stopsWithCode(place) : [place];
    for (const [hh, mm, minutes, limit] of WINDOWS) {
      const from = londonTime(date, hh, mm);
      const to = from + minutes * 60_000;
      for (const type of ['departures', 'arrivals'] as BoardType[]) {
        const q = { from, to, limit, type };
        const got = (crs ? engine.stationBoard(idx, q) : engine.stopBoard(idx, q)).map((c) => engineKey(c, cmp));
        const want = ref.board(stopIds, from, to, type, limit).map((c) => refKey(c, cmp));
        expect(got, `${place} ${date} ${hh}:${mm}+${minutes}min ${type} limit ${limit}`).toEqual(want);
        compared += want.length;
      }
    }
  }
  return compared;
}

/**
 * Service detail of `count` sampled trips running on `date`: every call's stop, GTFS times and
 * UK instants equal the reference's; and the trip is null on a date it does not run.
 */
export function compareTrips(engine: Engine, ref: GtfsReference, date: string, count: number, cmp: Compare): number {
  const compact = date.replaceAll('-', '');
  const running = [...ref.trips.values()].filter((t) => ref.runs(t, compact)).sort((a, b) => (a.id < b.id ? -1 : 1));
  expect(running.length, `trips running on ${date}`).toBeGreaterThan(0);
  const rand = mulberry32(9);
  const day = parseDay(date);
  const start = serviceDayStart(date);
  for (let k = 0; k < count; k++) {
    const trip = running[Math.floor(rand() * running.length)];
    const tripIdx = engine.findTrip(trip.id);
    const detail = engine.trip(tripIdx, day);
    expect(detail, trip.id).not.toBeNull();
    const got = detail!.calls.map((c) => `${c.sequence} ${c.atcocode} ${c.arrivalSeconds}-${c.departureSeconds}${cmp === 'time' ? ` @${c.arrival}-${c.departure}` : ''}`);
    const want = trip.calls.map((c, i) => `${i + 1} ${c.stopId} ${c.arr}-${c.dep}${cmp === 'time' ? ` @${start + c.arr * 1000}-${start + c.dep * 1000}` : ''}`);
    expect(got, `${trip.id} on ${date}`).toEqual(want);
    expect(detail!.serviceDate).toBe(date);
    // A date it does not run, when the feed's calendar has one nearby.
    for (let d = day - 7; d <= day + 7; d++) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (!ref.runs(trip, iso.replaceAll('-', ''))) {
        expect(engine.trip(tripIdx, d), `${trip.id} on ${iso}`).toBeNull();
        break;
      }
    }
  }
  return count;
}

export function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One real feed's board and service-detail checks: takes the feed's snapshot from the global
 * setup and reads the reference once, then compares `stops` sampled stops on each date.
 */
export function describeRealFeed(name: string, file: string, dates: readonly string[], cmp: Compare, stops = { random: 20, busiest: 5 }): void {
  describe(name, () => {
    let engine: Engine;
    let ref: GtfsReference;
    beforeAll(async () => {
      // The feed's snapshot is built once per test run by the global setup.
      engine = feedEngine(path.basename(file))!.engine;
      ref = await GtfsReference.open(file);
    }, 180_000);

    it.each(dates)('boards on %s equal the reference reader', (date) => {
      const compared = compareBoards(engine, ref, date, sampleStops(ref, stops.random, stops.busiest), cmp);
      expect(compared).toBeGreaterThan(100);
    });

    it.each(dates)('service detail on %s equals the reference reader', (date) => {
      compareTrips(engine, ref, date, 25, cmp);
    });

    it("every trip's calls read back as stop_times.txt has them (the snapshot's running-time profiles, expanded to u16 offsets from a base per trip)", () => {
      // No pattern of these feeds spans 18 hours: the u16 form, not the i32 fallback.
      expect(engine.timetable.times).toBeInstanceOf(Uint16Array);
      expect(wrongCalls(engine, ref)).toEqual([]);
    });
  });
}

/** The first few calls (trip id #position) whose engine arrival or departure Seconds differ from the reference's; empty when all agree. */
function wrongCalls(engine: Engine, ref: GtfsReference): string[] {
  const tt = engine.timetable;
  const wrong: string[] = [];
  for (const trip of ref.trips.values()) {
    const t = engine.findTrip(trip.id);
    trip.calls.forEach((c, pos) => {
      if (wrong.length < 5 && (t < 0 || tt.arrivalAt(t, pos) !== c.arr || tt.departureAt(t, pos) !== c.dep)) wrong.push(`${trip.id} #${pos}`);
    });
  }
  return wrong;
}
