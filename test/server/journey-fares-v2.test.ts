// FEATURE UNDER TEST: /v1/journey.json over HTTP prices a transit leg by the feed's GTFS fares v2, ahead of the bundled fare file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { ApiKeys, startServer, toKeyRecords, type RunningServer } from '@transit/server';
import { feedFolder } from '../support/gtfs.js';
import { checkedFetch } from '../support/openapi-contract.js';

// One bus (network "city", 1.80 by fare_leg_rules.txt) from A to B, 4 km apart in South
// Yorkshire, where the bundled fare file would charge 3.00.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,City Buses,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  370000001,A,53.380,-1.470
  370000002,B,53.416,-1.470
  # routes.txt
  route_id,agency_id,route_short_name,route_type,network_id
  R1,OP,1,3,city
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,1,1,20260101,20261231
  # trips.txt
  route_id,service_id,trip_id
  R1,WK,r1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,370000001,08:10:00,08:10:00
  r1,2,370000002,08:25:00,08:25:00
  # fare_products.txt
  fare_product_id,amount,currency
  city-single,1.80,GBP
  # fare_leg_rules.txt
  network_id,fare_product_id
  city,city-single
`;

let server: RunningServer;
beforeAll(async () => {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
  const engine = Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const keys = new ApiKeys(toKeyRecords([{ key: 'k', tier: 'unlimited', name: 'test' }]));
  server = await startServer({ engine, keys, port: 0, host: '127.0.0.1', log: () => {} });
});
afterAll(() => server?.close());

describe('GET /v1/journey.json with GTFS fares v2', () => {
  it('shows the v2 fare on the transit leg and in the itinerary total', async () => {
    const query = 'from_lat=53.380&from_lon=-1.470&to_lat=53.416&to_lon=-1.470&datetime=2026-03-03T08:00&modes=';
    const res = await checkedFetch(`${server.url}/v1/journey.json?${query}`, { headers: { 'X-Api-Key': 'k' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    const it0 = body.itineraries[0];
    const bus = it0.legs.find((l: any) => l.mode === 'bus');
    expect(bus.fare).toEqual({ amount_gbp: 1.8, source: expect.stringMatching(/fare_product_id city-single$/) });
    expect(it0.fare).toEqual({ amount_gbp: 1.8, complete: true, priced_amount_gbp: null });
  });
});
