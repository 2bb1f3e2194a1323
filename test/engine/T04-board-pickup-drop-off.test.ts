// FEATURE UNDER TEST: pickup_type 1 (set down only) leaves a call off departures; drop_off_type 1 (pick up only) off arrivals; types 2 and 3 (phone, ask the driver) stay.
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
  X,A,X1,200
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  ALL,1,1,1,1,1,1,1,20260101,20261231
  # trips.txt
  route_id,service_id,trip_id
  X,ALL,setdown
  X,ALL,pickup
  X,ALL,request
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time,pickup_type,drop_off_type
  setdown,1,S1,07:00:00,07:00:00,0,0
  setdown,2,S2,07:10:00,07:10:00,1,0
  setdown,3,S3,07:20:00,07:20:00,0,0
  pickup,1,S1,07:30:00,07:30:00,0,0
  pickup,2,S2,07:40:00,07:40:00,0,1
  pickup,3,S3,07:50:00,07:50:00,0,0
  request,1,S1,08:00:00,08:00:00,0,0
  request,2,S2,08:10:00,08:10:00,2,3
  request,3,S3,08:20:00,08:20:00,0,0
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});
const seven = () => ukLocalToEpoch(parseDay('2026-02-02'), 7 * 3600);
const strip = (line: string) => line.replace(/02-02T(\d\d:\d\d)\+00:00 (\w+)\/02-02/g, '$1 $2');

describe('pickup and drop-off types', () => {
  it('departures leave out set-down-only calls', () => {
    expect(strip(boardLine(e, 'S2', seven(), 120))).toBe('07:40 pickup, 08:10 request');
  });

  it('arrivals leave out pick-up-only calls', () => {
    expect(strip(boardLine(e, 'S2', seven(), 120, 'arrivals'))).toBe('07:10 setdown, 08:10 request');
  });

  it('service detail still lists every call; a coach reports mode coach', () => {
    const t = e.trip(e.findTrip('setdown'), parseDay('2026-02-02'))!;
    expect(t.calls.map((c) => c.atcocode)).toEqual(['S1', 'S2', 'S3']);
    expect(t.mode).toBe('coach');
    expect(t.line).toBe('X1');
  });
});
