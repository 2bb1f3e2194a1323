// FEATURE UNDER TEST: the Pareto set of itineraries (later start, earlier end, fewer changes; less walking breaks ties): faster journeys with more changes come back beside slower ones with fewer, without duplicates, at most `limit`, and next_available says more exist.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, planCase, planPages } from '../support/journeys.js';

// S1 -> S2 three ways, all after 08:00: d1 direct (08:00-09:00); a1 to S3 then b1 (08:05-08:40, one change);
// a1 to S3, f1 to S5, g1 (08:05-08:35, two changes). d2 repeats d1's times on another line; d3 leaves
// earlier and arrives later (dominated). w1 leaves S3b (next to S3) with b1's times. Later, at 09:00,
// the same three ways run again an hour on (d1b, a1b + b1b, a1b + f1b + g1b).
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S3,Three,53.42,-1.50
  S3b,Three B,53.4207,-1.50
  S5,Five,53.44,-1.47
  S2,Two,53.46,-1.50
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  D,X,D,3
  D2,X,D2,3
  A,X,A,3
  B,X,B,3
  F,X,F,3
  G,X,G,3
  W,X,W,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  TU,1,1,1,1,1,1,1,20260303,20260303
  # trips.txt
  route_id,service_id,trip_id
  D,TU,d1
  D2,TU,d2
  D,TU,d3
  A,TU,a1
  B,TU,b1
  F,TU,f1
  G,TU,g1
  W,TU,w1
  D,TU,d1b
  A,TU,a1b
  B,TU,b1b
  F,TU,f1b
  G,TU,g1b
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  d1,1,S1,08:00:00,08:00:00
  d1,2,S2,09:00:00,09:00:00
  d2,1,S1,08:00:00,08:00:00
  d2,2,S2,09:00:00,09:00:00
  d3,1,S1,07:55:00,07:55:00
  d3,2,S2,09:05:00,09:05:00
  a1,1,S1,08:05:00,08:05:00
  a1,2,S3,08:20:00,08:20:00
  b1,1,S3,08:25:00,08:25:00
  b1,2,S2,08:40:00,08:40:00
  w1,1,S3b,08:25:00,08:25:00
  w1,2,S2,08:40:00,08:40:00
  f1,1,S3,08:21:30,08:21:30
  f1,2,S5,08:25:00,08:25:00
  g1,1,S5,08:27:00,08:27:00
  g1,2,S2,08:35:00,08:35:00
  d1b,1,S1,09:00:00,09:00:00
  d1b,2,S2,10:00:00,10:00:00
  a1b,1,S1,09:05:00,09:05:00
  a1b,2,S3,09:20:00,09:20:00
  b1b,1,S3,09:25:00,09:25:00
  b1b,2,S2,09:40:00,09:40:00
  f1b,1,S3,09:21:30,09:21:30
  f1b,2,S5,09:25:00,09:25:00
  g1b,1,S5,09:27:00,09:27:00
  g1b,2,S2,09:35:00,09:35:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const D1 = '03-03 08:00-09:00 bus d1@03-03 S1 08:00 -> S2 09:00';
const AFG = '03-03 08:05-08:35 bus a1@03-03 S1 08:05 -> S3 08:20 | bus f1@03-03 S3 08:21:30 -> S5 08:25 | bus g1@03-03 S5 08:27 -> S2 08:35';
const AB = '03-03 08:05-08:40 bus a1@03-03 S1 08:05 -> S3 08:20 | bus b1@03-03 S3 08:25 -> S2 08:40';
const D1B = '03-03 09:00-10:00 bus d1b@03-03 S1 09:00 -> S2 10:00';
const AFGB = '03-03 09:05-09:35 bus a1b@03-03 S1 09:05 -> S3 09:20 | bus f1b@03-03 S3 09:21:30 -> S5 09:25 | bus g1b@03-03 S5 09:27 -> S2 09:35';
const ABB = '03-03 09:05-09:40 bus a1b@03-03 S1 09:05 -> S3 09:20 | bus b1b@03-03 S3 09:25 -> S2 09:40';

/** Golden lines and next_available of one plan from S1 to S2 on 3 March. */
const page = (at: string, limit: number, arriveBy = false) => {
  const p = planCase(e, { from: 'S1', to: 'S2', at: `2026-03-03 ${at}`, limit, arriveBy });
  return { lines: p.itineraries.map((it) => itineraryLine(e, it)), next: p.nextAvailable };
};

describe('Pareto set and alternatives', () => {
  it('faster with more changes and slower with fewer all come back; a copy (d2) once; the dominated d3 and the walk to w1 not at all', () => {
    const p = planCase(e, { from: 'S1', to: 'S2', at: '2026-03-03 07:50', limit: 3 });
    expect(p.itineraries.map((it) => `${itineraryLine(e, it)} (${it.transfers} changes)`)).toEqual([`${D1} (0 changes)`, `${AFG} (2 changes)`, `${AB} (1 changes)`]);
    expect(p.itineraries.map((it) => it.walkDistance)).toEqual([0, 0, 0]);
  });

  it('every page: no itinerary twice, none dominated by another', () => {
    const all = planPages(e, { from: 'S1', to: 'S2', at: '2026-03-03 07:50', limit: 20 }, 3).flatMap((p) => p.itineraries);
    expect(all.map((it) => itineraryLine(e, it))).toEqual([D1, AFG, AB, D1B, AFGB, ABB]);
    const key = all.map((it) => `${it.start} ${it.end} ${it.transfers}`);
    expect(new Set(key).size).toBe(all.length);
    for (const a of all) for (const b of all) if (a !== b) expect(a.start <= b.start && a.end >= b.end && a.transfers >= b.transfers).toBe(false);
  });

  it('limit: the soonest `limit` in the window (arrive-by: the latest-arriving), next_available exactly when it held more; never split between two leaving together', () => {
    expect(page('07:50', 1)).toEqual({ lines: [D1], next: true });
    // AFG and AB both leave at 08:05: a page that cannot hold both ends before them.
    expect(page('07:50', 2)).toEqual({ lines: [D1], next: true });
    expect(page('07:50', 3)).toEqual({ lines: [D1, AFG, AB], next: false });
    expect(page('07:50', 6)).toEqual({ lines: [D1, AFG, AB], next: false });
    expect(page('10:00', 1, true)).toEqual({ lines: [D1B], next: true });
    expect(page('10:00', 6, true)).toEqual({ lines: [D1B, AFGB, ABB], next: false });
  });

  it('next_page pages on from the last start kept; previous_page of the second page is the first again', () => {
    const pages = planPages(e, { from: 'S1', to: 'S2', at: '2026-03-03 07:50', limit: 2 }, 4);
    expect(pages.map((p) => p.itineraries.map((it) => itineraryLine(e, it)))).toEqual([[D1], [AFG, AB], [D1B], [AFGB, ABB]]);
    expect(pages.map((p) => p.nextAvailable)).toEqual([true, false, true, false]);
    const back = planCase(e, { from: 'S1', to: 'S2', at: '2026-03-03 07:50', limit: 2, page: pages[1].previousPage });
    expect(back.itineraries.map((it) => itineraryLine(e, it))).toEqual([D1]);
  });

  it('a previous page keeps its latest `limit` and pages on back from the earliest kept, repeating none', () => {
    const page = { start: Date.parse('2026-03-03T07:50:00Z'), end: Date.parse('2026-03-03T09:50:00Z'), towards: 'previous' as const };
    const pages = planPages(e, { from: 'S1', to: 'S2', at: '2026-03-03 07:50', limit: 3, page }, 3, 'previous');
    expect(pages.map((p) => p.itineraries.map((it) => itineraryLine(e, it)))).toEqual([[D1B, AFGB, ABB], [D1, AFG, AB], []]);
    expect(pages[0].nextAvailable).toBe(true);
  });

  it('arrive-by pages back: next_page holds the earlier arrivals', () => {
    const pages = planPages(e, { from: 'S1', to: 'S2', at: '2026-03-03 10:00', limit: 2, arriveBy: true }, 3);
    expect(pages.map((p) => p.itineraries.map((it) => itineraryLine(e, it)))).toEqual([[D1B, ABB], [D1, AFGB], [AFG, AB]]);
  });
});
