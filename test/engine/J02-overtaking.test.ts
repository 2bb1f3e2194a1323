// FEATURE UNDER TEST: overtaking trips on the same stops: an express leaving after a stopping service and arriving before it is the journey taken, in both search directions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { journeyLines } from '../support/journeys.js';

// Four stops in a line, one day of service. slow leaves S1 first; fast leaves 5 minutes later,
// is still behind at S2 and passes slow before S3. atwin leaves with fast but arrives 10 minutes
// after it; slow2 follows later, never overtaken.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Two,53.42,-1.50
  S3,Three,53.44,-1.50
  S4,Four,53.46,-1.50
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,X,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  TU,1,1,1,1,1,1,1,20260303,20260303
  # trips.txt
  route_id,service_id,trip_id
  R,TU,atwin
  R,TU,slow
  R,TU,fast
  R,TU,slow2
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  atwin,1,S1,08:05:00,08:05:00
  atwin,2,S2,08:12:30,08:12:30
  atwin,3,S3,08:28:00,08:28:00
  atwin,4,S4,08:35:00,08:35:00
  slow,1,S1,08:00:00,08:00:00
  slow,2,S2,08:10:00,08:10:00
  slow,3,S3,08:25:00,08:25:00
  slow,4,S4,08:40:00,08:40:00
  fast,1,S1,08:05:00,08:05:00
  fast,2,S2,08:12:00,08:12:00
  fast,3,S3,08:18:00,08:18:00
  fast,4,S4,08:25:00,08:25:00
  slow2,1,S1,08:30:00,08:30:00
  slow2,2,S2,08:40:00,08:40:00
  slow2,3,S3,08:55:00,08:55:00
  slow2,4,S4,09:10:00,09:10:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const day = '2026-03-03';
const FAST_S4 = '03-03 08:05-08:25 bus fast@03-03 S1 08:05 -> S4 08:25';

describe('overtaking trips', () => {
  it('depart-at: the express that leaves later and arrives first is taken; the stopping service it overtakes is dominated', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: `${day} 07:55` })).toEqual([FAST_S4, '03-03 08:30-09:10 bus slow2@03-03 S1 08:30 -> S4 09:10']);
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: `${day} 08:00`, limit: 1 })).toEqual([FAST_S4]);
    expect(journeyLines(e, { from: 'S1', to: 'S3', at: `${day} 07:55`, limit: 1 })).toEqual(['03-03 08:05-08:18 bus fast@03-03 S1 08:05 -> S3 08:18']);
  });

  it('where the express has not yet passed, both trips are worth offering (earlier start vs later start and end)', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: `${day} 07:55`, limit: 2 })).toEqual([
      '03-03 08:00-08:10 bus slow@03-03 S1 08:00 -> S2 08:10',
      '03-03 08:05-08:12 bus fast@03-03 S1 08:05 -> S2 08:12',
    ]);
  });

  it('boarding mid-route after the stopping service has gone: the express', () => {
    expect(journeyLines(e, { from: 'S2', to: 'S4', at: `${day} 08:09`, limit: 1 })).toEqual(['03-03 08:12-08:25 bus fast@03-03 S2 08:12 -> S4 08:25']);
  });

  it('arrive-by: the express again, the latest departure arriving in time, whether or not the stopping service also makes it', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: `${day} 08:45`, arriveBy: true })).toEqual([FAST_S4]);
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: `${day} 08:30`, arriveBy: true })).toEqual([FAST_S4]);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: `${day} 08:15`, arriveBy: true })).toEqual([
      '03-03 08:00-08:10 bus slow@03-03 S1 08:00 -> S2 08:10',
      '03-03 08:05-08:12 bus fast@03-03 S1 08:05 -> S2 08:12',
    ]);
  });
});
