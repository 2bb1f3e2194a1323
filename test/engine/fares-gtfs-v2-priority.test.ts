// FEATURE UNDER TEST: GTFS fares v2 rule_priority: the highest priority among matching leg rules wins; empty fields then match anything.
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// A and A2 are in z1, B in z2. Bus 1 is network "city", bus 2 network "rural". With a
// rule_priority column, "flat" (empty everything, priority 0) matches every leg, and the empty
// to_area_id of "from-z1" matches any alighting stop although other rules name areas.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Priority Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,A2,53.385,-1.470
  370000003,B,53.400,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type,network_id
  R1,OP,1,3,city
  R2,OP,2,3,rural
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
  r1,1,370000001,09:00:00,09:00:00
  r1,2,370000002,09:05:00,09:05:00
  r1,3,370000003,09:10:00,09:10:00
  r1-back,1,370000003,09:30:00,09:30:00
  r1-back,2,370000001,09:40:00,09:40:00
  r2,1,370000001,09:00:00,09:00:00
  r2,2,370000002,09:05:00,09:05:00
  # areas.txt
  area_id
  z1
  z2
  # stop_areas.txt
  area_id,stop_id
  z1,370000001
  z1,370000002
  z2,370000003
  # fare_products.txt
  fare_product_id,amount,currency
  flat,1.00,GBP
  from-z1,2.00,GBP
  inner-city,1.20,GBP
  inner-any,0.50,GBP
  # fare_leg_rules.txt
  network_id,from_area_id,to_area_id,fare_product_id,rule_priority
  ,,,flat,
  ,z1,,from-z1,1
  city,z1,z1,inner-city,2
  ,z1,z1,inner-any,1
`;

describe('GTFS fares v2: rule_priority', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED);
  });

  it('takes the highest priority match, even over a cheaper lower-priority one', () => {
    expect(golden(e.fares.price([leg(e, 'r1', '370000001', '370000002', day)]))).toBe('1.20 complete: 1.20 inner-city');
    expect(golden(e.fares.price([leg(e, 'r1', '370000001', '370000003', day)]))).toBe('2.00 complete: 2.00 from-z1');
  });

  it('lets empty fields match anything, down to the priority 0 catch-all', () => {
    expect(golden(e.fares.price([leg(e, 'r1-back', '370000003', '370000001', day, '09:30')]))).toBe('1.00 complete: 1.00 flat');
  });

  it('takes the cheapest of several matches of equal priority', () => {
    expect(golden(e.fares.price([leg(e, 'r2', '370000001', '370000002', day)]))).toBe('0.50 complete: 0.50 inner-any');
  });
});
