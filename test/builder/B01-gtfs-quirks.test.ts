// FEATURE UNDER TEST: GTFS quirks of real feeds: BOM, spaces in headers, quoting, NA, column order, BODS extras.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

const BOM = '\uFEFF';

describe('GTFS quirks', () => {
  it('reads a feed with every quirk at once and keeps the values', async () => {
    const dir = feedFolder(`
      # agency.txt
      ${BOM}agency_id, agency_name,agency_url,agency_timezone,agency_noc
      "OP1","Don Valley Buses","https://example.org","Europe/London","DVB1"
      # stops.txt
      "stop_lon","stop_lat","stop_name","stop_id","stop_code","location_type"
      "-1.47","53.38","Fargate","370001","37001","NA"
      "-1.46","53.39","Castle Square","370002","NA","0"
      "-1.45","53.40","Station","9100SHEFFLD","SHF","1"
      # routes.txt
      route_type,route_id,agency_id,route_short_name,route_long_name
      3,R1,OP1,52,NA
      # calendar.txt
      service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      "S1","1","1","1","1","1","0","0","20260105","20260130"
      # trips.txt
      trip_id,route_id,service_id,trip_headsign,direction_id,vehicle_journey_code,block_id,shape_id
      "T1","R1","S1","Castle Square","0","1234","NA","NA"
      # stop_times.txt
      stop_sequence,trip_id,stop_id,departure_time,arrival_time,stop_headsign,pickup_type,drop_off_type,shape_dist_traveled
      "1","T1","370001","08:00:00","08:00:00","NA","NA","NA","NA"
      "2","T1","370002","08:05:00","08:04:00","NA","0","0","NA"
    `);
    const { bytes, issues } = await buildSnapshot({ gtfs: [dir], quiet: true });
    expect(issues.total).toBe(0);
    const e = Engine.open(bytes.buffer);
    const stop = e.stop(e.findStop('370001'));
    expect(stop).toMatchObject({ name: 'Fargate', naptanCode: '37001', latitude: 53.38, longitude: -1.47, type: 'bus_stop', towards: 'Castle Square', towardsNext: 'Castle Square' });
    expect(e.stop(e.findStop('370002')).naptanCode).toBeNull();
    expect(e.findStop('9100SHEFFLD')).toBe(-1); // location_type 1 is a station node, not a boarding point
    const tt = e.timetable;
    expect(tt.tripCount).toBe(1);
    expect(e.strings.get(tt.tripVehicleJourneyCode[0])).toBe('1234');
    expect(e.strings.get(tt.tripBlock[0])).toBe('');
    expect(e.reader.header.agencies[0]).toMatchObject({ id: 'OP1', name: 'Don Valley Buses', noc: 'DVB1' });
    expect([0, 1].map((pos) => tt.arrivalAt(0, pos))).toEqual([8 * 3600, 8 * 3600 + 240]);
    expect([0, 1].map((pos) => tt.departureAt(0, pos))).toEqual([8 * 3600, 8 * 3600 + 300]);
    // The first call has no dwell (one row), the second dwells a minute (arrival and departure rows): u16 offsets from the trip's base.
    expect(tt.times).toBeInstanceOf(Uint16Array);
    expect([...tt.times]).toEqual([0, 240, 300]);
    expect([...tt.tripBase]).toEqual([8 * 3600]);
    expect([...tt.timeRows]).toEqual([0, 1, 3]);
  });

  it('reports a missing required file as a clear error', async () => {
    const dir = feedFolder(`
      # stops.txt
      stop_id,stop_name,stop_lat,stop_lon
      A,A,53,-1
    `);
    await expect(buildSnapshot({ gtfs: [dir], quiet: true })).rejects.toThrow(/is not a complete GTFS feed: missing routes\.txt, trips\.txt, stop_times\.txt/);
    await expect(buildSnapshot({ gtfs: ['/nonexistent/feed.zip'], quiet: true })).rejects.toThrow('Cannot read /nonexistent/feed.zip: no such file or folder.');
  });
});
