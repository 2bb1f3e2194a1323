// FEATURE UNDER TEST: trip times held as a base per trip plus a u16 offset per stop time (half the bytes of i32 rows): a trip's base is its first departure plus its pattern's least offset (negative where a trip arrives at its first stop before it departs), every call reads back as the feed wrote it, in trip detail, boards and plans both ways; a snapshot where some pattern spans 65,536 s or more (a 20 h trip) keeps i32 offsets for every pattern, with the same answers, in an engine of its own and in one viewing a share engine's tables.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay, ukLocalToEpoch } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';
import { boardLine } from '../support/boards.js';
import { journeyLines } from '../support/journeys.js';
import { sharedCopy } from '../support/snapshots.js';

// Weekdays 2-6 March 2026. T1 reaches A at 07:58 and leaves at 08:00 (offset -120 s), dwells a minute at B; T2 is a plain 12 minutes; T3 takes C on to D.
const STOPS = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  A,Alpha,53.40,-1.50
  B,Bravo,53.42,-1.50
  C,Charlie,53.40,-1.46
  D,Delta,53.40,-1.42
  E,Echo,53.52,-1.13
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R1,X,1,3
  R2,X,2,3
  R9,X,9,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
`;
const SHORT_TRIPS = `
  R1,WK,T1
  R1,WK,T2
  R2,WK,T3`;
const SHORT_TIMES = `
  T1,1,A,07:58:00,08:00:00
  T1,2,B,08:05:00,08:06:00
  T1,3,C,08:12:00,08:12:00
  T2,1,A,08:30:00,08:30:00
  T2,2,B,08:35:00,08:35:00
  T2,3,C,08:42:00,08:42:00
  T3,1,C,09:00:00,09:00:00
  T3,2,D,09:30:00,09:30:00`;
// LONG: 20 hours from A to E, 72,000 s: past what a u16 offset holds.
const feed = (long: boolean) => `${STOPS}
  # trips.txt
  route_id,service_id,trip_id${SHORT_TRIPS}${long ? '\n  R9,WK,LONG' : ''}
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time${SHORT_TIMES}${long ? '\n  LONG,1,A,04:00:00,04:00:00\n  LONG,2,E,24:00:00,24:00:00' : ''}
`;

/** Each trip's calls as `arrival/departure` Seconds, as the feed gives them. */
const CALLS: Record<string, [number, number][]> = {
  T1: [[28_680, 28_800], [29_100, 29_160], [29_520, 29_520]],
  T2: [[30_600, 30_600], [30_900, 30_900], [31_320, 31_320]],
  T3: [[32_400, 32_400], [34_200, 34_200]],
  LONG: [[14_400, 14_400], [86_400, 86_400]],
};

async function build(long: boolean): Promise<Uint8Array> {
  return (await buildSnapshot({ gtfs: [feedFolder(feed(long))], quiet: true })).bytes;
}

/** Every trip's calls read through arrivalAt / departureAt, the trip detail and the live schedule's reader. */
function callsOf(e: Engine, ids: readonly string[]): Record<string, [number, number][]> {
  const tt = e.timetable;
  const day = parseDay('2026-03-03');
  const ref = e.calendar.reference(day);
  return Object.fromEntries(ids.map((id) => {
    const t = e.findTrip(id);
    const n = tt.patternStopOffsets[tt.tripPattern[t] + 1] - tt.patternStopOffsets[tt.tripPattern[t]];
    const calls = Array.from({ length: n }, (_, pos) => [tt.arrivalAt(t, pos), tt.departureAt(t, pos)] as [number, number]);
    const detail = e.trip(t, day)!.calls.map((c) => [(c.arrival! - ref) / 1000, (c.departure! - ref) / 1000]);
    expect(detail, `${id}: trip detail`).toEqual(calls);
    return [id, calls];
  }));
}

/** Boards at A, B and C from 07:30 for two hours and the plans around the short trips, as golden lines. */
function answers(e: Engine): string[] {
  const from = ukLocalToEpoch(parseDay('2026-03-03'), 7.5 * 3600);
  const boards = ['A', 'B', 'C'].flatMap((s) => [boardLine(e, s, from, 120), boardLine(e, s, from, 120, 'arrivals')]);
  return [
    ...boards,
    ...journeyLines(e, { from: 'A', to: 'D', at: '2026-03-03 07:50', limit: 2 }),
    ...journeyLines(e, { from: 'B', to: 'C', at: '2026-03-03 08:45', arriveBy: true, limit: 2 }),
  ];
}

describe('trip times as a base per trip and u16 offsets', () => {
  it('stores u16 offsets from each trip\'s first departure plus its pattern\'s least offset, and reads every call back', async () => {
    const e = Engine.open((await build(false)).buffer as ArrayBuffer);
    const tt = e.timetable;
    expect(tt.times).toBeInstanceOf(Uint16Array);
    // R1's least offset is T1's arrival at A, 120 s before it departs: both trips' bases sit 120 s before their first departure.
    expect(['T1', 'T2', 'T3'].map((id) => tt.tripBase[e.findTrip(id)])).toEqual([28_680, 30_480, 32_400]);
    expect(callsOf(e, ['T1', 'T2', 'T3'])).toEqual({ T1: CALLS.T1, T2: CALLS.T2, T3: CALLS.T3 });
    expect(answers(e)).toEqual([
      '03-03T08:00+00:00 T1/03-03, 03-03T08:30+00:00 T2/03-03',
      '-',
      '03-03T08:06+00:00 T1/03-03, 03-03T08:35+00:00 T2/03-03',
      '03-03T08:05+00:00 T1/03-03, 03-03T08:35+00:00 T2/03-03',
      '03-03T09:00+00:00 T3/03-03',
      '03-03T08:12+00:00 T1/03-03, 03-03T08:42+00:00 T2/03-03',
      '03-03 08:30-09:30 bus T2@03-03 A 08:30 -> C 08:42 | bus T3@03-03 C 09:00 -> D 09:30',
      '03-03 08:06-08:12 bus T1@03-03 B 08:06 -> C 08:12',
      '03-03 08:35-08:42 bus T2@03-03 B 08:35 -> C 08:42',
    ]);
  });

  it('keeps i32 offsets for the whole snapshot when a pattern spans 20 hours, with the same answers', async () => {
    const short = Engine.open((await build(false)).buffer as ArrayBuffer);
    const bytes = await build(true);
    const e = Engine.open(bytes.slice().buffer as ArrayBuffer);
    const tt = e.timetable;
    expect(tt.times).toBeInstanceOf(Int32Array);
    // Expanded after the other patterns: their u16 offsets, written first, are carried over.
    expect(tt.tripPattern[e.findTrip('LONG')]).toBe(tt.patternCount - 1);
    expect(tt.tripBase[e.findTrip('LONG')]).toBe(14_400);
    expect(tt.tripBase[e.findTrip('T1')]).toBe(28_680);
    expect(callsOf(e, ['T1', 'T2', 'T3', 'LONG'])).toEqual(CALLS);
    expect(answers(e)).toEqual(answers(short));
    // Riding the long trip, both ways: RAPTOR's boarding searches read the i32 offsets too.
    expect(journeyLines(e, { from: 'A', to: 'E', at: '2026-03-03 03:30', limit: 1 })).toEqual(['03-03 04:00-00:00 bus LONG@03-03 A 04:00 -> E 00:00']);
    expect(journeyLines(e, { from: 'A', to: 'E', at: '2026-03-04 00:30', arriveBy: true, limit: 1 })).toEqual(['03-03 04:00-00:00 bus LONG@03-03 A 04:00 -> E 00:00']);
    const from = ukLocalToEpoch(parseDay('2026-03-03'), 23 * 3600);
    expect(boardLine(e, 'E', from, 120, 'arrivals')).toBe('03-04T00:00+00:00 LONG/03-03');
    // A share engine expands them once into shared memory; an engine viewing its tables reads the same i32 column.
    const shared = sharedCopy(bytes);
    const main = Engine.open(shared, { share: true });
    const { trips } = main.deriveSharedTables();
    expect(trips.times!.times).toBeInstanceOf(Int32Array);
    for (const col of [trips.times!.times, trips.times!.tripBase]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    const worker = Engine.open(shared, { tables: main.deriveSharedTables() });
    expect(worker.timetable.times).toBe(trips.times!.times);
    expect(worker.timetable.tripBase).toBe(trips.times!.tripBase);
    expect(callsOf(worker, ['T1', 'T2', 'T3', 'LONG'])).toEqual(CALLS);
    expect(answers(worker)).toEqual(answers(short));
  });

  it('keeps u16 offsets for a pattern spanning exactly 65,535 s and turns to i32 at 65,536 s', async () => {
    // The LONG trip alone on its pattern, from 04:00:00: its span is its last arrival minus its first departure.
    const kind = async (end: string) => {
      const text = feed(true).replace('LONG,2,E,24:00:00,24:00:00', `LONG,2,E,${end},${end}`);
      const e = Engine.open((await buildSnapshot({ gtfs: [feedFolder(text)], quiet: true })).bytes.slice().buffer as ArrayBuffer);
      const t = e.findTrip('LONG');
      expect(e.timetable.arrivalAt(t, 1) - e.timetable.departureAt(t, 0)).toBe(end === '22:12:15' ? 65_535 : 65_536);
      return e.timetable.times.constructor.name;
    };
    expect(await kind('22:12:15')).toBe('Uint16Array');
    expect(await kind('22:12:16')).toBe('Int32Array');
  });
});
