// FEATURE UNDER TEST: a route's timetable for one service date: calendar exceptions, departure order, direction filter, paging, times past 24:00.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, QueryError, formatUkTimestamp, parseDay, type RouteDetailQuery } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

// WK runs Monday-Friday but not Friday 27 March 2026; SAT runs only on Saturday 28 March
// (calendar_dates.txt alone). Three stop patterns; w1 and w4 both leave at 06:00; "late" leaves
// at 25:10, 01:10 the next morning. Clocks go forward on Sunday 29 March.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone,agency_noc
  A,Alpha Buses,https://example.org,Europe/London,ALFA
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,Market,53.00,-1.00
  S2,Church,53.01,-1.00
  S3,Park,53.02,-1.00
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R3,A,3,3
  R3X,A,3,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260323,20260403
  # calendar_dates.txt
  service_id,date,exception_type
  WK,20260327,2
  SAT,20260328,1
  # trips.txt
  route_id,service_id,trip_id,direction_id
  R3,WK,w1,0
  R3,WK,w2,1
  R3X,WK,w3,0
  R3X,WK,w4,0
  R3,WK,late,1
  R3,SAT,sat,0
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  w1,1,S1,06:00:00,06:00:00
  w1,2,S2,06:10:00,06:10:00
  w1,3,S3,06:20:00,06:20:00
  w2,1,S3,06:30:00,06:30:00
  w2,2,S1,06:50:00,06:50:00
  w3,1,S1,07:00:00,07:00:00
  w3,2,S3,07:15:00,07:15:00
  w4,1,S1,06:00:00,06:00:00
  w4,2,S3,06:15:00,06:15:00
  late,1,S3,25:10:00,25:10:00
  late,2,S1,25:30:00,25:30:00
  sat,1,S1,10:00:00,10:00:00
  sat,2,S2,10:10:00,10:10:00
  sat,3,S3,10:20:00,10:20:00
`;

let e: Engine;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
  e = Engine.open(bytes.buffer);
});

/** `total: trip@departure>arrival ...` for a date (and direction, page). */
function timetable(date: string, q: Partial<RouteDetailQuery> = {}): string {
  const r = e.route(e.findRoute('bus', 'ALFA-3'), { day: parseDay(date), offset: 0, limit: 50, ...q });
  const hhmm = (ms: number) => formatUkTimestamp(ms).slice(5, 16);
  return `${r.timetable.total}: ` + r.timetable.items.map((j) => `${j.tripId}@${hhmm(j.departure)}>${hhmm(j.arrival)}`).join(' ');
}

describe('a route timetable for one date', () => {
  it('lists the date’s journeys of every pattern in departure order, ties by trip_id, late trips on their service date', () => {
    expect(timetable('2026-03-24')).toBe('5: w1@03-24T06:00>03-24T06:20 w4@03-24T06:00>03-24T06:15 w2@03-24T06:30>03-24T06:50 w3@03-24T07:00>03-24T07:15 late@03-25T01:10>03-25T01:30');
  });

  it('applies calendar_dates.txt: a removed weekday has none, an added date has its own', () => {
    expect(timetable('2026-03-27')).toBe('0: ');
    expect(timetable('2026-03-28')).toBe('1: sat@03-28T10:00>03-28T10:20');
    expect(timetable('2026-03-29')).toBe('0: ');
    expect(timetable('2027-01-01')).toBe('0: ');
    expect(timetable('2019-01-01')).toBe('0: ');
  });

  it('renders UK local time with the real offset on each side of the clock change', () => {
    const first = (date: string) => formatUkTimestamp(e.route(e.findRoute('bus', 'ALFA-3'), { day: parseDay(date), offset: 0, limit: 1 }).timetable.items[0].departure);
    expect(first('2026-03-26')).toBe('2026-03-26T06:00:00+00:00');
    expect(first('2026-03-30')).toBe('2026-03-30T06:00:00+01:00');
  });

  it('filters by direction', () => {
    expect(timetable('2026-03-24', { direction: 0 })).toBe('3: w1@03-24T06:00>03-24T06:20 w4@03-24T06:00>03-24T06:15 w3@03-24T07:00>03-24T07:15');
    expect(timetable('2026-03-24', { direction: 1 })).toBe('2: w2@03-24T06:30>03-24T06:50 late@03-25T01:10>03-25T01:30');
  });

  it('pages without gaps or overlap, counting every journey of the date', () => {
    const page = (offset: number) => timetable('2026-03-24', { offset, limit: 2 });
    expect(page(0)).toBe('5: w1@03-24T06:00>03-24T06:20 w4@03-24T06:00>03-24T06:15');
    expect(page(2)).toBe('5: w2@03-24T06:30>03-24T06:50 w3@03-24T07:00>03-24T07:15');
    expect(page(4)).toBe('5: late@03-25T01:10>03-25T01:30');
    expect(page(6)).toBe('5: ');
  });

  it('describes each journey: direction, ends, calls', () => {
    const j = e.route(e.findRoute('bus', 'ALFA-3'), { day: parseDay('2026-03-24'), offset: 0, limit: 1 }).timetable.items[0];
    expect({ ...j, origin: j.origin.name, destination: j.destination.name }).toEqual({
      tripId: 'w1', direction: 0, departure: Date.parse('2026-03-24T06:00:00Z'), arrival: Date.parse('2026-03-24T06:20:00Z'), origin: 'Market', destination: 'Park', stopCount: 3,
    });
  });

  it('rejects a route index, day or direction the engine cannot answer', () => {
    const line = e.findRoute('bus', 'ALFA-3');
    const q = { day: parseDay('2026-03-24'), offset: 0, limit: 5 };
    expect(() => e.route(-1, q)).toThrow(QueryError);
    expect(() => e.route(99, q)).toThrow(/No route/);
    expect(() => e.route(line, { ...q, day: NaN })).toThrow(/date/);
    expect(() => e.route(line, { ...q, direction: 2 as 0 })).toThrow(/direction/);
  });
});
