// FEATURE UNDER TEST: bad rows become structured issues and are skipped; --strict makes them fatal.
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
  S3,Nowhere,0,0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # trips.txt
  route_id,service_id,trip_id
  R,WK,good
  R,NOPE,orphan
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  good,1,S1,08:00:00,08:00:00
  good,2,S2,8:10:00,8:10:00
  good,3,S9,08:20:00,08:20:00
  good,4,S2,08:6x:00,08:30:00
  ghost,1,S1,08:00:00,08:00:00
`;

describe('feed issues', () => {
  it('records file, line, entity, field and value, and skips the row', async () => {
    const { bytes, issues } = await buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true });
    const byCode = Object.fromEntries(issues.kept.map((i) => [i.code, i]));
    expect(byCode.bad_coordinate).toMatchObject({ file: expect.stringMatching(/:stops\.txt$/), line: 4, entityId: 'S3', value: '0,0' });
    expect(byCode.unknown_service).toMatchObject({ file: expect.stringMatching(/:trips\.txt$/), line: 3, entityId: 'orphan', field: 'service_id', value: 'NOPE' });
    expect(byCode.unknown_stop).toMatchObject({ line: 4, entityId: 'good', field: 'stop_id', value: 'S9' });
    expect(byCode.bad_time).toMatchObject({ line: 5, entityId: 'good', field: 'arrival_time', value: '08:6x:00' });
    expect(byCode.unknown_trip).toMatchObject({ line: 6, entityId: 'ghost' });
    expect(issues.summary()).toEqual(expect.arrayContaining(['unknown_stop: 1', 'bad_time: 1']));
    const e = Engine.open(bytes.buffer);
    expect(e.timetable.tripCount).toBe(1); // "good" keeps its two usable calls; H:MM:SS (8:10:00) is valid
    expect([0, 1].map((pos) => e.timetable.departureAt(0, pos))).toEqual([8 * 3600, 8 * 3600 + 600]);
  });

  it('aborts on the first issue with --strict', async () => {
    await expect(buildSnapshot({ gtfs: [feedFolder(FEED)], quiet: true, strict: true })).rejects.toThrow(/stops\.txt:4: stop without usable coordinates \(bad_coordinate, stop_lat="0,0"\) \[--strict\]/);
  });
});
