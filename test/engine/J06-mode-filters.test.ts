// FEATURE UNDER TEST: transit mode filters: tram and rail only when asked for (transit_modes), bus and coach always, in the engine's mode mask and through /v1/journey.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModeBit, type Engine } from '@transit/engine';
import { ApiKeys, startServer, toKeyRecords, type RunningServer } from '@transit/server';
import { openFeed } from '../support/boards.js';
import { journeyLines } from '../support/journeys.js';

// Four ways from S1 to S2, all leaving at 08:00: tram (08:10), rail (08:15), coach (08:20), bus (08:30).
// S3 is served by the bus only.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Two,53.44,-1.50
  S3,Three,53.46,-1.50
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  T,X,T1,0
  Q,X,Q,2
  C,X,X9,200
  B,X,9,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  TU,1,1,1,1,1,1,1,20260303,20260303
  # trips.txt
  route_id,service_id,trip_id
  T,TU,tram
  Q,TU,train
  C,TU,coach
  B,TU,bus
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  tram,1,S1,08:00:00,08:00:00
  tram,2,S2,08:10:00,08:10:00
  train,1,S1,08:00:00,08:00:00
  train,2,S2,08:15:00,08:15:00
  coach,1,S1,08:00:00,08:00:00
  coach,2,S2,08:20:00,08:20:00
  bus,1,S1,08:00:00,08:00:00
  bus,2,S2,08:30:00,08:30:00
  bus,3,S3,08:40:00,08:40:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const at = '2026-03-03 07:50';
const BUS_COACH = ModeBit.Bus | ModeBit.Coach;

describe('mode filters in the engine (ModeBit mask)', () => {
  it('the fastest allowed mode wins; tram and rail only when in the mask', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S2', at, modeMask: BUS_COACH | ModeBit.Tram | ModeBit.Rail })).toEqual(['03-03 08:00-08:10 tram tram@03-03 S1 08:00 -> S2 08:10']);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at, modeMask: BUS_COACH | ModeBit.Rail })).toEqual(['03-03 08:00-08:15 rail train@03-03 S1 08:00 -> S2 08:15']);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at, modeMask: BUS_COACH })).toEqual(['03-03 08:00-08:20 coach coach@03-03 S1 08:00 -> S2 08:20']);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at, modeMask: ModeBit.Bus })).toEqual(['03-03 08:00-08:30 bus bus@03-03 S1 08:00 -> S2 08:30']);
  });

  it('a mask with no mode serving the trip finds nothing', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S3', at, modeMask: ModeBit.Tram | ModeBit.Rail | ModeBit.Coach })).toEqual([]);
    expect(journeyLines(e, { from: 'S1', to: 'S3', at, modeMask: BUS_COACH })).toEqual(['03-03 08:00-08:40 bus bus@03-03 S1 08:00 -> S3 08:40']);
  });
});

describe('transit_modes over HTTP (the real server on this feed)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ engine: e, keys: new ApiKeys(toKeyRecords([{ key: 'k', tier: 'unlimited', name: 'test' }])), port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  /** `mode trip_id` of each transit leg, one itinerary per entry. */
  const modes = async (extra: string, to = 'S2') => {
    const s = (id: string) => e.stop(e.findStop(id));
    const q = `from_lat=${s('S1').latitude}&from_lon=${s('S1').longitude}&to_lat=${s(to).latitude}&to_lon=${s(to).longitude}&datetime=2026-03-03T07:50&modes=${extra}`;
    const res = await fetch(`${server.url}/v1/journey.json?${q}`, { headers: { 'X-Api-Key': 'k' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { itineraries: { legs: { mode: string; trip_id: string | null }[] }[] };
    return body.itineraries.map((it) => it.legs.filter((l) => l.trip_id).map((l) => `${l.mode} ${l.trip_id}`).join(', '));
  };

  it('default (tram,rail): the tram; one sub-mode: that one or bus/coach; empty: bus and coach only', async () => {
    expect(await modes('')).toEqual(['tram tram']);
    expect(await modes('&transit_modes=tram,rail')).toEqual(['tram tram']);
    expect(await modes('&transit_modes=rail')).toEqual(['rail train']);
    expect(await modes('&transit_modes=tram')).toEqual(['tram tram']);
    expect(await modes('&transit_modes=')).toEqual(['coach coach']);
  });

  it('bus is searched whatever transit_modes says', async () => {
    expect(await modes('&transit_modes=tram,rail', 'S3')).toEqual(['bus bus']);
    expect(await modes('&transit_modes=', 'S3')).toEqual(['bus bus']);
  });
});
