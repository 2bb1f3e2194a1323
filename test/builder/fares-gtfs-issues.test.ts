// FEATURE UNDER TEST: bad GTFS fares v1 rows become feed issues and are skipped; --strict makes them fatal.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';
import { issueLines } from '../support/fares.js';

const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Zone Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon,zone_id
  A,A,53.38,-1.47,Z1
  B,B,53.39,-1.47,Z2
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R1,OP,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260130
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,t1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  t1,1,A,08:00:00,08:00:00
  t1,2,B,08:10:00,08:10:00
  # fare_attributes.txt
  fare_id,price,currency_type,payment_method,transfers,agency_id,transfer_duration
  GOOD,2.10,GBP,0,0,OP,
  NOPRICE,two,GBP,0,0,,
  EURO,1.00,EUR,0,0,,
  MANY,1.00,GBP,0,5,,
  LONG,1.00,GBP,0,,,1h
  NOBODY,1.00,GBP,0,,XX,
  GOOD,3.00,GBP,0,0,,
  ,1.00,GBP,0,0,,
  # fare_rules.txt
  fare_id,route_id,origin_id,destination_id
  GOOD,R1,Z1,Z2
  EURO,R1,,
  GOOD,R9,,
`;

describe('GTFS fares v1 feed issues', () => {
  it('skips bad rows with one issue each and keeps the good fare', async () => {
    const { bytes, issues } = await buildSnapshot({ gtfs: [feedFolder(FEED)], fares: [], quiet: true });
    expect(issueLines(issues.kept)).toEqual([
      'fare_attributes.txt:3 bad_price price=two',
      'fare_attributes.txt:4 unsupported_currency currency_type=EUR',
      'fare_attributes.txt:5 bad_transfers transfers=5',
      'fare_attributes.txt:6 bad_transfer_duration transfer_duration=1h',
      'fare_attributes.txt:7 unknown_agency agency_id=XX',
      'fare_attributes.txt:8 duplicate_id fare_id=GOOD',
      'fare_attributes.txt:9 missing_id fare_id=',
      'fare_rules.txt:3 unknown_fare fare_id=EURO',
      'fare_rules.txt:4 unknown_route route_id=R9',
    ]);
    const e = Engine.open(bytes.buffer);
    const q = e.fares.price([{ tripIdx: e.findTrip('t1'), fromStop: e.findStop('A'), toStop: e.findStop('B'), departMs: Date.UTC(2026, 0, 6, 8) }]);
    expect(q).toMatchObject({ amountGbp: 2.1, complete: true, legs: [{ fareId: 'GOOD', amountGbp: 2.1 }] });
  });

  it('fails the build on the first bad fare row under --strict', async () => {
    await expect(buildSnapshot({ gtfs: [feedFolder(FEED)], fares: [], strict: true, quiet: true })).rejects.toThrow(/fare_attributes\.txt:3: price is not a non-negative amount with at most 2 decimals \(bad_price, price="two"\) \[--strict\]/);
  });
});
