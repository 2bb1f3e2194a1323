// FEATURE UNDER TEST: GTFS fares v2 transfers with a fee: fare_transfer_type 0 (A + AB), 1 (A + AB + B) and 2 (AB).
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Bus 2.00, tram 3.00, rail 4.00 (leg groups by network). Bus to tram within 90 minutes of the
// bus leg's arrival (type 2: arrival to departure) costs 0.50 on top of the bus fare (type 0);
// tram to bus adds 1.00 to both fares (type 1); bus then rail costs 5.00 for the pair (type 2).
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Mixed Transit,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,B,53.390,-1.470
  370000003,C,53.400,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type,network_id
  BUS,OP,1,3,bus
  TRAM,OP,T,0,tram
  RAIL,OP,R,2,rail
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  BUS,WK,bus
  TRAM,WK,tram
  RAIL,WK,rail
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  bus,1,370000001,09:00:00,09:00:00
  bus,2,370000002,09:10:00,09:10:00
  bus,3,370000003,09:20:00,09:20:00
  tram,1,370000002,09:20:00,09:20:00
  tram,2,370000003,09:30:00,09:30:00
  rail,1,370000002,09:20:00,09:20:00
  rail,2,370000003,09:30:00,09:30:00
  # fare_products.txt
  fare_product_id,amount,currency
  bus,2.00,GBP
  tram,3.00,GBP
  rail,4.00,GBP
  bus-to-tram,0.50,GBP
  tram-to-bus,1.00,GBP
  bus-rail,5.00,GBP
  # fare_leg_rules.txt
  leg_group_id,network_id,fare_product_id
  bus-leg,bus,bus
  tram-leg,tram,tram
  rail-leg,rail,rail
  # fare_transfer_rules.txt
  from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id
  bus-leg,tram-leg,,5400,2,0,bus-to-tram
  tram-leg,bus-leg,,,,1,tram-to-bus
  bus-leg,rail-leg,,,,2,bus-rail
`;

describe('GTFS fares v2: transfers with a fee', () => {
  let e: Engine;
  const day = '2025-06-03';
  const bus = (time = '09:00') => leg(e, 'bus', '370000001', '370000002', day, time);
  const tram = (time = '09:20') => leg(e, 'tram', '370000002', '370000003', day, time);
  beforeAll(async () => {
    e = await fareEngine(FEED);
  });

  it('type 0: the first fare plus the transfer product, charged on the second leg', () => {
    expect(golden(e.fares.price([bus(), tram()]))).toBe('2.50 complete: 2.00 bus | 0.50 bus-to-tram');
  });

  it('type 0 past the duration limit (90 min from the first arrival): two fares', () => {
    expect(golden(e.fares.price([bus(), tram('10:41')]))).toBe('5.00 complete: 2.00 bus | 3.00 tram');
    expect(golden(e.fares.price([bus(), tram('10:40')]))).toBe('2.50 complete: 2.00 bus | 0.50 bus-to-tram');
  });

  it('type 1: both fares plus the transfer product', () => {
    expect(golden(e.fares.price([tram('09:00'), leg(e, 'bus', '370000003', '370000001', day, '09:40')]))).toBe('6.00 complete: 3.00 tram | 3.00 bus');
  });

  it('type 2: the transfer product alone prices the pair, on the first leg', () => {
    const q = e.fares.price([bus(), leg(e, 'rail', '370000002', '370000003', day, '09:20')]);
    expect(golden(q)).toBe('5.00 complete: 5.00 bus-rail | 0.00 bus-rail');
  });

  it('chains transfers: S + BC + C after a type 0 transfer', () => {
    const legs = [bus(), tram(), leg(e, 'bus', '370000003', '370000001', day, '09:40')];
    expect(golden(e.fares.price(legs))).toBe('5.50 complete: 2.00 bus | 0.50 bus-to-tram | 3.00 bus');
  });
});
