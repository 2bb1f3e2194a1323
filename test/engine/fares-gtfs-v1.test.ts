// FEATURE UNDER TEST: GTFS fares v1 (fare_attributes + fare_rules + stop zones) priced per leg, ahead of the fare file.
import { describe, it, expect, beforeAll } from 'vitest';
import type { Engine } from '@transit/engine';
import { fareEngine, golden, leg } from '../support/fares.js';

// Zones Z1 (two stops), Z2, Z3 along R1/R2/R3 and R4 (Z1 -> Z2 -> Z3). F-IN1: within Z1, no
// transfers. F-12: Z1 <-> Z2, unlimited transfers within an hour. F-R2: anything on R2.
// F-ALL3: R4 through exactly Z1, Z2 and Z3. R3 from Z3 to Z3 matches no GTFS fare.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Zone Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon,zone_id
  370000011,Z1 North,53.380,-1.470,Z1
  370000012,Z1 South,53.370,-1.470,Z1
  370000021,Z2,53.400,-1.470,Z2
  370000031,Z3,53.420,-1.470,Z3
  370000032,Z3 End,53.430,-1.470,Z3
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R1,OP,1,3
  R2,OP,2,3
  R3,OP,3,3
  R4,OP,4,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20250101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  R1,WK,r1-back
  R2,WK,r2
  R3,WK,r3
  R4,WK,r4
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000011,09:00:00,09:00:00
  r1,2,370000012,09:05:00,09:05:00
  r1,3,370000021,09:10:00,09:10:00
  r1-back,1,370000021,09:40:00,09:40:00
  r1-back,2,370000011,09:50:00,09:50:00
  r2,1,370000011,09:00:00,09:00:00
  r2,2,370000012,09:05:00,09:05:00
  r3,1,370000031,09:00:00,09:00:00
  r3,2,370000032,09:05:00,09:05:00
  r4,1,370000011,09:00:00,09:00:00
  r4,2,370000021,09:10:00,09:10:00
  r4,3,370000031,09:20:00,09:20:00
  # fare_attributes.txt
  fare_id,price,currency_type,payment_method,transfers,transfer_duration
  F-IN1,1.50,GBP,0,0,
  F-12,2.20,GBP,0,,3600
  F-R2,0.90,GBP,0,0,
  F-ALL3,4.00,GBP,0,0,
  # fare_rules.txt
  fare_id,route_id,origin_id,destination_id,contains_id
  F-IN1,,Z1,Z1,
  F-12,,Z1,Z2,
  F-12,,Z2,Z1,
  F-R2,R2,,,
  F-ALL3,R4,,,Z1
  F-ALL3,R4,,,Z2
  F-ALL3,R4,,,Z3
`;

const FARES = {
  format: 'uk-transit-fares/1',
  areas: [{ id: 'sy', atco_prefixes: ['370'] }],
  fares: [{ id: 'sy-bus', area: 'sy', modes: ['bus'], single_gbp: 3, effective_from: '2025-01-01', source: 'test: file' }],
};

describe('GTFS fares v1', () => {
  let e: Engine;
  const day = '2025-06-03';
  beforeAll(async () => {
    e = await fareEngine(FEED, FARES);
  });

  it('prices a leg by origin and destination zone, ahead of the fare file, with the feed and fare_id as source', () => {
    const q = e.fares.price([leg(e, 'r1', '370000011', '370000012', day)]);
    expect(golden(q)).toBe('1.50 complete: 1.50 F-IN1');
    expect(q.legs[0]!.source).toMatch(/^GTFS .*feed-\w+ fare_id F-IN1$/);
    expect(golden(e.fares.price([leg(e, 'r1', '370000012', '370000021', day)]))).toBe('2.20 complete: 2.20 F-12');
  });

  it('takes the cheapest matching fare (a route rule beside a zone rule)', () => {
    expect(golden(e.fares.price([leg(e, 'r2', '370000011', '370000012', day)]))).toBe('0.90 complete: 0.90 F-R2');
  });

  it('lets a later leg ride on a fare with transfers inside its transfer_duration', () => {
    const legs = [leg(e, 'r1', '370000011', '370000021', day, '09:00'), leg(e, 'r1-back', '370000021', '370000011', day, '09:40'), leg(e, 'r1', '370000011', '370000021', day, '10:30')];
    expect(golden(e.fares.price(legs))).toBe('4.40 complete: 2.20 F-12 | 0.00 F-12 | 2.20 F-12');
  });

  it('charges again on a fare without transfers', () => {
    const legs = [leg(e, 'r1', '370000011', '370000012', day), leg(e, 'r1', '370000011', '370000012', day, '10:00')];
    expect(golden(e.fares.price(legs))).toBe('3.00 complete: 1.50 F-IN1 | 1.50 F-IN1');
  });

  it('needs the zones passed through to be exactly the contains set', () => {
    expect(golden(e.fares.price([leg(e, 'r4', '370000011', '370000031', day)]))).toBe('4.00 complete: 4.00 F-ALL3');
    expect(golden(e.fares.price([leg(e, 'r4', '370000011', '370000021', day)]))).toBe('2.20 complete: 2.20 F-12');
  });

  it('falls back to the fare file when no GTFS fare matches the leg', () => {
    expect(golden(e.fares.price([leg(e, 'r3', '370000031', '370000032', day)]))).toBe('3.00 complete: 3.00 sy-bus');
  });
});
