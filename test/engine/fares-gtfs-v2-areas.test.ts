// FEATURE UNDER TEST: GTFS fares v2 area-to-area fares (areas.txt, stop_areas.txt) with the spec's empty semantics (no rule_priority column).
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Zone z1 holds A1 and, through its station STN1, the platform A2; z2 holds B; z3 holds C and C2;
// D is in no area. Without a rule_priority column an empty from_area_id matches only boarding
// stops in no area that some rule names as from_area_id (z3 and D here, not z1 or z2).
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Zone Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
  STN1,Central,53.375,-1.470,1,
  370000011,A1,53.380,-1.470,0,
  370000012,A2,53.370,-1.470,0,STN1
  370000021,B,53.400,-1.470,0,
  370000031,C,53.420,-1.470,0,
  370000032,C2,53.430,-1.470,0,
  370000041,D,53.440,-1.470,0,
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R1,OP,1,3
  R2,OP,2,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  R1,WK,r1-back
  R2,WK,r2
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000011,09:00:00,09:00:00
  r1,2,370000012,09:05:00,09:05:00
  r1,3,370000021,09:10:00,09:10:00
  r1,4,370000031,09:20:00,09:20:00
  r1,5,370000032,09:25:00,09:25:00
  r1-back,1,370000021,09:40:00,09:40:00
  r1-back,2,370000011,09:50:00,09:50:00
  r2,1,370000041,09:00:00,09:00:00
  r2,2,370000031,09:10:00,09:10:00
  # areas.txt
  area_id,area_name
  z1,Zone 1
  z2,Zone 2
  z3,Zone 3
  # stop_areas.txt
  area_id,stop_id
  z1,370000011
  z1,STN1
  z2,370000021
  z3,370000031
  z3,370000032
  # fare_products.txt
  fare_product_id,amount,currency
  in-z1,1.50,GBP
  z1-z2,2.20,GBP
  to-z3,3.00,GBP
  # fare_leg_rules.txt
  from_area_id,to_area_id,fare_product_id
  z1,z1,in-z1
  z1,z2,z1-z2
  z2,z1,z1-z2
  ,z3,to-z3
`;

describe('GTFS fares v2: area-to-area fares', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED);
  });

  it('prices by boarding and alighting area, a station standing for its platforms', () => {
    expect(golden(e.fares.price([leg(e, 'r1', '370000011', '370000012', day)]))).toBe('1.50 complete: 1.50 in-z1');
    expect(golden(e.fares.price([leg(e, 'r1', '370000012', '370000021', day)]))).toBe('2.20 complete: 2.20 z1-z2');
    expect(golden(e.fares.price([leg(e, 'r1-back', '370000021', '370000011', day, '09:40')]))).toBe('2.20 complete: 2.20 z1-z2');
  });

  it('matches an empty from_area_id only from stops whose areas no rule names', () => {
    expect(golden(e.fares.price([leg(e, 'r1', '370000031', '370000032', day, '09:20')]))).toBe('3.00 complete: 3.00 to-z3');
    expect(golden(e.fares.price([leg(e, 'r2', '370000041', '370000031', day)]))).toBe('3.00 complete: 3.00 to-z3');
  });

  it('leaves a leg from a named area to an area no rule joins it to unpriced', () => {
    expect(golden(e.fares.price([leg(e, 'r1', '370000011', '370000031', day)]))).toBe('null incomplete: -');
    expect(golden(e.fares.price([leg(e, 'r1', '370000021', '370000031', day, '09:10')]))).toBe('null incomplete: -');
  });
});
