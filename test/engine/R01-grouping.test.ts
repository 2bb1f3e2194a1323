// FEATURE UNDER TEST: GTFS routes grouped into API routes: one line number of one operator (bus), one train operator (rail).
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, NOT_FOUND } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

// Line 7 of Alpha runs as two GTFS routes (the school journeys are a route of their own) and a
// short working; Beta also runs a 7; Alpha's 7A is another line. NT runs trains and a
// replacement bus; the tram is Alpha's too. R-EMPTY has no trips.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone,agency_noc
  A,Alpha Buses,https://example.org,Europe/London,ALFA
  B,Beta Travel,https://example.org,Europe/London,
  NT,NT,https://example.org,Europe/London,
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,Market,53.00,-1.00
  S2,Church,53.01,-1.00
  S3,School,53.02,-1.00
  S4,Park,53.03,-1.00
  P1,Alpha Station,53.10,-1.10
  P2,Beta Station,53.20,-1.20
  # routes.txt
  route_id,agency_id,route_short_name,route_long_name,route_type
  R7,A,7,Market - Park,3
  R7-SCH,A,7,Market - School (schooldays),3
  R7A,A,7A,Market - Church,3
  B7,B,7,,3
  TRAM,A,T1,Tram line,0
  NT-RAIL,NT,,Alpha - Beta,2
  NT-BUS,NT,,Rail replacement,3
  R-EMPTY,A,99,No trips,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # trips.txt
  route_id,service_id,trip_id,direction_id
  R7,WK,a7-full,0
  R7,WK,a7-short,0
  R7,WK,a7-back,1
  R7-SCH,WK,a7-school,0
  R7A,WK,a7a,0
  B7,WK,b7,0
  TRAM,WK,tram,0
  NT-RAIL,WK,train,0
  NT-BUS,WK,rbus,0
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  a7-full,1,S1,08:00:00,08:00:00
  a7-full,2,S2,08:05:00,08:05:00
  a7-full,3,S3,08:10:00,08:10:00
  a7-full,4,S4,08:15:00,08:15:00
  a7-short,1,S1,09:00:00,09:00:00
  a7-short,2,S2,09:05:00,09:05:00
  a7-back,1,S4,10:00:00,10:00:00
  a7-back,2,S1,10:15:00,10:15:00
  a7-school,1,S1,07:30:00,07:30:00
  a7-school,2,S3,07:40:00,07:40:00
  a7a,1,S1,11:00:00,11:00:00
  a7a,2,S2,11:05:00,11:05:00
  b7,1,S2,12:00:00,12:00:00
  b7,2,S4,12:10:00,12:10:00
  tram,1,S1,13:00:00,13:00:00
  tram,2,S4,13:10:00,13:10:00
  train,1,P1,14:00:00,14:00:00
  train,2,P2,14:30:00,14:30:00
  rbus,1,P1,15:00:00,15:00:00
  rbus,2,P2,16:00:00,16:00:00
`;

let e: Engine;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
  e = Engine.open(bytes.buffer);
});

/** Every route as `id kind mode | line | line name | operator (code) | journeys | trip ids by departure`. */
function golden(): string[] {
  const lines = e.routeIndex.lines;
  return Array.from({ length: lines.count }, (_, l) => {
    const r = e.routeIndex.summary(l);
    const trips = [...lines.trips.subarray(lines.tripOffsets[l], lines.tripOffsets[l + 1])].map((t) => e.timetable.tripIds.get(t));
    return `${r.id} ${r.kind} ${r.mode} | ${r.line} | ${r.lineName} | ${r.operator} (${r.operatorCode}) | ${r.journeyCount} | ${trips.join(' ')}`;
  });
}

describe('route grouping', () => {
  it('merges GTFS routes of one line and operator, keeps other operators and lines apart, and groups a train operator', () => {
    expect(golden()).toEqual([
      'ALFA-7 bus bus | 7 | Market - Park | Alpha Buses (ALFA) | 4 | a7-school a7-full a7-short a7-back',
      'B-7 bus bus | 7 | 7 | Beta Travel (B) | 1 | b7',
      'ALFA-7A bus bus | 7A | Market - Church | Alpha Buses (ALFA) | 1 | a7a',
      'ALFA-T1 bus tram | T1 | Tram line | Alpha Buses (ALFA) | 1 | tram',
      'NT rail rail | NT | Northern | Northern (NT) | 2 | train rbus',
    ]);
  });

  it('finds routes by id in any case, only under their own kind', () => {
    expect(e.routeIndex.summary(e.findRoute('bus', 'alfa-7')).id).toBe('ALFA-7');
    expect(e.routeIndex.summary(e.findRoute('bus', 'ALFA-7a')).id).toBe('ALFA-7A');
    expect(e.routeIndex.summary(e.findRoute('rail', 'nt')).id).toBe('NT');
    expect(e.findRoute('bus', 'NT')).toBe(NOT_FOUND);
    expect(e.findRoute('rail', 'ALFA-7')).toBe(NOT_FOUND);
    expect(e.findRoute('bus', 'ALFA-99')).toBe(NOT_FOUND); // a route without trips is no API route
    expect(e.findRoute('bus', 'ALFA-')).toBe(NOT_FOUND);
  });

  it('maps every GTFS route with trips to its line and indexes the line patterns', () => {
    const lines = e.routeIndex.lines;
    const routeIds = (l: number) => [...lines.routes.subarray(lines.routeOffsets[l], lines.routeOffsets[l + 1])].map((r) => e.strings.get(e.timetable.routeId[r])).sort();
    expect(routeIds(e.findRoute('bus', 'ALFA-7'))).toEqual(['R7', 'R7-SCH']);
    expect(routeIds(e.findRoute('rail', 'NT'))).toEqual(['NT-BUS', 'NT-RAIL']);
    for (let l = 0; l < lines.count; l++) {
      for (let i = lines.patternOffsets[l]; i < lines.patternOffsets[l + 1]; i++) expect(lines.ofRoute[e.timetable.patternRoute[lines.patterns[i]]]).toBe(l);
    }
  });
});
