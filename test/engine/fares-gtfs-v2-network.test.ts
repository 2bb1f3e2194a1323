// FEATURE UNDER TEST: GTFS fares v2 flat fares by network (routes.network_id), ahead of GTFS fares v1 and the fare file.
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Buses 1 and 2 are network "city", the tram network "tram"; bus 4 has no network, so only the
// rule with an empty network_id (no rule_priority column: it matches networks no rule names)
// prices it. The feed's v1 fare (1.00 on R1) and the fare file (3.00) lose to v2.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Net Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,B,53.390,-1.470
  370000003,C,53.400,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type,network_id
  R1,OP,1,3,city
  R2,OP,2,3,city
  R3,OP,T,0,tram
  R4,OP,4,3,
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  R2,WK,r2
  R3,WK,r3
  R4,WK,r4
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000001,09:00:00,09:00:00
  r1,2,370000002,09:05:00,09:05:00
  r1,3,370000003,09:10:00,09:10:00
  r2,1,370000003,09:20:00,09:20:00
  r2,2,370000001,09:30:00,09:30:00
  r3,1,370000001,09:00:00,09:00:00
  r3,2,370000003,09:10:00,09:10:00
  r4,1,370000002,09:00:00,09:00:00
  r4,2,370000003,09:10:00,09:10:00
  # fare_attributes.txt
  fare_id,price,currency_type,payment_method,transfers
  V1,1.00,GBP,0,0
  # fare_rules.txt
  fare_id,route_id
  V1,R1
  # fare_media.txt
  fare_media_id,fare_media_name,fare_media_type
  cash,Cash,0
  card,Contactless,3
  # fare_products.txt
  fare_product_id,fare_product_name,fare_media_id,amount,currency
  city-single,City single,cash,2.20,GBP
  city-single,City single,card,2.00,GBP
  tram-single,Tram single,,2.80,GBP
  other-single,Any other bus,,4.00,GBP
  # fare_leg_rules.txt
  network_id,fare_product_id
  city,city-single
  tram,tram-single
  ,other-single
`;

const FARES = {
  format: 'uk-transit-fares/1',
  areas: [{ id: 'sy', atco_prefixes: ['370'] }],
  fares: [{ id: 'sy-bus', area: 'sy', modes: ['bus', 'tram'], single_gbp: 3, effective_from: '2025-01-01', source: 'test: file' }],
};

describe('GTFS fares v2: flat fares by network', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED, FARES);
  });

  it('prices a route by its network, ahead of v1 and the fare file, at the cheapest fare medium', () => {
    const q = e.fares.price([leg(e, 'r1', '370000001', '370000003', day)]);
    expect(golden(q)).toBe('2.00 complete: 2.00 city-single');
    expect(q.legs[0]!.source).toMatch(/^GTFS .*feed-\w+ fare_product_id city-single$/);
    expect(golden(e.fares.price([leg(e, 'r2', '370000003', '370000001', day)]))).toBe('2.00 complete: 2.00 city-single');
    expect(golden(e.fares.price([leg(e, 'r3', '370000001', '370000003', day)]))).toBe('2.80 complete: 2.80 tram-single');
  });

  it('prices a route without a network by the rule with an empty network_id', () => {
    expect(golden(e.fares.price([leg(e, 'r4', '370000002', '370000003', day)]))).toBe('4.00 complete: 4.00 other-single');
  });

  it('charges each leg its own fare when the feed has no transfer rules', () => {
    const legs = [leg(e, 'r3', '370000001', '370000003', day), leg(e, 'r2', '370000003', '370000001', day, '09:20')];
    expect(golden(e.fares.price(legs))).toBe('4.80 complete: 2.80 tram-single | 2.00 city-single');
  });
});
