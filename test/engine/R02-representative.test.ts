// FEATURE UNDER TEST: a route's directions and representative stops: the longest single journey, not a union; its commonest shape.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

// Outbound, line 5 runs Market-Church-School-Park (4 calls) and a branch Market-Mill-Quarry
// (3 calls, serving stops the long journey does not): a union would list 6 stops. Two journeys
// tie on 3 calls inbound; the slower one (a longer run) is the representative. Most outbound
// full journeys follow shape LONG, one follows ALT. Line 6 has no shapes.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Alpha Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,Market,53.00,-1.00
  S2,Church,53.01,-1.00
  S3,School,53.02,-1.00
  S4,Park,53.03,-1.00
  M1,Mill,53.00,-1.01
  M2,Quarry,53.00,-1.02
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R5,A,5,3
  R6,A,6,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # shapes.txt
  shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence
  LONG,53.00,-1.00,1
  LONG,53.015,-1.001,2
  LONG,53.03,-1.00,3
  ALT,53.00,-1.00,1
  ALT,53.03,-1.00,2
  # trips.txt
  route_id,service_id,trip_id,direction_id,shape_id
  R5,WK,out-1,0,LONG
  R5,WK,out-2,0,LONG
  R5,WK,out-3,0,ALT
  R5,WK,branch,0,
  R5,WK,in-fast,1,
  R5,WK,in-slow,1,
  R6,WK,six,0,
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  out-1,1,S1,08:00:00,08:00:00
  out-1,2,S2,08:05:00,08:05:00
  out-1,3,S3,08:10:00,08:10:00
  out-1,4,S4,08:15:00,08:15:00
  out-2,1,S1,09:00:00,09:00:00
  out-2,2,S2,09:05:00,09:05:00
  out-2,3,S3,09:10:00,09:10:00
  out-2,4,S4,09:15:00,09:15:00
  out-3,1,S1,10:00:00,10:00:00
  out-3,2,S2,10:05:00,10:05:00
  out-3,3,S3,10:10:00,10:10:00
  out-3,4,S4,10:15:00,10:15:00
  branch,1,S1,08:30:00,08:30:00
  branch,2,M1,08:35:00,08:35:00
  branch,3,M2,08:40:00,08:40:00
  in-fast,1,S4,11:00:00,11:00:00
  in-fast,2,S2,11:05:00,11:05:00
  in-fast,3,S1,11:10:00,11:10:00
  in-slow,1,S4,12:00:00,12:00:00
  in-slow,2,S3,12:10:00,12:10:00
  in-slow,3,S1,12:30:00,12:30:00
  six,1,S1,13:00:00,13:00:00
  six,2,S2,13:10:00,13:10:00
`;

const DAY = parseDay('2026-01-06');
let e: Engine;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
  e = Engine.open(bytes.buffer);
});

const route = (id: string, direction?: 0 | 1) => e.route(e.findRoute('bus', id), { day: DAY, direction, offset: 0, limit: 50 });
const names = (stops: { name: string }[]) => stops.map((s) => s.name).join(' > ');

describe('representative stops and directions', () => {
  it('are the longest single journey, not a union of journeys', () => {
    expect(names(route('A-5').representativeStops)).toBe('Market > Church > School > Park');
    expect(route('A-5').representativeStops[0]).toEqual({ atcocode: 'S1', name: 'Market', latitude: 53, longitude: -1, crsCode: null });
  });

  it('follow the direction asked for; a tie on calls goes to the longer run', () => {
    expect(names(route('A-5', 0).representativeStops)).toBe('Market > Church > School > Park');
    expect(names(route('A-5', 1).representativeStops)).toBe('Park > School > Market');
  });

  it('name each direction by its longest journey, with the commonest shape of that journey', () => {
    const golden = route('A-5').directions.map((d) => `${d.direction}: ${d.origin} > ${d.destination} (${d.stopCount}) ${d.shape ? `${d.shape.pointCount} pts ${d.shape.lengthMetres} m ${d.shape.polyline}` : 'no shape'}`);
    expect(golden).toEqual(['0: Market > Park (4) 3 pts 3338.5 m _qnbI~hbEw|AfEw|AgE', '1: Park > Market (3) no shape']);
    expect(route('A-5').directions[0].shape!.polyline).toBe(e.timetable.shapeLines.polyline(e.timetable.shapePolyline[[...e.timetable.shapeId].findIndex((s) => e.strings.get(s) === 'LONG')]));
  });

  it('have a null shape when the feed has none, and summaries list the ends per direction', () => {
    expect(route('A-6').directions).toEqual([{ direction: 0, origin: 'Market', destination: 'Church', stopCount: 2, shape: null }]);
    expect(e.routes({ kind: 'bus', text: '5', offset: 0, limit: 5 }).items[0].directions).toEqual([
      { direction: 0, origin: 'Market', destination: 'Park' },
      { direction: 1, origin: 'Park', destination: 'Market' },
    ]);
  });
});
