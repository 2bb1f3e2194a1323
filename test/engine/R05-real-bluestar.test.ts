// FEATURE UNDER TEST: bus routes on a real feed (Bluestar, Southampton) against an oracle read straight from the zip's CSV rows.
import { describe, it, expect, beforeAll } from 'vitest';
import path from 'node:path';
import { feedEngine } from '../support/snapshots.js';
import { Engine, NOT_FOUND, parseDay, formatUkTimestamp } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { firstDepartures, forwardTrips, readGtfsZip, servicesOn, type CsvRows } from '../support/gtfs-zip.js';

const FEED = () => data('gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip');
const DATE = '2025-07-10';

/** `YYYY-MM-DDThh:mm:ss+01:00` of GTFS seconds on a summer-time date (noon minus 12 h is local midnight). */
function bstTimestamp(date: string, seconds: number): string {
  const d = new Date(Date.parse(date + 'T00:00:00Z') + seconds * 1000);
  return d.toISOString().slice(0, 19) + '+01:00';
}

interface OracleLine {
  id: string;
  /** Trip ids running on DATE, by first departure then trip_id. */
  trips: string[];
  deps: number[];
  /** Calls of the line's longest trip (any date). */
  maxCalls: number;
}

describe.skipIf(!HAVE_DATA)('bus routes on the Bluestar feed', () => {
  let e: Engine;
  let oracle: OracleLine[];
  beforeAll(async () => {
    const gtfs = await readGtfsZip(FEED(), ['agency.txt', 'routes.txt', 'trips.txt', 'calendar.txt', 'calendar_dates.txt', 'stop_times.txt']);
    e = feedEngine(path.basename(FEED()))!.engine; // built once per run by the global setup
    oracle = oracleLines(gtfs);
  });

  it('has the lines the CSV rows have, one per operator and line number', () => {
    const ids = Array.from({ length: e.routeIndex.lines.count }, (_, l) => e.routeIndex.summary(l).id).sort();
    expect(ids).toEqual(oracle.map((o) => o.id).sort());
    expect(ids.length).toBeGreaterThan(50);
  });

  it(`lists each line's journeys of ${DATE}: the same trips in the same departure order`, () => {
    const day = parseDay(DATE);
    let journeys = 0;
    for (const o of oracle) {
      const r = e.route(e.findRoute('bus', o.id), { day, offset: 0, limit: 10_000 });
      expect(r.timetable.total, o.id).toBe(o.trips.length);
      expect(r.timetable.items.map((j) => j.tripId), o.id).toEqual(o.trips);
      expect(r.timetable.items.map((j) => formatUkTimestamp(j.departure)), o.id).toEqual(o.deps.map((s) => bstTimestamp(DATE, s)));
      expect(r.representativeStops.length, o.id).toBe(o.maxCalls);
      journeys += o.trips.length;
    }
    expect(journeys).toBeGreaterThan(1000);
  });

  it('line 17: count, first and last departures of the day, paged', () => {
    const o = oracle.find((l) => l.id === 'BLUS-17')!;
    const idx = e.findRoute('bus', 'blus-17');
    expect(idx).not.toBe(NOT_FOUND);
    const first = e.route(idx, { day: parseDay(DATE), offset: 0, limit: 50 });
    expect(first.timetable.total).toBe(o.trips.length);
    expect(first.timetable.items).toHaveLength(50);
    expect(formatUkTimestamp(first.timetable.items[0].departure)).toBe(bstTimestamp(DATE, o.deps[0]));
    const lastPage = e.route(idx, { day: parseDay(DATE), offset: Math.floor((o.trips.length - 1) / 50) * 50, limit: 50 });
    expect(formatUkTimestamp(lastPage.timetable.items.at(-1)!.departure)).toBe(bstTimestamp(DATE, o.deps.at(-1)!));
    expect(first.directions.map((d) => d.direction)).toEqual([0, 1]);
    for (const d of first.directions) expect(d.shape?.pointCount).toBeGreaterThan(100);
  });
});

/** Lines from the CSV rows alone: agency_id + route_short_name (Bluestar gives no NOC), trips running on DATE. */
function oracleLines(g: Record<string, CsvRows>): OracleLine[] {
  const lineOfRoute = new Map(g['routes.txt'].map((r) => [r.route_id, `${r.agency_id}-${r.route_short_name}`]));
  const running = servicesOn(g['calendar.txt'], g['calendar_dates.txt'], DATE);
  const forward = forwardTrips(g['stop_times.txt']); // the builder drops trips whose times go backwards
  const calls = new Map<string, number>();
  for (const st of g['stop_times.txt']) if (forward.has(st.trip_id)) calls.set(st.trip_id, (calls.get(st.trip_id) ?? 0) + 1);
  const dayTrips = new Set(g['trips.txt'].filter((t) => running.has(t.service_id)).map((t) => t.trip_id));
  const deps = firstDepartures(g['stop_times.txt'], dayTrips);
  const lines = new Map<string, OracleLine>();
  for (const t of g['trips.txt']) {
    if (!calls.has(t.trip_id)) continue;
    const id = lineOfRoute.get(t.route_id)!;
    let o = lines.get(id);
    if (!o) lines.set(id, (o = { id, trips: [], deps: [], maxCalls: 0 }));
    o.maxCalls = Math.max(o.maxCalls, calls.get(t.trip_id)!);
    if (dayTrips.has(t.trip_id)) o.trips.push(t.trip_id);
  }
  for (const o of lines.values()) {
    o.trips.sort((a, b) => deps.get(a)! - deps.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
    o.deps = o.trips.map((t) => deps.get(t)!);
  }
  return [...lines.values()];
}
