// FEATURE UNDER TEST: a leg GTFS fares v2 cannot price falls back to the feed's v1 fares, else stays unknown: fare.complete is false.
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Only network "city" has a v2 leg rule (no empty-network rule). Night bus N1 has a v1 fare;
// night bus N2 has no fare at all, and no fare file is given.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,City Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,B,53.390,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type,network_id
  R1,OP,1,3,city
  N1,OP,N1,3,night
  N2,OP,N2,3,night
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  N1,WK,n1
  N2,WK,n2
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000001,09:00:00,09:00:00
  r1,2,370000002,09:10:00,09:10:00
  n1,1,370000002,23:00:00,23:00:00
  n1,2,370000001,23:10:00,23:10:00
  n2,1,370000002,23:30:00,23:30:00
  n2,2,370000001,23:40:00,23:40:00
  # fare_attributes.txt
  fare_id,price,currency_type,payment_method,transfers
  NIGHT,4.50,GBP,0,0
  # fare_rules.txt
  fare_id,route_id
  NIGHT,N1
  # fare_products.txt
  fare_product_id,amount,currency
  city-single,2.00,GBP
  # fare_leg_rules.txt
  network_id,fare_product_id
  city,city-single
`;

describe('GTFS fares v2: unpriced legs', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED);
  });

  it('falls back to the feed\'s v1 fare when no v2 leg rule matches', () => {
    const legs = [leg(e, 'r1', '370000001', '370000002', day), leg(e, 'n1', '370000002', '370000001', day, '23:00')];
    expect(golden(e.fares.price(legs))).toBe('6.50 complete: 2.00 city-single | 4.50 NIGHT');
  });

  it('reports a leg nothing prices as null and the quote as incomplete, summing the rest', () => {
    const legs = [leg(e, 'r1', '370000001', '370000002', day), leg(e, 'n2', '370000002', '370000001', day, '23:30')];
    expect(golden(e.fares.price(legs))).toBe('2.00 incomplete: 2.00 city-single | -');
    expect(e.fares.price(legs).complete).toBe(false);
    expect(golden(e.fares.price([legs[1]]))).toBe('null incomplete: -');
  });
});
