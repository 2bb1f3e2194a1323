// FEATURE UNDER TEST: departures leave out journeys terminating at the stop; arrivals include them and leave out journeys starting there (loops and one-call trips too).
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
  S4,Four,53.01,-1.01
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  ALL,1,1,1,1,1,1,1,20260601,20260630
  # trips.txt
  route_id,service_id,trip_id,trip_headsign
  R,ALL,through,Three
  R,ALL,ends,Two
  R,ALL,starts,Three
  R,ALL,loop,Circular
  R,ALL,solo,
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  through,1,S1,09:00:00,09:00:00
  through,2,S2,09:10:00,09:11:00
  through,3,S3,09:20:00,09:20:00
  ends,1,S1,09:05:00,09:05:00
  ends,2,S2,09:15:00,09:15:00
  starts,1,S2,09:20:00,09:20:00
  starts,2,S3,09:30:00,09:30:00
  loop,1,S2,09:30:00,09:30:00
  loop,2,S4,09:35:00,09:35:00
  loop,3,S2,09:40:00,09:40:00
  solo,1,S2,09:50:00,09:51:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});
const nine = () => ukLocalToEpoch(parseDay('2026-06-10'), 9 * 3600);
const strip = (line: string) => line.replace(/06-10T(\d\d:\d\d)\+01:00 (\w+)\/06-10/g, '$1 $2');

describe('terminating and starting journeys', () => {
  it('departures: through and starting journeys, the loop at its start, not journeys ending here', () => {
    expect(strip(boardLine(e, 'S2', nine(), 60))).toBe('09:11 through, 09:20 starts, 09:30 loop, 09:51 solo');
  });

  it('arrivals: through and ending journeys, the loop at its end, not journeys starting here', () => {
    expect(strip(boardLine(e, 'S2', nine(), 60, 'arrivals'))).toBe('09:10 through, 09:15 ends, 09:40 loop, 09:50 solo');
  });

  it('the last stop has arrivals only; the first departures only', () => {
    expect(strip(boardLine(e, 'S3', nine(), 60))).toBe('-');
    expect(strip(boardLine(e, 'S3', nine(), 60, 'arrivals'))).toBe('09:20 through, 09:30 starts');
    expect(strip(boardLine(e, 'S1', nine(), 60, 'arrivals'))).toBe('-');
  });

  it('destination is the headsign, else the last stop; origin the first stop', () => {
    const calls = e.stopBoard(e.findStop('S2'), { from: nine(), to: nine() + 3_600_000, limit: 10, type: 'arrivals' });
    expect(calls.map((c) => `${c.tripId}:${c.origin}->${c.destination}#${c.sequence}`)).toEqual(['through:One->Three#2', 'ends:One->Two#2', 'loop:Two->Circular#3', 'solo:Two->Two#1']);
  });
});
