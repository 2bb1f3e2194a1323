// FEATURE UNDER TEST: bad GTFS fares v2 rows become feed issues and are skipped; --strict makes them fatal.
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
  stop_id,stop_name,stop_lat,stop_lon
  A,A,53.38,-1.47
  B,B,53.39,-1.47
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
  # networks.txt
  network_id,network_name
  bus,Buses
  bus,Again
  # route_networks.txt
  network_id,route_id
  tram,R1
  bus,R9
  bus,R1
  # areas.txt
  area_id
  z1
  z1
  # stop_areas.txt
  area_id,stop_id
  z1,A
  z9,B
  z1,NOWHERE
  # fare_media.txt
  fare_media_id,fare_media_type
  card,3
  token,7
  # rider_categories.txt
  rider_category_id,rider_category_name,is_default_fare_category
  adult,Adult,1
  child,Child,0
  # fare_products.txt
  fare_product_id,fare_media_id,rider_category_id,amount,currency
  single,card,adult,2.10,GBP
  single,,child,1.00,GBP
  cheap,,,two,GBP
  euro,,,1.00,EUR
  coin,token,,1.00,GBP
  senior,,pensioner,1.00,GBP
  ,,,1.00,GBP
  # fare_leg_rules.txt
  leg_group_id,network_id,from_area_id,to_area_id,from_timeframe_group_id,fare_product_id,rule_priority
  g,bus,,,,single,1
  g,,,,,euro,
  g,tram,,,,single,
  g,,z9,,,single,
  g,,,,peak,single,
  g,,,,,single,high
  # fare_transfer_rules.txt
  from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id
  g,g,-1,3600,1,0,
  g,x,,,,0,
  g,g,,,,0,
  g,,2,,,0,
  g,g,1,1.5h,1,0,
  g,g,1,3600,,0,
  g,g,1,,,3,
  g,g,1,,,0,gold
`;

describe('GTFS fares v2 feed issues', () => {
  it('skips bad rows with one issue each and keeps the good rows', async () => {
    const { bytes, issues } = await buildSnapshot({ gtfs: [feedFolder(FEED)], fares: [], quiet: true });
    expect(issueLines(issues.kept)).toEqual([
      'networks.txt:3 duplicate_id network_id=bus',
      'route_networks.txt:2 unknown_network network_id=tram',
      'route_networks.txt:3 unknown_route route_id=R9',
      'areas.txt:3 duplicate_id area_id=z1',
      'stop_areas.txt:3 unknown_area area_id=z9',
      'stop_areas.txt:4 unknown_stop stop_id=NOWHERE',
      'fare_media.txt:3 bad_fare_media_type fare_media_type=7',
      'fare_products.txt:4 bad_amount amount=two',
      'fare_products.txt:5 unsupported_currency currency=EUR',
      'fare_products.txt:6 unknown_fare_media fare_media_id=token',
      'fare_products.txt:7 unknown_rider_category rider_category_id=pensioner',
      'fare_products.txt:8 missing_id fare_product_id=',
      'fare_leg_rules.txt:3 unknown_fare_product fare_product_id=euro',
      'fare_leg_rules.txt:4 unknown_network network_id=tram',
      'fare_leg_rules.txt:5 unknown_area from_area_id=z9',
      'fare_leg_rules.txt:6 unsupported_timeframe from_timeframe_group_id=peak',
      'fare_leg_rules.txt:7 bad_rule_priority rule_priority=high',
      'fare_transfer_rules.txt:3 unknown_leg_group to_leg_group_id=x',
      'fare_transfer_rules.txt:4 bad_transfer_count transfer_count=',
      'fare_transfer_rules.txt:5 bad_transfer_count transfer_count=2',
      'fare_transfer_rules.txt:6 bad_duration_limit duration_limit=1.5h',
      'fare_transfer_rules.txt:7 bad_duration_limit_type duration_limit_type=',
      'fare_transfer_rules.txt:8 bad_fare_transfer_type fare_transfer_type=3',
      'fare_transfer_rules.txt:9 unknown_fare_product fare_product_id=gold',
    ]);
    const e = Engine.open(bytes.buffer);
    const t1 = (hour: number) => ({ tripIdx: e.findTrip('t1'), fromStop: e.findStop('A'), toStop: e.findStop('B'), departMs: Date.UTC(2026, 0, 6, hour) });
    expect(e.fares.price([t1(8)])).toMatchObject({ amountGbp: 2.1, complete: true, legs: [{ fareId: 'single', amountGbp: 2.1 }] });
    expect(e.fares.price([t1(8), t1(9)])).toMatchObject({ amountGbp: 2.1, legs: [{ amountGbp: 2.1 }, { amountGbp: 0 }] });
  });

  it('fails the build on the first bad fare row under --strict', async () => {
    await expect(buildSnapshot({ gtfs: [feedFolder(FEED)], fares: [], strict: true, quiet: true })).rejects.toThrow(/networks\.txt:3: network_id listed twice; first kept \(duplicate_id, network_id="bus"\) \[--strict\]/);
  });
});
