// FEATURE UNDER TEST: the CSA earliest-arrival oracle itself (test/support/csa-oracle.ts) on hand-drawn timetables whose answers are worked out by hand, and the seeded random timetable generator it is run on.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, UNREACHED } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';
import { CsaOracle } from '../support/csa-oracle.js';
import type { OracleTrip } from '../support/oracle-feed.js';
import { randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';

const HEAD = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Agency,https://example.org,Europe/London
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
`;

/** Seconds as [-]h:mm:ss (hours past 24 kept). */
const hms = (s: number) => {
  const a = Math.abs(s);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${s < 0 ? '-' : ''}${Math.floor(a / 3600)}:${p(Math.floor(a / 60) % 60)}:${p(a % 60)}`;
};

/** One golden line: `stop time` per stop, `-` when unreached. */
function line(oracle: CsaOracle, origin: string, date: string, departS: number, stops: string[]): string {
  oracle.earliestArrival(origin, date, departS);
  return stops.map((s) => `${s} ${oracle.arrivalAt(s) === UNREACHED ? '-' : hms(oracle.arrivalAt(s))}`).join(', ');
}

const at = (hh: number, mm: number, ss = 0) => hh * 3600 + mm * 60 + ss;

describe('CSA oracle, hand-drawn timetables', () => {
  // B, B2, B3 lie 0.002 degrees of latitude apart (222.39 m): B-B2 and B2-B3 are footpaths of
  // ceil(222.39 * 1.3 / (4.8 / 3.6)) = 217 s; B-B3 (444.8 m) is beyond the 400 m radius.
  const LINE = `${HEAD}
    # stops.txt
    stop_id,stop_name,stop_lat,stop_lon
    A,A,53.000,-1.0
    B,B,53.010,-1.0
    B2,B2,53.012,-1.0
    B3,B3,53.014,-1.0
    C,C,53.030,-1.0
    D,D,53.050,-1.0
    G,G,53.070,-1.0
    H,H,53.090,-1.0
    # calendar.txt
    service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
    WK,1,1,1,1,1,0,0,20260302,20260306
    # trips.txt
    route_id,service_id,trip_id
    R,WK,t1
    R,WK,t2
    R,WK,t3
    R,WK,t4
    R,WK,t5
    R,WK,t6
    # stop_times.txt
    trip_id,stop_sequence,stop_id,arrival_time,departure_time,pickup_type,drop_off_type
    t1,1,A,08:00:00,08:00:00,,
    t1,2,B,08:10:00,08:10:00,,
    t1,3,C,08:30:00,08:30:00,,
    t2,1,B3,08:20:00,08:20:00,,
    t2,2,H,08:50:00,08:50:00,,
    t3,1,B2,08:15:00,08:15:00,,
    t3,2,D,08:35:00,08:35:00,,
    t4,1,B2,08:13:00,08:13:00,,
    t4,2,C,08:20:00,08:20:00,,
    t5,1,A,09:00:00,09:00:00,1,
    t5,2,C,09:10:00,09:10:00,,
    t6,1,C,09:00:00,09:00:00,,
    t6,2,G,09:05:00,09:05:00,1,1
    t6,3,H,09:10:00,09:10:00,,
  `;
  const STOPS = ['A', 'B', 'B2', 'B3', 'C', 'D', 'G', 'H'];

  it('rides, changes at a stop for free, walks once after alighting, never twice in a row', async () => {
    const o = await CsaOracle.open(feedFolder(LINE));
    // t1 to B 08:10, walk 217 s to B2 (08:13:37): t4 (08:13) is gone, t3 (08:15) reaches D;
    // B3 would need a second walk (B2 -> B3), so t2 is never boarded; C by t1 at 08:30, then
    // t6 from C passes G (no drop-off) to H at 09:10. t5 allows no pickup at A.
    expect(line(o, 'A', '2026-03-04', at(7, 55), STOPS)).toBe('A 7:55:00, B 8:10:00, B2 8:13:37, B3 -, C 8:30:00, D 8:35:00, G -, H 9:10:00');
    expect(o.explain('H')).toBe('A@28500 | t1/2026-03-04(+0s) A@28800 -> C@30600 | t6/2026-03-04(+0s) C@32400 -> H@33000');
    expect(o.explain('B2')).toBe('A@28500 | t1/2026-03-04(+0s) A@28800 -> B@29400 | walk B->B2 arr 29617');
  });

  it('walks once from the origin, and boarding needs the departure at or after the arrival', async () => {
    const o = await CsaOracle.open(feedFolder(LINE));
    // From B2 at 08:13:00: t4 leaves at 08:13:00 (equal: boarded) to C 08:20; walk to B and B3 (217 s);
    // t2 from B3 08:20 reaches H 08:50. From B at 08:10: t1 leaves B at 08:10 (boarded mid-trip)
    // to C, then t6 to H; B2 at 08:13:37 misses t4, takes t3; B3 would be a second walk.
    expect(line(o, 'B2', '2026-03-04', at(8, 13), STOPS)).toBe('A -, B 8:16:37, B2 8:13:00, B3 8:16:37, C 8:20:00, D 8:35:00, G -, H 8:50:00');
    expect(line(o, 'B', '2026-03-04', at(8, 10), STOPS)).toBe('A -, B 8:10:00, B2 8:13:37, B3 -, C 8:30:00, D 8:35:00, G -, H 9:10:00');
    // A Saturday: no service; only the origin.
    expect(line(o, 'A', '2026-03-07', at(7, 0), STOPS)).toBe('A 7:00:00, B -, B2 -, B3 -, C -, D -, G -, H -');
  });

  it('uses the service days before and after the query day, each from its own reference', async () => {
    const o = await CsaOracle.open(
      feedFolder(`${HEAD}
        # stops.txt
        stop_id,stop_name,stop_lat,stop_lon
        S1,One,53.0,-1.0
        S2,Two,53.01,-1.0
        S3,Three,53.02,-1.0
        # calendar.txt
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WK,1,1,1,1,1,0,0,20260302,20260306
        # trips.txt
        route_id,service_id,trip_id
        R,WK,late
        R,WK,early
        # stop_times.txt
        trip_id,stop_sequence,stop_id,arrival_time,departure_time
        late,1,S1,23:50:00,23:50:00
        late,2,S2,24:10:00,24:10:00
        late,3,S3,25:05:00,25:05:00
        early,1,S1,00:20:00,00:20:00
        early,2,S2,00:40:00,00:40:00
        early,3,S3,01:00:00,01:00:00
      `),
    );
    const S = ['S1', 'S2', 'S3'];
    // Saturday from S2 at 00:00: Friday's late trip is at S2 at 24:10 - 24 h = 00:10, S3 01:05.
    expect(line(o, 'S2', '2026-03-07', 0, S)).toBe('S1 -, S2 0:00:00, S3 1:05:00');
    // Thursday from S1 at 23:55: the late trip has gone; Friday's early trip is 24 h + 00:20 on.
    expect(line(o, 'S1', '2026-03-05', at(23, 55), S)).toBe('S1 23:55:00, S2 24:40:00, S3 25:00:00');
    // Thursday from S1 at 23:50: the late trip, not Friday's early one.
    expect(line(o, 'S1', '2026-03-05', at(23, 50), S)).toBe('S1 23:50:00, S2 24:10:00, S3 25:00:00');
    // Sunday: Saturday ran nothing, Monday 9 March is past the calendar.
    expect(line(o, 'S2', '2026-03-08', 0, S)).toBe('S1 -, S2 0:00:00, S3 -');
  });

  const CLOCKS = `${HEAD}
    # stops.txt
    stop_id,stop_name,stop_lat,stop_lon
    S1,One,53.0,-1.0
    S2,Two,53.01,-1.0
    S3,Three,53.02,-1.0
    # calendar.txt
    service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
    SAT,0,0,0,0,0,1,0,20260301,20261231
    SUN,0,0,0,0,0,0,1,20260301,20261231
    # trips.txt
    route_id,service_id,trip_id
    R,SAT,n
    R,SUN,e0
    R,SUN,e
    R,SUN,e2
    # stop_times.txt
    trip_id,stop_sequence,stop_id,arrival_time,departure_time
    n,1,S1,23:30:00,23:30:00
    n,2,S2,24:40:00,24:40:00
    e0,1,S2,00:10:00,00:10:00
    e0,2,S3,00:20:00,00:20:00
    e,1,S2,01:30:00,01:30:00
    e,2,S3,01:50:00,01:50:00
    e2,1,S2,01:45:00,01:45:00
    e2,2,S3,02:00:00,02:00:00
  `;

  it('spring forward: Sunday 29 March 2026 starts 23 h after Saturday', async () => {
    const o = await CsaOracle.open(feedFolder(CLOCKS));
    // Sunday's reference is 23:00 GMT Saturday. Saturday's n reaches S2 at 24:40 - 23 h = 1:40,
    // after e (1:30) leaves: e2 (1:45) to S3 at 2:00. (With a 24 h day it would make e.)
    expect(line(o, 'S1', '2026-03-29', 0, ['S1', 'S2', 'S3'])).toBe('S1 0:00:00, S2 1:40:00, S3 2:00:00');
  });

  it('fall back: Sunday 25 October 2026 starts 25 h after Saturday', async () => {
    const o = await CsaOracle.open(feedFolder(CLOCKS));
    // From Saturday 23:00: n to S2 at 24:40; Sunday's e0 leaves S2 at 25 h + 0:10 = 25:10, S3 25:20.
    // (With a 24 h day e0 would leave at 24:10, before n arrives.)
    expect(line(o, 'S1', '2026-10-24', at(23, 0), ['S1', 'S2', 'S3'])).toBe('S1 23:00:00, S2 24:40:00, S3 25:20:00');
    // Sunday's own Seconds: Saturday's n is at S1 at 23:30 - 25 h, before the query.
    expect(line(o, 'S1', '2026-10-25', 0, ['S1', 'S2', 'S3'])).toBe('S1 0:00:00, S2 -, S3 -');
  });

  it('zero-minute hops and zero-metre walks at one instant are found whatever their order', async () => {
    const o = await CsaOracle.open(
      feedFolder(`${HEAD}
        # stops.txt
        stop_id,stop_name,stop_lat,stop_lon
        O,O,53.0,-1.0
        P,P,53.01,-1.0
        P2,P2 (same place as P),53.01,-1.0
        Q,Q,53.02,-1.0
        W,W,53.03,-1.0
        # calendar.txt
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        ALL,1,1,1,1,1,1,1,20260302,20260308
        # trips.txt
        route_id,service_id,trip_id
        R,ALL,z3
        R,ALL,z2
        R,ALL,z1
        # stop_times.txt
        trip_id,stop_sequence,stop_id,arrival_time,departure_time
        z3,1,Q,10:00:00,10:00:00
        z3,2,W,10:00:00,10:00:00
        z2,1,P2,10:00:00,10:00:00
        z2,2,Q,10:00:00,10:00:00
        z1,1,O,10:00:00,10:00:00
        z1,2,P,10:00:00,10:00:00
      `),
    );
    // O -> P (z1, 0 min), walk 0 s to P2, z2 to Q (0 min), z3 to W: all at 10:00, listed in reverse.
    expect(line(o, 'O', '2026-03-04', at(10, 0), ['O', 'P', 'P2', 'Q', 'W'])).toBe('O 10:00:00, P 10:00:00, P2 10:00:00, Q 10:00:00, W 10:00:00');
  });

  it('rides an overtaking express past the stopping trip it left after', async () => {
    const o = await CsaOracle.open(
      feedFolder(`${HEAD}
        # stops.txt
        stop_id,stop_name,stop_lat,stop_lon
        X,X,53.0,-1.0
        Y,Y,53.05,-1.0
        Z,Z,53.10,-1.0
        # calendar.txt
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        ALL,1,1,1,1,1,1,1,20260302,20260308
        # trips.txt
        route_id,service_id,trip_id
        R,ALL,slow
        R,ALL,fast
        # stop_times.txt
        trip_id,stop_sequence,stop_id,arrival_time,departure_time
        slow,1,X,10:00:00,10:00:00
        slow,2,Y,10:30:00,10:31:00
        slow,3,Z,11:00:00,11:00:00
        fast,1,X,10:05:00,10:05:00
        fast,2,Y,10:20:00,10:20:00
        fast,3,Z,10:35:00,10:35:00
      `),
    );
    expect(line(o, 'X', '2026-03-04', at(10, 0), ['X', 'Y', 'Z'])).toBe('X 10:00:00, Y 10:20:00, Z 10:35:00');
    expect(line(o, 'Y', '2026-03-04', at(10, 25), ['X', 'Y', 'Z'])).toBe('X -, Y 10:25:00, Z 11:00:00');
  });
});

describe('random timetable generator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect([...randomTimetable(3).files]).toEqual([...randomTimetable(3).files]);
    expect(randomTimetable(3).files.get('stop_times.txt')).not.toBe(randomTimetable(4).files.get('stop_times.txt'));
  });

  it('builds cleanly, the builder keeps the trips the oracle reads, and some trips overtake others on the same stops', async () => {
    let overtaking = 0;
    for (const seed of [1, 2, 3]) {
      const dir = writeRandomTimetable(randomTimetable(seed));
      const { bytes, issues } = await buildSnapshot({ gtfs: [dir], quiet: true });
      expect(Object.fromEntries(issues.counts), `seed ${seed}`).toEqual({});
      const engine = Engine.open(bytes.buffer);
      const oracle = await CsaOracle.open(dir);
      expect(engine.info.counts.trips, `seed ${seed}`).toBe(oracle.feed.trips.length);
      for (const id of oracle.stopIds) expect(engine.findStop(id), id).toBeGreaterThanOrEqual(0);
      const byStops = new Map<string, OracleTrip[]>();
      for (const t of oracle.feed.trips) {
        const key = `${t.route}|${t.stops.join(',')}`;
        byStops.set(key, [...(byStops.get(key) ?? []), t]);
      }
      for (const group of byStops.values()) {
        for (const a of group) overtaking += group.filter((b) => b.dep[0] > a.dep[0] && b.arr.at(-1)! < a.arr.at(-1)!).length;
      }
    }
    expect(overtaking).toBeGreaterThan(0);
  });
});
