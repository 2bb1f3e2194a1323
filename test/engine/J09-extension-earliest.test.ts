// FEATURE UNDER TEST: the one extension past an empty search window goes to the earliest departure (arrive-by: the latest arrival) of a journey after it that no other journey after it dominates, not to the departure of the journey arriving first (leaving last): a journey that leaves earlier but arrives later is no longer skipped (issue 17).
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUkTimestamp, type Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, planCase } from '../support/journeys.js';

// A: S1 -> S2 direct, 12:00-15:00. B + C: S1 -> S3 13:00-13:20, then S3 -> S2 13:30-14:00 (arrives first, one change).
// D: S4 -> S5 direct 10:00-14:00; E: S4 -> S5 direct 11:00-12:00 (arrives first, no change either).
// N: S6 -> S8 at 06:30 and 22:00 (10 minutes); M: S8 -> S7 at 07:00 (30 minutes): leaving at 22:00 means a night at S8.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.40
  S2,Two,53.50,-1.40
  S3,Three,53.45,-1.30
  S4,Four,53.40,-1.10
  S5,Five,53.50,-1.10
  S6,Six,53.40,-1.00
  S7,Seven,53.50,-1.00
  S8,Eight,53.45,-0.95
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  A,X,A,3
  B,X,B,3
  C,X,C,3
  D,X,D,3
  E,X,E,3
  N,X,N,3
  M,X,M,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  ALL,1,1,1,1,1,1,1,20260302,20260308
  # trips.txt
  route_id,service_id,trip_id
  A,ALL,a12
  B,ALL,b13
  C,ALL,c13
  D,ALL,d10
  E,ALL,e11
  N,ALL,n06
  N,ALL,n22
  M,ALL,m07
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  a12,1,S1,12:00:00,12:00:00
  a12,2,S2,15:00:00,15:00:00
  b13,1,S1,13:00:00,13:00:00
  b13,2,S3,13:20:00,13:20:00
  c13,1,S3,13:30:00,13:30:00
  c13,2,S2,14:00:00,14:00:00
  d10,1,S4,10:00:00,10:00:00
  d10,2,S5,14:00:00,14:00:00
  e11,1,S4,11:00:00,11:00:00
  e11,2,S5,12:00:00,12:00:00
  n06,1,S6,06:30:00,06:30:00
  n06,2,S8,06:40:00,06:40:00
  n22,1,S6,22:00:00,22:00:00
  n22,2,S8,22:10:00,22:10:00
  m07,1,S8,07:00:00,07:00:00
  m07,2,S7,07:30:00,07:30:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const hm = (ms: number) => formatUkTimestamp(ms).slice(5, 16).replace('T', ' ');
/** The window searched (UK local) and the itineraries. */
const plan = (from: string, to: string, at: string, arriveBy = false) => {
  const p = planCase(e, { from, to, at, arriveBy });
  return { window: p.window ? `${hm(p.window.start)} - ${hm(p.window.end)}` : null, lines: p.itineraries.map((it) => itineraryLine(e, it)) };
};

const DIRECT = '03-03 12:00-15:00 bus a12@03-03 S1 12:00 -> S2 15:00';
const CHANGE = '03-03 13:00-14:00 bus b13@03-03 S1 13:00 -> S3 13:20 | bus c13@03-03 S3 13:30 -> S2 14:00';

describe('the extension past an empty window', () => {
  it('departing 07:00 (window 07:00-10:00, empty), goes to the 12:00 direct, which leaves first and arrives last', () => {
    expect(plan('S1', 'S2', '2026-03-03 07:00')).toEqual({ window: '03-03 12:00 - 03-03 15:00', lines: [DIRECT, CHANGE] });
  });

  it('arrive-by mirrors it: arriving by 23:00 (window 20:00-23:00, empty), back to the 15:00 arrival of the direct, though the change leaves later', () => {
    expect(plan('S1', 'S2', '2026-03-03 23:00', true)).toEqual({ window: '03-03 12:00 - 03-03 15:00', lines: [DIRECT, CHANGE] });
  });

  it('not to a journey that only leaves earlier (the 10:00, arriving 14:00, with no fewer changes than the 11:00 arriving 12:00): the 11:00 dominates it, and a window from 10:00 could hold nothing better', () => {
    expect(plan('S4', 'S5', '2026-03-03 06:30')).toEqual({ window: '03-03 11:00 - 03-03 14:00', lines: ['03-03 11:00-12:00 bus e11@03-03 S4 11:00 -> S5 12:00'] });
    expect(plan('S4', 'S5', '2026-03-03 20:00', true)).toEqual({ window: '03-03 09:00 - 03-03 12:00', lines: ['03-03 11:00-12:00 bus e11@03-03 S4 11:00 -> S5 12:00'] });
  });

  it('nor to the first bus out when the journey waits overnight: departing 19:00, to 06:30 next morning (the 22:00 arrives no sooner)', () => {
    const p = plan('S6', 'S7', '2026-03-03 19:00');
    expect(p.window?.slice(0, 11)).toBe('03-04 06:30');
    expect(p.lines).toEqual(['03-04 06:30-07:30 bus n06@03-04 S6 06:30 -> S8 06:40 | bus m07@03-04 S8 07:00 -> S7 07:30']);
  });
});
