// FEATURE UNDER TEST: trips grouped into FIFO patterns, stop-major time matrix, times past 24:00, interpolation.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

const FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.0,-1.0
  S2,Two,53.01,-1.0
  S3,Three,53.02,-1.0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # trips.txt
  route_id,service_id,trip_id
  R,WK,slow
  R,WK,fast
  R,WK,late
  R,WK,gap
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  slow,1,S1,08:00:00,08:00:00
  slow,2,S2,08:20:00,08:20:00
  slow,3,S3,08:40:00,08:40:00
  fast,3,S3,08:25:00,08:25:00
  fast,1,S1,08:05:00,08:05:00
  fast,2,S2,08:15:00,08:15:00
  late,1,S1,23:50:00,23:50:00
  late,2,S2,24:10:00,24:10:00
  late,3,S3,25:05:00,25:05:00
  gap,1,S1,09:00:00,09:00:00
  gap,2,S2,,
  gap,3,S3,09:30:00,09:30:00
`;

describe('patterns', () => {
  it('splits an overtaking trip into its own pattern and keeps each pattern FIFO', async () => {
    const { bytes, issues } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
    expect(issues.total).toBe(0);
    const tt = Engine.open(bytes.buffer).timetable;
    const e = Engine.open(bytes.buffer);
    const golden: string[] = [];
    for (let p = 0; p < tt.patternCount; p++) {
      const trips = [];
      const n = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
      const stops = tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p];
      for (let r = 0; r < n; r++) {
        const trip = tt.patternTripOffsets[p] + r;
        const times = Array.from({ length: stops }, (_, pos) => tt.departureAt(trip, pos) / 60);
        trips.push(`${tt.tripIds.get(trip)}[${times.join(',')}]`);
        expect(tt.tripPattern[trip]).toBe(p);
        expect(tt.tripRank[trip]).toBe(r);
      }
      golden.push(trips.join(' '));
    }
    // "fast" leaves after "slow" but arrives before it: it may not share a pattern with "slow".
    expect(golden.sort()).toEqual(['fast[485,495,505]', 'slow[480,500,520] gap[540,555,570] late[1430,1450,1505]'].sort());
  });

  it('indexes every stop to the patterns calling there', async () => {
    const { bytes } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
    const e = Engine.open(bytes.buffer);
    const tt = e.timetable;
    const s2 = e.findStop('S2');
    const pats = [...tt.stopPatterns.subarray(tt.stopPatternOffsets[s2], tt.stopPatternOffsets[s2 + 1])];
    expect(pats.sort()).toEqual([0, 1]);
    expect([...tt.stopPatternPos.subarray(tt.stopPatternOffsets[s2], tt.stopPatternOffsets[s2 + 1])]).toEqual([1, 1]);
    // Positions fit 16 bits (patterns of at most 65,536 stops): stored and read as u16 since the seventh session.
    expect(e.reader.any('stops.patternPos')).toBeInstanceOf(Uint16Array);
    expect(tt.stopPatternPos).toBeInstanceOf(Uint16Array);
  });

  it('keeps trips with different pickup/drop-off rules apart, even when the rules read alike as digits', async () => {
    // pickup_type << 2 | drop_off_type per call: "a" has 1, 10, 0 and "b" has 11, 0, 0 (both "1100" as joined digits).
    const feed = FEED.replace(/# trips.txt[\s\S]*$/, `# trips.txt
  route_id,service_id,trip_id
  R,WK,a
  R,WK,b
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time,pickup_type,drop_off_type
  a,1,S1,08:00:00,08:00:00,0,1
  a,2,S2,08:10:00,08:10:00,2,2
  a,3,S3,08:20:00,08:20:00,0,0
  b,1,S1,09:00:00,09:00:00,2,3
  b,2,S2,09:10:00,09:10:00,0,0
  b,3,S3,09:20:00,09:20:00,0,0
`);
    const { bytes } = await buildSnapshot({ gtfs: [feedFolder(feed)], quiet: true });
    const e = Engine.open(bytes.buffer);
    const tt = e.timetable;
    const rules = Array.from({ length: tt.patternCount }, (_, p) => {
      const trip = tt.tripIds.get(tt.patternTripOffsets[p]);
      return `${trip}:${[...tt.patternStopFlags.subarray(tt.patternStopOffsets[p], tt.patternStopOffsets[p + 1])].join(',')}`;
    });
    expect(rules.sort()).toEqual(['a:1,10,0', 'b:11,0,0']);
  });
});
