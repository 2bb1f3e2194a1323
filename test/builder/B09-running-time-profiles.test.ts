// FEATURE UNDER TEST: a pattern's running times stored once per profile in the snapshot: trips that
// are time shifts of one another share a profile (offsets from their first departure), a trip that
// runs slower gets its own; each trip keeps its own start, and every call reads back as the feed
// wrote it (the engine expands the profiles to per-trip rows at open).
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

/** Route R: A -> B -> C. T1 and T3 run 5 + 7 minutes (T3 an hour later), T2 runs 6 + 7 and dwells a minute at B. */
const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  OP,Operator,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  A,Alpha,53.380,-1.470
  B,Bravo,53.385,-1.465
  C,Charlie,53.390,-1.460
  # routes.txt
  route_id,agency_id,route_short_name,route_long_name,route_type
  R,OP,1,,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  S,1,1,1,1,1,1,1,20260105,20260130
  # trips.txt
  trip_id,route_id,service_id
  T1,R,S
  T2,R,S
  T3,R,S
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  T1,1,A,08:00:00,08:00:00
  T1,2,B,08:05:00,08:05:00
  T1,3,C,08:12:00,08:12:00
  T2,1,A,08:30:00,08:30:00
  T2,2,B,08:36:00,08:37:00
  T2,3,C,08:44:00,08:44:00
  T3,1,A,09:00:00,09:00:00
  T3,2,B,09:05:00,09:05:00
  T3,3,C,09:12:00,09:12:00
`;

describe('running-time profiles', () => {
  it('stores two profiles for three trips, a start per trip, and reads every call back', async () => {
    const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
    const e = Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const tt = e.timetable;
    const r = e.reader;
    expect([tt.patternCount, tt.tripCount]).toEqual([1, 3]);
    const trips = ['T1', 'T2', 'T3'].map((id) => e.findTrip(id));
    // In the file: T1 and T3 share profile 0, T2 has its own; rows of two profiles: A's arrivals
    // (no dwell), B's arrivals then departures (T2 dwells), C's arrivals.
    expect(trips.map((t) => r.u8('trips.profile')[t])).toEqual([0, 1, 0]);
    expect(trips.map((t) => r.i32('trips.start')[t])).toEqual([8 * 3600, 8 * 3600 + 1800, 9 * 3600]);
    expect([...r.u8('patterns.dwells')]).toEqual([0b010]); // B's departure row
    expect(r.has('patterns.profileRows')).toBe(false);
    // Offsets 0, 0 | 300, 360 | 300, 420 | 720, 840, each stored as its difference from the same
    // profile's row before in minutes (0, 0, 5, 6, 0, 1, 7, 7), one byte each (zigzag * 2 + 1).
    expect([...r.u8('times.profileDeltas')]).toEqual([1, 1, 21, 25, 1, 5, 29, 29]);
    expect(r.has('times.values') || r.has('times.profiles')).toBe(false);
    // In memory: expanded at open to a row per pattern stop holding every trip's time.
    expect(tt.times.length).toBe(4 * 3);
    const calls = (t: number) => [0, 1, 2].map((pos) => [tt.arrivalAt(t, pos), tt.departureAt(t, pos)].map((s) => s / 60 - 480));
    expect(trips.map(calls)).toEqual([
      [[0, 0], [5, 5], [12, 12]],
      [[30, 30], [36, 37], [44, 44]],
      [[60, 60], [65, 65], [72, 72]],
    ]);
  });
});
