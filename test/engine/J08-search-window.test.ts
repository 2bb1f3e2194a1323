// FEATURE UNDER TEST: one search window per query, sized from the query (OpenTripPlanner's dynamic search window): short where buses run often, longer where they are sparse, at most 3 hours; one extension to the next journey that day or the next when the window holds nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUkTimestamp, type Engine } from '@transit/engine';
import { openFeed } from '../support/boards.js';
import { itineraryLine, planCase } from '../support/journeys.js';

// F: S1 -> S2 every 5 minutes 07:00-09:00, 10 minutes' ride (a busy centre). H: S3 -> S4 at 06:00, 08:00, 10:00, 30 minutes.
// D: S5 -> S6 once a day at 18:00, 20 minutes. T: S7 -> S8 on Thursday 5 March only, 09:00.
const frequent = Array.from({ length: 25 }, (_, i) => {
  const m = 7 * 60 + 5 * i;
  const hm = (x: number) => `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}:00`;
  return { id: `f${hm(m).slice(0, 5).replace(':', '')}`, dep: hm(m), arr: hm(m + 10) };
});
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  X,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.40,-1.50
  S2,Two,53.43,-1.50
  S3,Three,53.40,-1.40
  S4,Four,53.43,-1.40
  S5,Five,53.40,-1.30
  S6,Six,53.43,-1.30
  S7,Seven,53.40,-1.20
  S8,Eight,53.43,-1.20
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  F,X,F,3
  H,X,H,3
  D,X,D,3
  T,X,T,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  ALL,1,1,1,1,1,1,1,20260302,20260308
  THU,0,0,0,1,0,0,0,20260302,20260308
  # trips.txt
  route_id,service_id,trip_id
${frequent.map((t) => `  F,ALL,${t.id}`).join('\n')}
  H,ALL,h06
  H,ALL,h08
  H,ALL,h10
  D,ALL,d18
  T,THU,t09
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
${frequent.map((t) => `  ${t.id},1,S1,${t.dep},${t.dep}\n  ${t.id},2,S2,${t.arr},${t.arr}`).join('\n')}
  h06,1,S3,06:00:00,06:00:00
  h06,2,S4,06:30:00,06:30:00
  h08,1,S3,08:00:00,08:00:00
  h08,2,S4,08:30:00,08:30:00
  h10,1,S3,10:00:00,10:00:00
  h10,2,S4,10:30:00,10:30:00
  d18,1,S5,18:00:00,18:00:00
  d18,2,S6,18:20:00,18:20:00
  t09,1,S7,09:00:00,09:00:00
  t09,2,S8,09:30:00,09:30:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

const hm = (ms: number) => formatUkTimestamp(ms).slice(5, 16).replace('T', ' ');
/** Window length in minutes, the window searched (UK local), the itineraries, next_available. */
const plan = (from: string, to: string, at: string, arriveBy = false, limit = 5) => {
  const p = planCase(e, { from, to, at, arriveBy, limit });
  return {
    minutes: p.searchWindowS / 60,
    window: p.window ? `${hm(p.window.start)} - ${hm(p.window.end)}` : null,
    lines: p.itineraries.map((it) => itineraryLine(e, it)),
    next: p.nextAvailable,
  };
};

describe('the search window', () => {
  it('a busy origin gets the shortest window: 40 minutes (10-minute ride, 3-minute wait), five of its eight departures', () => {
    const p = plan('S1', 'S2', '2026-03-03 07:02');
    expect(p.minutes).toBe(40);
    expect(p.window).toBe('03-03 07:02 - 03-03 07:42');
    expect(p.lines).toEqual(['05', '10', '15', '20', '25'].map((m) => `03-03 07:${m}-07:${Number(m) + 10} bus f07${m}@03-03 S1 07:${m} -> S2 07:${Number(m) + 10}`));
    expect(p.next).toBe(true);
  });

  it('a sparse one a longer window: 90 minutes (20 + half the 30-minute ride + the 55-minute wait)', () => {
    expect(plan('S3', 'S4', '2026-03-03 07:05')).toEqual({
      minutes: 90, window: '03-03 07:05 - 03-03 08:35', lines: ['03-03 08:00-08:30 bus h08@03-03 S3 08:00 -> S4 08:30'], next: false,
    });
  });

  it('arrive-by mirrors it: arriving by 11:00, the last arrival is 10:30, so 70 minutes back', () => {
    expect(plan('S3', 'S4', '2026-03-03 11:00', true)).toEqual({
      minutes: 70, window: '03-03 09:50 - 03-03 11:00', lines: ['03-03 10:00-10:30 bus h10@03-03 S3 10:00 -> S4 10:30'], next: false,
    });
  });

  it('at most 3 hours; when it holds nothing, one extension to the next journey (18:00), searched in a window of the same length', () => {
    expect(plan('S5', 'S6', '2026-03-03 07:00')).toEqual({
      minutes: 180, window: '03-03 18:00 - 03-03 21:00', lines: ['03-03 18:00-18:20 bus d18@03-03 S5 18:00 -> S6 18:20'], next: false,
    });
    // Arrive-by, the extension runs back to the evening before.
    expect(plan('S5', 'S6', '2026-03-03 17:00', true)).toEqual({
      minutes: 180, window: '03-02 15:20 - 03-02 18:20', lines: ['03-02 18:00-18:20 bus d18@03-02 S5 18:00 -> S6 18:20'], next: false,
    });
  });

  it('the extension reaches the next day, never further: Thursday\'s bus from Wednesday, nothing from Tuesday', () => {
    expect(plan('S7', 'S8', '2026-03-04 09:00').lines).toEqual(['03-05 09:00-09:30 bus t09@03-05 S7 09:00 -> S8 09:30']);
    const tuesday = planCase(e, { from: 'S7', to: 'S8', at: '2026-03-03 09:00' });
    expect(tuesday.itineraries).toEqual([]);
    expect(tuesday.notices.map((n) => n.code)).toEqual(['no_transit_found']);
    expect([tuesday.nextPage, tuesday.previousPage]).toEqual([null, null]);
  });
});
