// FEATURE UNDER TEST: fare file rules: operator before area-wide, dates, distance bands, box and polygon areas, caps by product.
import { describe, it, expect, beforeAll } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';
import { fareFile, golden, leg } from '../support/fares.js';

// Alpha (NOC ALFA) and Beta (no NOC: code = agency_id B) run buses in area 370; Beta's W1 runs
// in area 450; the tram runs 5.6 km over three stops (1.1 km, then 4.5 km); OUT1 has no ATCO
// prefix but lies inside a box and a polygon (OUT3 only in the box); the coach crosses from 370 to 450.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone,agency_noc
  A,Alpha Buses,https://example.org,Europe/London,ALFA
  B,Beta Travel,https://example.org,Europe/London,
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,Market,53.380,-1.470
  370000002,Church,53.390,-1.470
  450000001,Square,53.800,-1.550
  450000002,Mill,53.810,-1.550
  9400ZZSYAAA1,Tram A,53.380,-1.480
  9400ZZSYBBB1,Tram B,53.390,-1.480
  9400ZZSYCCC1,Tram C,53.430,-1.480
  OUT1,Moor Top,53.500,-1.700
  OUT2,Moor Foot,53.503,-1.700
  OUT3,Moor End,53.515,-1.700
  # routes.txt
  route_id,agency_id,route_short_name,route_long_name,route_type
  A1,A,1,,3
  B2,B,2,,3
  W1,B,W1,,3
  T1,A,T1,,0
  M1,B,M1,,3
  C1,B,C1,,200
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20240101,20261231
  # trips.txt
  route_id,service_id,trip_id
  A1,WK,a1
  B2,WK,b2
  W1,WK,w1
  T1,WK,t1
  M1,WK,m1
  C1,WK,c1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  a1,1,370000001,09:00:00,09:00:00
  a1,2,370000002,09:10:00,09:10:00
  b2,1,370000002,09:20:00,09:20:00
  b2,2,370000001,09:30:00,09:30:00
  w1,1,450000001,09:00:00,09:00:00
  w1,2,450000002,09:10:00,09:10:00
  t1,1,9400ZZSYAAA1,09:00:00,09:00:00
  t1,2,9400ZZSYBBB1,09:03:00,09:03:00
  t1,3,9400ZZSYCCC1,09:10:00,09:10:00
  m1,1,OUT1,09:00:00,09:00:00
  m1,2,OUT2,09:10:00,09:10:00
  m1,3,OUT3,09:20:00,09:20:00
  c1,1,370000001,09:00:00,09:00:00
  c1,2,450000001,10:00:00,10:00:00
`;

const FARES = {
  format: 'uk-transit-fares/1',
  areas: [
    { id: 'sy', atco_prefixes: ['370'] },
    { id: 'wy', atco_prefixes: ['450'] },
    { id: 'tram', atco_prefixes: ['9400ZZSY'] },
    { id: 'moor', bbox: [-1.75, 53.45, -1.65, 53.52] },
    { id: 'moor-polygon', polygon: [[-1.71, 53.49], [-1.69, 53.49], [-1.69, 53.505], [-1.71, 53.505]] },
  ],
  fares: [
    { id: 'sy-old', area: 'sy', modes: ['bus'], single_gbp: 2, effective_from: '2024-01-01', effective_to: '2024-12-31', source: 'test: old' },
    { id: 'sy-any', area: 'sy', modes: ['bus'], single_gbp: 3, day_cap_gbp: 5, product: 'sy-day', effective_from: '2025-01-01', source: 'test: any operator' },
    { id: 'sy-alfa', area: 'sy', modes: ['bus'], operators: ['alfa'], single_gbp: 1.8, day_cap_gbp: 5, product: 'sy-day', effective_from: '2025-01-01', source: 'test: Alpha' },
    { id: 'wy-b', area: 'wy', modes: ['bus', 'coach'], operators: ['B'], single_gbp: 2.5, effective_from: '2025-01-01', source: 'test: Beta by agency_id' },
    { id: 'tram-bands', area: 'tram', modes: ['tram'], bands: [{ up_to_km: 2, single_gbp: 2.5 }, { up_to_km: 5, single_gbp: 3 }], effective_from: '2025-01-01', source: 'test: bands' },
    { id: 'moor-polygon', area: 'moor-polygon', modes: ['bus'], single_gbp: 1.1, effective_from: '2025-01-01', source: 'test: polygon' },
    { id: 'moor-box', area: 'moor', modes: ['bus'], single_gbp: 1.2, effective_from: '2025-01-01', source: 'test: box' },
  ],
};

describe('fare file rules', () => {
  let e: Engine;
  beforeAll(async () => {
    e = Engine.open((await buildSnapshot({ gtfs: [feedFolder(FEED)], fares: [fareFile(FARES)], quiet: true })).bytes.buffer);
  });
  const day = '2025-06-03';

  it('prefers the rule naming the operator (NOC, case-insensitive) to the area-wide one', () => {
    expect(golden(e.fares.price([leg(e, 'a1', '370000001', '370000002', day)]))).toBe('1.80 complete: 1.80 sy-alfa');
    expect(golden(e.fares.price([leg(e, 'b2', '370000002', '370000001', day)]))).toBe('3.00 complete: 3.00 sy-any');
  });

  it('matches an operator without NOC by its agency_id, and the rule by the mode', () => {
    expect(golden(e.fares.price([leg(e, 'w1', '450000001', '450000002', day)]))).toBe('2.50 complete: 2.50 wy-b');
  });

  it('takes the rule in force on the UK date of departure', () => {
    expect(golden(e.fares.price([leg(e, 'b2', '370000002', '370000001', '2024-12-31', '23:30')]))).toBe('2.00 complete: 2.00 sy-old');
    expect(golden(e.fares.price([leg(e, 'b2', '370000002', '370000001', '2025-01-01', '00:10')]))).toBe('3.00 complete: 3.00 sy-any');
    expect(golden(e.fares.price([leg(e, 'b2', '370000002', '370000001', '2023-06-01')]))).toBe('null incomplete: -');
  });

  it('shares one day cap between the rules of one product', () => {
    const legs = [leg(e, 'a1', '370000001', '370000002', day), leg(e, 'b2', '370000002', '370000001', day), leg(e, 'a1', '370000001', '370000002', day)];
    expect(golden(e.fares.price(legs))).toBe('5.00 complete: 1.80 sy-alfa | 3.00 sy-any | 0.20 sy-alfa');
  });

  it('prices tram legs by straight-line distance band, and not beyond the last band', () => {
    expect(golden(e.fares.price([leg(e, 't1', '9400ZZSYAAA1', '9400ZZSYBBB1', day)]))).toBe('2.50 complete: 2.50 tram-bands');
    expect(golden(e.fares.price([leg(e, 't1', '9400ZZSYBBB1', '9400ZZSYCCC1', day)]))).toBe('3.00 complete: 3.00 tram-bands');
    expect(golden(e.fares.price([leg(e, 't1', '9400ZZSYAAA1', '9400ZZSYCCC1', day)]))).toBe('null incomplete: -');
  });

  it('places stops without an ATCO prefix by polygon or box; the first rule in file order wins a tie', () => {
    // OUT1 and OUT2 are inside both the polygon and the box: the polygon's rule comes first in the file.
    expect(golden(e.fares.price([leg(e, 'm1', 'OUT1', 'OUT2', day)]))).toBe('1.10 complete: 1.10 moor-polygon');
    // OUT3 (53.515) is in the box only.
    expect(golden(e.fares.price([leg(e, 'm1', 'OUT1', 'OUT3', day)]))).toBe('1.20 complete: 1.20 moor-box');
    expect(e.fares.price([leg(e, 'm1', 'OUT2', 'OUT3', day)]).legs[0]?.source).toBe('test: box');
  });

  it('leaves a leg crossing from one area to another unpriced, even for a listed mode and operator', () => {
    expect(golden(e.fares.price([leg(e, 'c1', '370000001', '450000001', day), leg(e, 'w1', '450000001', '450000002', day)]))).toBe('2.50 incomplete: - | 2.50 wy-b');
  });
});
