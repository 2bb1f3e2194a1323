// FEATURE UNDER TEST: boards and service detail follow calendar.txt weekdays and calendar_dates.txt removed and added days.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDay, ukLocalToEpoch, type Engine } from '@transit/engine';
import { boardLine, openFeed } from '../support/boards.js';

const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.0,-1.0
  S2,Two,53.01,-1.0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20261221,20261231
  # calendar_dates.txt
  service_id,date,exception_type
  WK,20261225,2
  WK,20261226,1
  XMAS,20261225,1
  # trips.txt
  route_id,service_id,trip_id
  R,WK,weekday
  R,XMAS,christmas
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  weekday,1,S1,08:00:00,08:00:00
  weekday,2,S2,08:10:00,08:10:00
  christmas,1,S1,10:00:00,10:00:00
  christmas,2,S2,10:10:00,10:10:00
`;

let e: Engine;
beforeAll(async () => {
  e = await openFeed(FEED);
});

describe('calendar dates on boards', () => {
  it('lists each day\'s journeys: Christmas Day removed from the weekday service and served by its own, Boxing Day (a Saturday) added', () => {
    const days = ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28'].map(
      (d) => `${d.slice(5)}: ${boardLine(e, 'S1', ukLocalToEpoch(parseDay(d), 6 * 3600), 360).replace(/\d\d-\d\dT(\d\d:\d\d)\+00:00 /g, '$1 ')}`,
    );
    expect(days).toEqual(['12-24: 08:00 weekday/12-24', '12-25: 10:00 christmas/12-25', '12-26: 08:00 weekday/12-26', '12-27: -', '12-28: 08:00 weekday/12-28']);
  });

  it('one board spanning several days keeps only the days each service runs', () => {
    const from = ukLocalToEpoch(parseDay('2026-12-24'), 0);
    expect(boardLine(e, 'S2', from, 4 * 24 * 60, 'arrivals').replace(/\+00:00/g, '')).toBe(
      '12-24T08:10 weekday/12-24, 12-25T10:10 christmas/12-25, 12-26T08:10 weekday/12-26',
    );
  });

  it('service detail exists only on the days the trip runs', () => {
    const weekday = e.findTrip('weekday');
    expect(e.trip(weekday, parseDay('2026-12-24'))?.serviceDate).toBe('2026-12-24');
    expect(e.trip(weekday, parseDay('2026-12-25'))).toBeNull();
    expect(e.trip(weekday, parseDay('2026-12-26'))?.calls.map((c) => c.atcocode)).toEqual(['S1', 'S2']);
    expect(e.nextTripDay(weekday, parseDay('2026-12-25'))).toBe(parseDay('2026-12-26'));
    expect(e.nextTripDay(weekday, parseDay('2027-01-01'))).toBeNaN();
  });
});
