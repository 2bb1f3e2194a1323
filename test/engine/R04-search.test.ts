// FEATURE UNDER TEST: route search: line number ranking, line names, operator filter, stops and stations served, paging.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, QueryError, type RouteQuery } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone,agency_noc
  A,Alpha Buses,https://example.org,Europe/London,ALFA
  B,Beta Travel,https://example.org,Europe/London,BETA
  GR,GR,https://example.org,Europe/London,
  XC,CrossCountry,https://example.org,Europe/London,
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon,stop_code
  S1,Market,53.00,-1.00,
  S2,Church,53.01,-1.00,
  P1,York,53.10,-1.10,YRK
  P2,Leeds,53.20,-1.20,LDS
  # routes.txt
  route_id,agency_id,route_short_name,route_long_name,route_type
  A1,A,1,Market - Church,3
  A10,A,10,Church Hill circular,3
  A21,A,21,Market - Hospital,3
  AX1,A,X1,Express,3
  B1,B,1,Market - Church,3
  B101,B,101,,3
  GR1,GR,,,2
  XC1,XC,,,2
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # trips.txt
  route_id,service_id,trip_id
  A1,WK,a1
  A10,WK,a10
  A21,WK,a21
  AX1,WK,ax1
  B1,WK,b1
  B101,WK,b101
  GR1,WK,gr
  XC1,WK,xc
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  a1,1,S1,08:00:00,08:00:00
  a1,2,S2,08:10:00,08:10:00
  a10,1,S2,08:00:00,08:00:00
  a10,2,S2,08:30:00,08:30:00
  a21,1,S1,08:00:00,08:00:00
  a21,2,S2,08:10:00,08:10:00
  ax1,1,S2,08:00:00,08:00:00
  ax1,2,S1,08:10:00,08:10:00
  b1,1,S1,08:00:00,08:00:00
  b1,2,S2,08:10:00,08:10:00
  b101,1,S1,08:00:00,08:00:00
  b101,2,S1,08:10:00,08:10:00
  gr,1,P1,08:00:00,08:00:00
  gr,2,P2,08:30:00,08:30:00
  xc,1,P2,09:00:00,09:00:00
  xc,2,S1,09:30:00,09:30:00
`;

let e: Engine;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
  e = Engine.open(bytes.buffer);
});

const ids = (q: Partial<RouteQuery>) => {
  const page = e.routes({ kind: 'bus', offset: 0, limit: 50, ...q } as RouteQuery);
  return `${page.total}: ${page.items.map((r) => r.id).join(' ')}`;
};

describe('route search', () => {
  it('ranks exact line numbers first, then prefixes, then substrings, then line names; natural line order within a rank', () => {
    expect(ids({ text: '1' })).toBe('6: ALFA-1 BETA-1 ALFA-10 BETA-101 ALFA-21 ALFA-X1');
    expect(ids({ text: 'x1' })).toBe('1: ALFA-X1');
    expect(ids({ text: 'church' })).toBe('3: ALFA-1 BETA-1 ALFA-10');
    expect(ids({ text: 'hill' })).toBe('1: ALFA-10');
    expect(ids({ text: 'ill' })).toBe('1: ALFA-10');
    expect(ids({ text: 'HOSP' })).toBe('1: ALFA-21');
    expect(ids({ text: 'nowhere' })).toBe('0: ');
  });

  it('filters by operator name or code, case-insensitive substring, combined with text', () => {
    expect(ids({ operator: 'beta' })).toBe('2: BETA-1 BETA-101');
    expect(ids({ operator: 'alf' })).toBe('4: ALFA-1 ALFA-10 ALFA-21 ALFA-X1');
    expect(ids({ operator: 'Travel', text: '1' })).toBe('2: BETA-1 BETA-101');
  });

  it('lists the routes calling at a stop', () => {
    expect(ids({ stopIdx: e.findStop('S1') })).toBe('5: ALFA-1 BETA-1 ALFA-21 BETA-101 ALFA-X1');
    expect(ids({ stopIdx: e.findStop('S1'), text: '10' })).toBe('1: BETA-101');
  });

  it('searches train operators by code and name, and by station served', () => {
    const rail = (q: Partial<RouteQuery>) => ids({ kind: 'rail', ...q });
    expect(rail({ text: 'gr' })).toBe('1: GR');
    expect(rail({ text: 'north' })).toBe('1: GR'); // GR is named from the TOC table
    expect(rail({ text: 'cross' })).toBe('1: XC');
    expect(rail({ operator: 'r' })).toBe('2: GR XC');
    expect(rail({ stationIdx: e.findStation('LDS') })).toBe('2: GR XC');
    expect(rail({ stationIdx: e.findStation('yrk') })).toBe('1: GR');
    expect(e.routes({ kind: 'rail', text: 'xc', offset: 0, limit: 5 }).items[0]).toMatchObject({ id: 'XC', line: 'XC', lineName: 'CrossCountry', operator: 'CrossCountry', operatorCode: 'XC', mode: 'rail', directions: [] });
  });

  it('pages the ranked list', () => {
    expect(ids({ text: '1', offset: 2, limit: 2 })).toBe('6: ALFA-10 BETA-101');
    expect(ids({ text: '1', offset: 6, limit: 2 })).toBe('6: ');
  });

  it('needs at least one criterion', () => {
    expect(() => e.routes({ kind: 'bus', offset: 0, limit: 5 })).toThrow(QueryError);
    expect(() => e.routes({ kind: 'bus', text: '  ', offset: 0, limit: 5 })).toThrow(/Supply q/);
  });
});
