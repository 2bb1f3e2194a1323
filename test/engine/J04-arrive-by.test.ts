// FEATURE UNDER TEST: arrive-by: the latest departures arriving by the time (walks and changes included), the latest `limit` listed by start time, and arrive-by across midnight.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, journeyLines, northOf, pagedLines, planCase } from '../support/journeys.js';

// R: S1 -> S2 every 20 minutes from 07:00, 25 minutes' ride. B: S2 -> S5 at 08:05:30 and 08:06.
// N (S3 -> S4, weekdays): late 23:50 -> 24:10, early 00:05 -> 00:25, owl 24:30 -> 24:50.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Two,53.42,-1.50
  S5,Five,53.42,-1.46
  S3,Three,53.40,-1.40
  S4,Four,53.42,-1.40
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,X,R,3
  B,X,B,3
  N,X,N,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  TU,1,1,1,1,1,1,1,20260303,20260303
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  R,TU,r0700
  R,TU,r0720
  R,TU,r0740
  R,TU,r0800
  B,TU,b1
  B,TU,b2
  N,WK,late
  N,WK,early
  N,WK,owl
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r0700,1,S1,07:00:00,07:00:00
  r0700,2,S2,07:25:00,07:25:00
  r0720,1,S1,07:20:00,07:20:00
  r0720,2,S2,07:45:00,07:45:00
  r0740,1,S1,07:40:00,07:40:00
  r0740,2,S2,08:05:00,08:05:00
  r0800,1,S1,08:00:00,08:00:00
  r0800,2,S2,08:25:00,08:25:00
  b1,1,S2,08:05:30,08:05:30
  b1,2,S5,08:29:00,08:29:00
  b2,1,S2,08:06:00,08:06:00
  b2,2,S5,08:30:00,08:30:00
  late,1,S3,23:50:00,23:50:00
  late,2,S4,24:10:00,24:10:00
  early,1,S3,00:05:00,00:05:00
  early,2,S4,00:25:00,00:25:00
  owl,1,S3,24:30:00,24:30:00
  owl,2,S4,24:50:00,24:50:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const plan = (from: string, to: string | ReturnType<typeof northOf>, at: string, limit?: number) => planCase(e, { from, to, at, arriveBy: true, limit });
const lines = (from: string, to: string | ReturnType<typeof northOf>, at: string, limit?: number) => journeyLines(e, { from, to, at, arriveBy: true, limit });

describe('arrive-by', () => {
  it('the latest departure arriving by the time; arriving exactly at it counts', () => {
    expect(lines('S1', 'S2', '2026-03-03 08:10', 1)).toEqual(['03-03 07:40-08:05 bus r0740@03-03 S1 07:40 -> S2 08:05']);
    expect(lines('S1', 'S2', '2026-03-03 08:05', 1)).toEqual(['03-03 07:40-08:05 bus r0740@03-03 S1 07:40 -> S2 08:05']);
    expect(lines('S1', 'S2', '2026-03-03 08:04', 1)).toEqual(['03-03 07:20-07:45 bus r0720@03-03 S1 07:20 -> S2 07:45']);
  });

  it('the walk to the destination counts: 390 m (4 min 53 s) after 08:05 is 08:09:53', () => {
    const to = northOf(e, 'S2', 300);
    expect(lines('S1', to, '2026-03-03 08:10', 1)).toEqual(['03-03 07:40-08:09:53 bus r0740@03-03 S1 07:40 -> S2 08:05 | walk 390m']);
    expect(lines('S1', to, '2026-03-03 08:09', 1)).toEqual(['03-03 07:20-07:49:53 bus r0720@03-03 S1 07:20 -> S2 07:45 | walk 390m']);
  });

  it('the change time holds backwards too: b1 leaves S2 30 s after r0740 arrives, so arriving by 08:29 means r0720', () => {
    expect(lines('S1', 'S5', '2026-03-03 08:29')).toEqual(['03-03 07:20-08:29 bus r0720@03-03 S1 07:20 -> S2 07:45 | bus b1@03-03 S2 08:05:30 -> S5 08:29']);
    expect(lines('S1', 'S5', '2026-03-03 08:30')).toEqual([
      '03-03 07:20-08:29 bus r0720@03-03 S1 07:20 -> S2 07:45 | bus b1@03-03 S2 08:05:30 -> S5 08:29',
      '03-03 07:40-08:30 bus r0740@03-03 S1 07:40 -> S2 08:05 | bus b2@03-03 S2 08:06 -> S5 08:30',
    ]);
  });

  it('the latest `limit`, listed by start time; next_available says the window held more; next_page runs earlier', () => {
    const one = plan('S1', 'S2', '2026-03-03 08:10', 1);
    expect(one.itineraries.map((it) => itineraryLine(e, it))).toEqual(['03-03 07:40-08:05 bus r0740@03-03 S1 07:40 -> S2 08:05']);
    expect(one.nextAvailable).toBe(true);
    // 40 minutes back from 08:10 (the 25-minute ride, the 5-minute wait): r0720 and r0740.
    const two = plan('S1', 'S2', '2026-03-03 08:10', 2);
    expect(two.searchWindowS).toBe(2400);
    expect(two.itineraries.map((it) => itineraryLine(e, it))).toEqual([
      '03-03 07:20-07:45 bus r0720@03-03 S1 07:20 -> S2 07:45',
      '03-03 07:40-08:05 bus r0740@03-03 S1 07:40 -> S2 08:05',
    ]);
    expect(two.nextAvailable).toBe(false);
    expect(pagedLines(e, { from: 'S1', to: 'S2', at: '2026-03-03 08:10', arriveBy: true }, 3)).toEqual([
      '03-03 07:20-07:45 bus r0720@03-03 S1 07:20 -> S2 07:45',
      '03-03 07:40-08:05 bus r0740@03-03 S1 07:40 -> S2 08:05',
      '03-03 07:00-07:25 bus r0700@03-03 S1 07:00 -> S2 07:25',
    ]);
  });

  it('across midnight: arriving by 00:20 finds the 23:50 of the evening before; earlier pages (one extension over the empty evening) the 24:30 and 00:05, then the 23:50 of the day before', () => {
    expect(lines('S3', 'S4', '2026-03-04 00:20', 2)).toEqual(['03-03 23:50-00:10 bus late@03-03 S3 23:50 -> S4 00:10']);
    expect(pagedLines(e, { from: 'S3', to: 'S4', at: '2026-03-04 00:20', arriveBy: true }, 3)).toEqual([
      '03-03 23:50-00:10 bus late@03-03 S3 23:50 -> S4 00:10',
      '03-03 00:05-00:25 bus early@03-03 S3 00:05 -> S4 00:25',
      '03-03 00:30-00:50 bus owl@03-02 S3 00:30 -> S4 00:50',
      '03-02 23:50-00:10 bus late@03-02 S3 23:50 -> S4 00:10',
    ]);
    const p = plan('S3', 'S4', '2026-03-04 00:55', 3);
    expect(p.itineraries.map((it) => itineraryLine(e, it))).toEqual([
      '03-04 00:05-00:25 bus early@03-04 S3 00:05 -> S4 00:25',
      '03-04 00:30-00:50 bus owl@03-03 S3 00:30 -> S4 00:50',
    ]);
    expect(p.nextAvailable).toBe(false);
  });

  it('nothing runs in the day before Monday 00:20 (no Sunday service): empty, with a notice', () => {
    const p = plan('S3', 'S4', '2026-03-02 00:20');
    expect(p.itineraries).toEqual([]);
    expect(p.notices.map((n) => n.code)).toEqual(['no_transit_found']);
  });
});
