// FEATURE UNDER TEST: route_color read into `routes.color` (0xRRGGBB, NONE when absent); an unreadable colour is a warning, the route kept.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, NONE } from '@transit/engine';
import { feedFolder } from '../support/gtfs.js';

describe('route_color', () => {
  it('keeps six hex digits, leaves out none or nonsense (with a warning), and draws with it', async () => {
    const dir = feedFolder(`
      # agency.txt
      agency_id,agency_name,agency_url,agency_timezone
      OP1,Buses,https://example.org,Europe/London
      # stops.txt
      stop_id,stop_name,stop_lat,stop_lon
      A,Alpha,53.38,-1.47
      B,Bravo,53.39,-1.46
      # routes.txt
      route_id,agency_id,route_short_name,route_long_name,route_type,route_color
      R1,OP1,1,,3,0073AC
      R2,OP1,2,,3,
      R3,OP1,3,,3,red
      # calendar.txt
      service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      S1,1,1,1,1,1,0,0,20260105,20260130
      # trips.txt
      trip_id,route_id,service_id
      T1,R1,S1
      T2,R2,S1
      T3,R3,S1
      # stop_times.txt
      trip_id,stop_id,stop_sequence,arrival_time,departure_time
      T1,A,1,08:00:00,08:00:00
      T1,B,2,08:05:00,08:05:00
      T2,B,1,09:00:00,09:00:00
      T2,A,2,09:05:00,09:05:00
      T3,A,1,10:00:00,10:00:00
      T3,B,2,10:05:00,10:05:00
    `);
    const { bytes, issues } = await buildSnapshot({ gtfs: [dir], quiet: true });
    expect(issues.kept.map((i) => `${i.severity} ${i.code} ${i.entityId} ${i.value}`)).toEqual(['warning bad_route_color R3 red']);
    const e = Engine.open(bytes.buffer);
    expect([...e.timetable.routeColor]).toEqual([0x0073ac, NONE, NONE]);
    const drawn = e.routeShapes.inBox(53.3, -1.5, 53.4, -1.4, 1000).shapes.map((s) => `${s.line} ${s.colour} ${s.fromShape}`);
    expect(drawn.sort()).toEqual(['1 #0073ac false', '2 null false']); // R3 runs along R1's stops: one geometry, R1's colour
  });
});
