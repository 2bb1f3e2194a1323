// FEATURE UNDER TEST: the real RDG CIF slice RJTTF001_mini.zip against dtd2gtfs's GTFS of it (dtd_mini_gtfs): same trains on the same dates, same calling points, times and pickup/drop-off.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay, weekday, formatDay } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { dumpTrips, hhmm } from '../support/trip-dump.js';

// dtd2gtfs built its GTFS at --today 2026-08-10; compare the week both cover.
const FIRST = parseDay('2026-08-10');
const LAST = parseDay('2026-08-16');
const DAY = 86_400;

/** A call as an absolute instant (day * 86400 + seconds), so service-day conventions do not matter. */
interface Call {
  crs: string;
  arr: number;
  dep: number;
  flags: string;
}
const show = (c: Call) => `${c.crs} ${formatDay(Math.floor(c.arr / DAY)).slice(5)} ${hhmm(c.arr % DAY)}/${hhmm(c.dep % DAY)} ${c.flags}`;

/** dtd2gtfs trips running in the window: the train UIDs in the trip id and the passenger calls. */
function dtdTrips(): { uids: string[]; calls: Call[] }[] {
  const rows = (f: string) => parse(readFileSync(data('rail_timetable/dtd_mini_gtfs', f)), { columns: true, bom: true }) as Record<string, string>[];
  const calendar = new Map(rows('calendar.txt').map((c) => [c.service_id, c]));
  const exceptions = new Map(rows('calendar_dates.txt').map((c) => [`${c.service_id}@${parseDay(c.date)}`, c.exception_type]));
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const runs = (service: string, day: number) => {
    const x = exceptions.get(`${service}@${day}`);
    if (x) return x === '1';
    const c = calendar.get(service);
    return !!c && parseDay(c.start_date) <= day && day <= parseDay(c.end_date) && c[weekdays[weekday(day)]] === '1';
  };
  const stopTimes = new Map<string, Record<string, string>[]>();
  for (const r of rows('stop_times.txt')) stopTimes.set(r.trip_id, [...(stopTimes.get(r.trip_id) ?? []), r]);
  const secs = (t: string) => t.split(':').reduce((s, v) => s * 60 + Number(v), 0);
  const out: { uids: string[]; calls: Call[] }[] = [];
  for (const t of rows('trips.txt')) {
    for (let day = FIRST; day <= LAST; day++) {
      if (!runs(t.service_id, day)) continue;
      const calls = stopTimes
        .get(t.trip_id)!
        .sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence))
        .filter((c) => !(c.pickup_type === '1' && c.drop_off_type === '1')) // operational stops: not passenger calls
        .map((c) => ({ crs: c.stop_id, arr: day * DAY + secs(c.arrival_time), dep: day * DAY + secs(c.departure_time), flags: `${c.pickup_type}${c.drop_off_type}` }));
      out.push({ uids: t.trip_id.split('_').slice(0, -2), calls });
    }
  }
  return out;
}

describe.skipIf(!HAVE_DATA)('CIF against dtd2gtfs', () => {

  it('builds the same trains, calls and times in the week 2026-08-10..16', async () => {
    const { bytes, issues } = await buildSnapshot({ cif: [data('rail_timetable/RJTTF001_mini.zip')], quiet: true });
    // The MSN's CIE station and the two XC pseudo-stations ("XC ORIGIN" / "XC DESTINATION") have no
    // real grid reference: the Z-trains between the pseudo-stations (which dtd2gtfs drops too) go.
    expect(issues.summary()).toEqual(['bad_coordinate: 3', 'unplaced_station: 2', 'too_few_calls: 2']);
    const ours = new Map<string, Call[]>(); // `${uid} ${first departure}` -> calls
    for (const t of dumpTrips(Engine.open(bytes.buffer))) {
      const uid = t.id.split('_')[0];
      for (const day of t.days) {
        const calls = t.calls.map((c) => ({ crs: c.crs, arr: day * DAY + c.arr, dep: day * DAY + c.dep, flags: `${c.pickup}${c.dropOff}` }));
        if (calls[0].dep >= FIRST * DAY && calls[0].dep < (LAST + 1) * DAY + 2 * 3600) ours.set(`${uid} ${calls[0].dep}`, calls);
      }
    }
    const dtd = dtdTrips();
    const single = dtd.filter((t) => t.uids.length === 1);
    const merged = dtd.filter((t) => t.uids.length > 1);
    expect([single.length, merged.length]).toEqual([35, 5]);

    // Trains dtd2gtfs keeps as they are: identical calls, times and pickup/drop-off.
    for (const t of single) {
      const key = `${t.uids[0]} ${t.calls[0].dep}`;
      expect(ours.get(key)?.map(show), key).toEqual(t.calls.map(show));
    }
    // Trains dtd2gtfs joins or divides along AA associations (the Caledonian Sleeper portions at
    // Edinburgh and Carstairs) into through trips; we keep each train on its own. Every call of
    // the through trip is a call of one of its trains, except at the association station, where
    // dtd2gtfs gives one train's arrival and the other's departure in a single call.
    for (const t of merged) {
      const parts = [...ours.entries()].filter(([k]) => t.uids.includes(k.split(' ')[0])).flatMap(([, calls]) => calls);
      for (const c of t.calls) {
        const label = `${t.uids.join('+')} ${show(c)}`;
        expect(parts.some((p) => p.crs === c.crs && p.arr === c.arr) || c.flags[1] === '1', `arrival of ${label}`).toBe(true);
        expect(parts.some((p) => p.crs === c.crs && p.dep === c.dep) || c.flags[0] === '1', `departure of ${label}`).toBe(true);
      }
    }
    // Nothing extra: every train we run in the week is one dtd2gtfs runs.
    const dtdUids = new Set(dtd.flatMap((t) => t.uids));
    expect([...ours.keys()].filter((k) => !dtdUids.has(k.split(' ')[0]))).toEqual([]);
  });
});
