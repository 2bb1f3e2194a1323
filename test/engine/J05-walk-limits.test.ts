// FEATURE UNDER TEST: walk limits: max_walk_distance (any one walk: to, between and from stops) and max_total_walk_distance exclude itineraries, never silently ignored; the direct walk is not limited; a notice explains an empty answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, LatLon } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, journeyLines, northOf, planCase, type JourneyCase } from '../support/journeys.js';

// O lies 300 m south of S1 and D 300 m north of S2 (390 m walks each). R runs S1 -> S2 direct
// and slowly; A (S1 -> S3) and C (S3b -> S2) are quicker with a 455 m walk from S3 to S3b (350 m north).
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S3,Three,53.42,-1.50
  S3b,Three North,53.4231476,-1.50
  S2,Two,53.45,-1.50
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,X,R,3
  A,X,A,3
  C,X,C,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  TU,1,1,1,1,1,1,1,20260303,20260303
  # trips.txt
  route_id,service_id,trip_id
  R,TU,r1
  A,TU,a1
  C,TU,c1
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  r1,1,S1,08:00:00,08:00:00
  r1,2,S2,08:40:00,08:40:00
  a1,1,S1,08:05:00,08:05:00
  a1,2,S3,08:15:00,08:15:00
  c1,1,S3b,08:25:00,08:25:00
  c1,2,S2,08:35:00,08:35:00
`;

let e: Engine;
let O: LatLon;
let D: LatLon;
beforeAll(async () => {
  e = await openFeed(FEED);
  O = northOf(e, 'S1', -300);
  D = northOf(e, 'S2', 300);
});

const R = '03-03 07:55:07-08:44:53 walk 390m S1 | bus r1@03-03 S1 08:00 -> S2 08:40 | walk 390m';
const AC = '03-03 08:00:07-08:39:53 walk 390m S1 | bus a1@03-03 S1 08:05 -> S3 08:15 | walk 455m S3b | bus c1@03-03 S3b 08:25 -> S2 08:35 | walk 390m';
const at = '2026-03-03 07:30';
const notices = (c: JourneyCase) => planCase(e, c).notices.map((n) => `${n.code}: ${n.message}`);

describe('walk limits', () => {
  it('without limits both come back: R walks 780 m in all, A+C 1235 m', () => {
    const p = planCase(e, { from: O, to: D, at });
    expect(p.itineraries.map((it) => itineraryLine(e, it))).toEqual([R, AC]);
    expect(p.itineraries.map((it) => it.walkDistance)).toEqual([780, 1235]);
    expect(p.notices).toEqual([]);
  });

  it('max_walk_distance bounds every walk, the change on foot included (a walk of exactly the limit is allowed)', () => {
    expect(journeyLines(e, { from: O, to: D, at, maxWalkM: 390 })).toEqual([R]);
    expect(journeyLines(e, { from: O, to: D, at, maxWalkM: 454 })).toEqual([R]);
    expect(journeyLines(e, { from: O, to: D, at, maxWalkM: 455 })).toEqual([R, AC]);
  });

  it('max_walk_distance below the walk to any stop: empty, the notices say why, the direct walk is still offered in full', () => {
    const p = planCase(e, { from: O, to: D, at, maxWalkM: 300, alternatives: ['walk'] });
    expect(p.itineraries).toEqual([]);
    expect(p.notices.map((n) => `${n.code}: ${n.message}`)).toEqual([
      'no_stops_near_origin: No stop with services lies within walking distance (300 m) of the origin.',
      'no_stops_near_destination: No stop with services lies within walking distance (300 m) of the destination.',
    ]);
    expect(p.alternatives.walk!.map((it) => itineraryLine(e, it))).toEqual(['03-03 07:30-09:10:06 walk 8008m']);
  });

  it('a walk limit that leaves only the change on foot too long: empty, and the notice names the limit', () => {
    // At 07:58 r1 (leave by 07:55:07) is gone; only A+C remains, and its change walks 455 m.
    expect(journeyLines(e, { from: O, to: D, at: '2026-03-03 07:58' })).toEqual([AC]);
    expect(notices({ from: O, to: D, at: '2026-03-03 07:58', maxWalkM: 400 })).toEqual(['walk_limits_excluded: Itineraries were found but walk farther than max_walk_distance (400 m) allows.']);
  });

  it('max_total_walk_distance excludes by the sum of the walks; the direct walk is not limited', () => {
    expect(journeyLines(e, { from: O, to: D, at, maxTotalWalkM: 1235 })).toEqual([R, AC]);
    expect(journeyLines(e, { from: O, to: D, at, maxTotalWalkM: 1000 })).toEqual([R]);
    const p = planCase(e, { from: O, to: D, at, maxTotalWalkM: 700, alternatives: ['walk'] });
    expect(p.itineraries).toEqual([]);
    expect(p.notices.map((n) => `${n.code}: ${n.message}`)).toEqual(['walk_limits_excluded: 2 itineraries were found but walk more than max_total_walk_distance allows.']);
    expect(p.alternatives.walk!.map((it) => it.walkDistance)).toEqual([8008]);
  });

  it('an origin 1300 m from the nearest stop: the access radius widens only when no max_walk_distance is given', () => {
    const far = northOf(e, 'S1', -1000);
    const farR = '03-03 07:43:45-08:44:53 walk 1300m S1 | bus r1@03-03 S1 08:00 -> S2 08:40 | walk 390m';
    expect(journeyLines(e, { from: far, to: D, at, limit: 1 })).toEqual([farR]);
    expect(journeyLines(e, { from: far, to: D, at, limit: 1, maxWalkM: 1300 })).toEqual([farR]);
    expect(notices({ from: far, to: D, at, maxWalkM: 1299 })).toEqual(['no_stops_near_origin: No stop with services lies within walking distance (1299 m) of the origin.']);
    // max_total_walk_distance alone caps the widened radius, then excludes by the sum (1690 m and 2145 m).
    expect(journeyLines(e, { from: far, to: D, at, maxTotalWalkM: 1690 })).toEqual([farR]);
    expect(notices({ from: far, to: D, at, maxTotalWalkM: 1600 })).toEqual(['walk_limits_excluded: 2 itineraries were found but walk more than max_total_walk_distance allows.']);
    expect(notices({ from: far, to: D, at, maxTotalWalkM: 1200 })).toEqual(['no_stops_near_origin: No stop with services lies within walking distance (1200 m) of the origin.']);
  });
});
