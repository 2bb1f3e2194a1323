// FEATURE UNDER TEST: a board window straddling midnight lists yesterday's journeys running after 24:00 (24:xx, 25:xx) beside today's early ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDay, ukLocalToEpoch, type Engine } from '@transit/engine';
import { boardLine, openFeed } from '../support/boards.js';

const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.0,-1.0
  S2,Two,53.01,-1.0
  S3,Three,53.02,-1.0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  R,WK,evening
  R,WK,late
  R,WK,early
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  evening,1,S1,22:00:00,22:00:00
  evening,2,S2,22:20:00,22:20:00
  evening,3,S3,22:40:00,22:40:00
  late,1,S1,23:50:00,23:50:00
  late,2,S2,24:10:00,24:10:00
  late,3,S3,25:05:00,25:05:00
  early,1,S1,00:20:00,00:20:00
  early,2,S2,00:40:00,00:40:00
  early,3,S3,01:00:00,01:00:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});
const at = (date: string, hh: number, mm: number) => ukLocalToEpoch(parseDay(date), hh * 3600 + mm * 60);

describe('boards across midnight', () => {
  it('a window from 23:30 runs into the next day, in time order', () => {
    expect(boardLine(e, 'S1', at('2026-03-03', 23, 30), 120)).toBe('03-03T23:50+00:00 late/03-03, 03-04T00:20+00:00 early/03-04');
    expect(boardLine(e, 'S2', at('2026-03-03', 23, 30), 120)).toBe('03-04T00:10+00:00 late/03-03, 03-04T00:40+00:00 early/03-04');
  });

  it('a window starting at midnight shows yesterday\'s 24:xx and 25:xx calls', () => {
    expect(boardLine(e, 'S2', at('2026-03-04', 0, 0), 60)).toBe('03-04T00:10+00:00 late/03-03, 03-04T00:40+00:00 early/03-04');
    expect(boardLine(e, 'S3', at('2026-03-04', 0, 30), 60, 'arrivals')).toBe('03-04T01:00+00:00 early/03-04, 03-04T01:05+00:00 late/03-03');
  });

  it('follows the service day, not the calendar date: Friday\'s late trip runs on Saturday morning, Sunday\'s does not exist', () => {
    expect(boardLine(e, 'S2', at('2026-03-07', 0, 0), 120)).toBe('03-07T00:10+00:00 late/03-06');
    expect(boardLine(e, 'S2', at('2026-03-02', 0, 0), 120)).toBe('03-02T00:40+00:00 early/03-02');
  });

  it('a window ending before midnight or a negative offset window lists only the calls inside it (start inclusive, end exclusive)', () => {
    expect(boardLine(e, 'S1', at('2026-03-03', 22, 0), 0.5)).toBe('03-03T22:00+00:00 evening/03-03');
    expect(boardLine(e, 'S1', at('2026-03-03', 21, 0), 60)).toBe('-');
    expect(boardLine(e, 'S1', at('2026-03-04', 0, 20) - 60 * 60_000, 60)).toBe('03-03T23:50+00:00 late/03-03');
  });
});
