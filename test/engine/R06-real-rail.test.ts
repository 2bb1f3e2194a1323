// FEATURE UNDER TEST: rail routes (train operators) on the real South Yorkshire snapshot against the GB rail feed's CSV rows.
import { describe, it, expect, beforeAll } from 'vitest';
import { Engine, parseDay, formatUkTimestamp } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { realEngine } from '../support/snapshots.js';
import { firstDepartures, forwardTrips, readGtfsZip, servicesOn } from '../support/gtfs-zip.js';

const DATE = '2019-09-10';

describe.skipIf(!HAVE_DATA)('rail routes on the GB rail feed', () => {
  let e: Engine;
  /** TOC code -> its trips running on DATE by first departure (then trip_id), with the departure seconds. */
  let oracle: Map<string, { trips: string[]; deps: number[] }>;
  beforeAll(async () => {
    e = realEngine()!;
    const g = await readGtfsZip(data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip'), ['routes.txt', 'trips.txt', 'calendar.txt', 'calendar_dates.txt', 'stop_times.txt']);
    const agencyOf = new Map(g['routes.txt'].map((r) => [r.route_id, r.agency_id]));
    const running = servicesOn(g['calendar.txt'], g['calendar_dates.txt'], DATE);
    // The builder drops trips whose times go backwards (this feed has arrivals of 48:59 before 24:01 departures).
    const forward = forwardTrips(g['stop_times.txt']);
    const dayTrips = g['trips.txt'].filter((t) => running.has(t.service_id) && forward.has(t.trip_id));
    const deps = firstDepartures(g['stop_times.txt'], new Set(dayTrips.map((t) => t.trip_id)));
    oracle = new Map();
    for (const t of dayTrips) {
      if (!deps.has(t.trip_id)) continue;
      const toc = agencyOf.get(t.route_id)!;
      if (!oracle.has(toc)) oracle.set(toc, { trips: [], deps: [] });
      oracle.get(toc)!.trips.push(t.trip_id);
    }
    for (const o of oracle.values()) {
      o.trips.sort((a, b) => deps.get(a)! - deps.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
      o.deps = o.trips.map((t) => deps.get(t)!);
    }
  });

  const stamp = (seconds: number) => new Date(Date.parse(DATE + 'T00:00:00Z') + seconds * 1000).toISOString().slice(0, 19) + '+01:00';

  it('Northern (NT): every train of the day in departure order, first and last departures', () => {
    const o = oracle.get('NT')!;
    expect(o.trips.length).toBeGreaterThan(300);
    const idx = e.findRoute('rail', 'nt');
    const r = e.route(idx, { day: parseDay(DATE), offset: 0, limit: 50 });
    expect(r).toMatchObject({ id: 'NT', operator: 'Northern', operatorCode: 'NT', mode: 'rail', directions: [] });
    expect(r.timetable.total).toBe(o.trips.length);
    expect(formatUkTimestamp(r.timetable.items[0].departure)).toBe(stamp(o.deps[0]));
    const all = e.route(idx, { day: parseDay(DATE), offset: 0, limit: 100_000 }).timetable.items;
    expect(all.map((j) => j.tripId)).toEqual(o.trips);
    expect(formatUkTimestamp(all.at(-1)!.departure)).toBe(stamp(o.deps.at(-1)!));
    expect(r.representativeStops.length).toBeGreaterThan(10);
    expect(r.representativeStops.filter((s) => s.crsCode).length).toBeGreaterThan(0);
  });

  it('every operator of the feed: the same trains on the day, in the same order', () => {
    expect([...oracle.keys()].sort()).toEqual(['EM', 'GC', 'GR', 'HT', 'NT', 'TP', 'XC']);
    for (const [toc, o] of oracle) {
      const r = e.route(e.findRoute('rail', toc), { day: parseDay(DATE), offset: 0, limit: 100_000 });
      expect(r.timetable.total, toc).toBe(o.trips.length);
      expect(r.timetable.items.map((j) => j.tripId), toc).toEqual(o.trips);
      expect(r.timetable.items.map((j) => formatUkTimestamp(j.departure)), toc).toEqual(o.deps.map(stamp));
    }
    expect(e.routes({ kind: 'rail', text: 'northern', offset: 0, limit: 5 }).items.map((r) => r.id)).toEqual(['NT']);
    expect(e.routes({ kind: 'rail', stationIdx: e.findStation('SHF'), offset: 0, limit: 50 }).items.map((r) => r.id)).toEqual(expect.arrayContaining(['NT', 'TP', 'EM']));
  });
});
