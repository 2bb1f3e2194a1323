// FEATURE UNDER TEST: journeys around midnight: GTFS times past 24:00 belong to the previous service day; a late search finds the next service day's early trips and the previous service day's 24:xx trips, and a change may straddle midnight.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUkTimestamp, type Engine } from '@transit/engine';
import { CLOCK_CHANGE_FEED, openFeed } from '../support/boards.js';
import { journeyLines, pagedLines, planPages } from '../support/journeys.js';

// Weekdays (Monday 2 to Friday 6 March 2026). N: early leaves S1 at 00:10, late at 24:30.
// E reaches S3 at 23:55 and M leaves it at 24:10 for S4.
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Two,53.42,-1.50
  S3,Three,53.40,-1.46
  S4,Four,53.40,-1.42
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  N,X,N,3
  E,X,E,3
  M,X,M,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260302,20260306
  # trips.txt
  route_id,service_id,trip_id
  N,WK,early
  N,WK,late
  E,WK,eve
  M,WK,night
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  early,1,S1,00:10:00,00:10:00
  early,2,S2,00:30:00,00:30:00
  late,1,S1,24:30:00,24:30:00
  late,2,S2,24:50:00,24:50:00
  eve,1,S1,23:40:00,23:40:00
  eve,2,S3,23:55:00,23:55:00
  night,1,S3,24:10:00,24:10:00
  night,2,S4,24:40:00,24:40:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

describe('journeys across midnight', () => {
  it('a search at 23:50 finds the next service day\'s 00:10 trip and this service day\'s 24:30 trip, in time order', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-03 23:50', limit: 2 })).toEqual([
      '03-04 00:10-00:30 bus early@03-04 S1 00:10 -> S2 00:30',
      '03-04 00:30-00:50 bus late@03-03 S1 00:30 -> S2 00:50',
    ]);
    // The window (50 minutes) holds both; the next page's window is empty, so its one extension jumps to the next night's 00:10.
    expect(pagedLines(e, { from: 'S1', to: 'S2', at: '2026-03-03 23:50' }, 2)).toEqual([
      '03-04 00:10-00:30 bus early@03-04 S1 00:10 -> S2 00:30',
      '03-04 00:30-00:50 bus late@03-03 S1 00:30 -> S2 00:50',
      '03-05 00:10-00:30 bus early@03-05 S1 00:10 -> S2 00:30',
      '03-05 00:30-00:50 bus late@03-04 S1 00:30 -> S2 00:50',
    ]);
  });

  it('after midnight, yesterday\'s 24:30 trip is still found (the day before the query day is searched)', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-04 00:05', limit: 2 })).toEqual([
      '03-04 00:10-00:30 bus early@03-04 S1 00:10 -> S2 00:30',
      '03-04 00:30-00:50 bus late@03-03 S1 00:30 -> S2 00:50',
    ]);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-04 00:20', limit: 1 })).toEqual(['03-04 00:30-00:50 bus late@03-03 S1 00:30 -> S2 00:50']);
  });

  it('follows the service day, not the date: Friday\'s 24:30 runs early on Saturday, Saturday\'s 00:10 and Sunday\'s 24:30 do not exist', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-06 23:50' })).toEqual(['03-07 00:30-00:50 bus late@03-06 S1 00:30 -> S2 00:50']);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-07 00:05' })).toEqual(['03-07 00:30-00:50 bus late@03-06 S1 00:30 -> S2 00:50']);
    expect(journeyLines(e, { from: 'S1', to: 'S2', at: '2026-03-02 00:05', limit: 1 })).toEqual(['03-02 00:10-00:30 bus early@03-02 S1 00:10 -> S2 00:30']);
  });

  it('a change straddling midnight: arrive 23:55, leave on the same service day\'s 24:10', () => {
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: '2026-03-03 23:30', limit: 1 })).toEqual(['03-03 23:40-00:40 bus eve@03-03 S1 23:40 -> S3 23:55 | bus night@03-03 S3 00:10 -> S4 00:40']);
    expect(journeyLines(e, { from: 'S1', to: 'S4', at: '2026-03-03 23:45', limit: 1 })).toEqual(['03-04 23:40-00:40 bus eve@03-04 S1 23:40 -> S3 23:55 | bus night@03-04 S3 00:10 -> S4 00:40']);
    expect(journeyLines(e, { from: 'S3', to: 'S4', at: '2026-03-04 00:00', limit: 1 })).toEqual(['03-04 00:10-00:40 bus night@03-03 S3 00:10 -> S4 00:40']);
  });
});

describe('journeys across the clock changes (CLOCK_CHANGE_FEED: S1 -> S2 at GTFS 00:30 ... 03:30, 24:30, 25:30)', () => {
  let c: Engine;
  beforeAll(async () => {
    // Moved inside the default coverage area (South and West Yorkshire).
    c = await openFeed(CLOCK_CHANGE_FEED.replace('53.0,-1.0', '53.40,-1.50').replace('53.01,-1.0', '53.41,-1.50'));
  });
  // Start instants over the pages that follow (trips leaving at one instant are one journey: the planner keeps one of the tie), each ridden by a trip the board lists then.
  const starts = (at: string) => {
    const its = planPages(c, { from: 'S1', to: 'S2', at, limit: 4 }, 6).flatMap((p) => p.itineraries).slice(0, 4);
    return its.map((it) => {
      const board = c.stopBoard(c.findStop('S1'), { from: it.start, to: it.start + 60_000, limit: 10, type: 'departures' }).map((b) => b.tripId);
      const leg = it.legs[0];
      return `${formatUkTimestamp(it.start)} ${(it.end - it.start) / 60_000}min ${leg.kind === 'transit' && board.includes(c.tripSummary(leg.tripIdx).tripId)}`;
    });
  };

  it('spring forward: the service day of 29 March starts at 23:00 GMT; nothing in the missing hour', () => {
    expect(starts('2026-03-28 23:00')).toEqual(['2026-03-28T23:30:00+00:00 10min true', '2026-03-29T00:30:00+00:00 10min true', '2026-03-29T02:30:00+01:00 10min true', '2026-03-29T03:30:00+01:00 10min true']);
  });

  it('fall back: 01:30 happens twice and both are offered', () => {
    expect(starts('2026-10-25 00:00')).toEqual(['2026-10-25T00:30:00+01:00 10min true', '2026-10-25T01:30:00+01:00 10min true', '2026-10-25T01:30:00+00:00 10min true', '2026-10-25T02:30:00+00:00 10min true']);
  });
});
