// FEATURE UNDER TEST: GTFS fares v2 free transfers (fare_transfer_rules.txt) limited by transfer_count and duration_limit.
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Every bus (network "bus" by networks.txt + route_networks.txt) is leg group "bus-leg" at 2.00.
// Bus to bus is free (no transfer product) for up to 2 transfers within an hour of the first
// leg's departure (duration_limit_type 1: departure to departure). Each run takes 10 minutes.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Hopper Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,B,53.390,-1.470
  370000003,C,53.400,-1.470
  370000004,D,53.410,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R1,OP,1,3
  R2,OP,2,3
  R3,OP,3,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  R2,WK,r2
  R3,WK,r3
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000001,09:00:00,09:00:00
  r1,2,370000002,09:10:00,09:10:00
  r2,1,370000002,09:20:00,09:20:00
  r2,2,370000003,09:30:00,09:30:00
  r3,1,370000003,09:40:00,09:40:00
  r3,2,370000004,09:50:00,09:50:00
  # networks.txt
  network_id,network_name
  bus,Buses
  # route_networks.txt
  network_id,route_id
  bus,R1
  bus,R2
  bus,R3
  # fare_products.txt
  fare_product_id,amount,currency
  single,2.00,GBP
  # fare_leg_rules.txt
  leg_group_id,network_id,fare_product_id
  bus-leg,bus,single
  # fare_transfer_rules.txt
  from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id
  bus-leg,bus-leg,2,3600,1,0,
`;

describe('GTFS fares v2: free transfers', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED);
  });

  it('rides free after a transfer within the duration limit, with the transfer rule as source', () => {
    const q = e.fares.price([leg(e, 'r1', '370000001', '370000002', day, '09:00'), leg(e, 'r2', '370000002', '370000003', day, '09:20')]);
    expect(golden(q)).toBe('2.00 complete: 2.00 single | 0.00 single');
    expect(q.legs[1]!.source).toMatch(/^GTFS .*feed-\w+ fare_transfer_rules\.txt line 2$/);
  });

  it('counts the limit from the first leg of the chain, and stops after transfer_count transfers', () => {
    const chain = ['09:00', '09:20', '09:40', '09:55'].map((t, i) => leg(e, ['r1', 'r2', 'r3', 'r1'][i], ['370000001', '370000002', '370000003', '370000001'][i], ['370000002', '370000003', '370000004', '370000002'][i], day, t));
    expect(golden(e.fares.price(chain.slice(0, 3)))).toBe('2.00 complete: 2.00 single | 0.00 single | 0.00 single');
    expect(golden(e.fares.price(chain))).toBe('4.00 complete: 2.00 single | 0.00 single | 0.00 single | 2.00 single');
  });

  it('charges again once the next leg departs after the duration limit', () => {
    const legs = [leg(e, 'r1', '370000001', '370000002', day, '09:00'), leg(e, 'r2', '370000002', '370000003', day, '09:20'), leg(e, 'r3', '370000003', '370000004', day, '10:01')];
    expect(golden(e.fares.price(legs))).toBe('4.00 complete: 2.00 single | 0.00 single | 2.00 single');
  });
});
