// FEATURE UNDER TEST: changes between trips: at one stop (the minimum change time holds) and on foot between two nearby stops (walk plus change time).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, journeyLines, planCase, ukTime } from '../support/journeys.js';

// S1 -A-> S2 (hub) -B-> S3; S4 lies 150 m north of S2 (a 195 m walk) and C runs S4 -> S5.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Hub,53.42,-1.50
  S3,Three,53.44,-1.50
  S4,Hub North,53.42135,-1.50
  S5,Five,53.42135,-1.47
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  A,X,A,3
  B,X,B,3
  C,X,C,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  A,WK,a1
  B,WK,b1
  B,WK,b2
  B,WK,b3
  C,WK,c1
  C,WK,c2
  C,WK,c3
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  a1,1,S1,08:00:00,08:00:00
  a1,2,S2,08:20:00,08:20:00
  b1,1,S2,08:20:30,08:20:30
  b1,2,S3,08:40:30,08:40:30
  b2,1,S2,08:21:00,08:21:00
  b2,2,S3,08:41:00,08:41:00
  b3,1,S2,08:30:00,08:30:00
  b3,2,S3,08:50:00,08:50:00
  c1,1,S4,08:22:20,08:22:20
  c1,2,S5,08:40:00,08:40:00
  c2,1,S4,08:23:20,08:23:20
  c2,2,S5,08:41:00,08:41:00
  c3,1,S4,08:24:00,08:24:00
  c3,2,S5,08:42:00,08:42:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const at = '2026-03-03 07:55';

describe('transfers', () => {
  it('changes at one stop no sooner than the minimum change time (60 s): b1 leaves 30 s after a1 arrives, b2 after 60 s', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S3', at, limit: 1 })).toEqual(['03-03 08:00-08:41 bus a1@03-03 S1 08:00 -> S2 08:20 | bus b2@03-03 S2 08:21 -> S3 08:41']);
    expect(journeyLines(e, { from: 'S1', to: 'S3', at, limit: 1, transferSlackS: 0 })).toEqual(['03-03 08:00-08:40:30 bus a1@03-03 S1 08:00 -> S2 08:20 | bus b1@03-03 S2 08:20:30 -> S3 08:40:30']);
    expect(journeyLines(e, { from: 'S1', to: 'S3', at, limit: 1, transferSlackS: 600 })).toEqual(['03-03 08:00-08:50 bus a1@03-03 S1 08:00 -> S2 08:20 | bus b3@03-03 S2 08:30 -> S3 08:50']);
  });

  it('walks between two nearby stops, then still allows the change time: the walk ends 08:22:27, so c2 (08:23:20) is missed and c3 (08:24) taken', () => {
    const plan = planCase(e, { from: 'S1', to: 'S5', at, limit: 1 });
    expect(plan.itineraries.map((it) => itineraryLine(e, it))).toEqual(['03-03 08:00-08:42 bus a1@03-03 S1 08:00 -> S2 08:20 | walk 195m S4 | bus c3@03-03 S4 08:24 -> S5 08:42']);
    const [it] = plan.itineraries;
    expect([it.transfers, it.walkDistance]).toEqual([1, 195]);
    const walk = it.legs[1];
    expect([walk.kind, walk.start, walk.end].join(' ')).toBe(`street ${ukTime('2026-03-03 08:20')} ${ukTime('2026-03-03 08:20') + 147_000}`);
    // Without a change time the walk alone decides: c1 leaves before the walk ends, c2 after.
    expect(journeyLines(e, { from: 'S1', to: 'S5', at, limit: 1, transferSlackS: 0 })).toEqual(['03-03 08:00-08:41 bus a1@03-03 S1 08:00 -> S2 08:20 | walk 195m S4 | bus c2@03-03 S4 08:23:20 -> S5 08:41']);
  });

  it('a change time no trip of the day allows is still respected: the walk then waits for the next day\'s first C', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S5', at, limit: 1, transferSlackS: 600 })).toEqual(['03-03 08:00-08:40 bus a1@03-03 S1 08:00 -> S2 08:20 | walk 195m S4 | bus c1@03-04 S4 08:22:20 -> S5 08:40']);
  });
});
