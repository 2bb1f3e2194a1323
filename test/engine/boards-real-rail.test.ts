// FEATURE UNDER TEST: rail station boards by CRS code and train service detail on the real South Yorkshire snapshot (GB rail GTFS, times up to 48:00), against an independent reference reader.
import { beforeAll, describe, expect, it } from 'vitest';
import { realEngine } from '../support/snapshots.js';
import { HAVE_DATA, data } from '../support/data.js';
import { GtfsReference, londonTime } from '../support/gtfs-reference.js';
import { compareBoards, compareTrips, sampleStops } from '../support/board-compare.js';

describe.skipIf(!HAVE_DATA)('GB rail station boards', () => {
  let ref: GtfsReference;
  let codes: string[];
  beforeAll(async () => {
    ref = await GtfsReference.open(data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip'));
    const e = realEngine()!;
    // Stations of the sampled stops (the busiest first), as the API names them: CRS codes.
    codes = [...new Set(sampleStops(ref, 25, 5).map((id) => ref.stops.get(id)!.code))].filter((crs) => e.findStation(crs) >= 0);
  });

  it('samples stations the snapshot knows', () => {
    expect(codes.length).toBeGreaterThan(15);
    expect(codes).toContain('SHF');
  });

  it.each(['2019-09-10', '2019-09-11', '2019-09-12'])('station boards on %s equal the reference reader (late trains of 09-10 run into 09-11 and 09-12)', (date) => {
    compareBoards(realEngine()!, ref, date, codes, 'time', true);
  });

  it('lists the 24:00-48:00 trains of 2019-09-10 on the next mornings', () => {
    const e = realEngine()!;
    const late = codes.flatMap((crs) => e.stationBoard(e.findStation(crs), { from: londonTime('2019-09-11', 0, 0), to: londonTime('2019-09-12', 23, 59), limit: 100, type: 'departures' }));
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((c) => c.serviceDate === '2019-09-10' && c.seconds >= 86_400)).toBe(true);
  });

  it('service detail of trains running on 2019-09-10 equals the reference reader', () => {
    compareTrips(realEngine()!, ref, '2019-09-10', 25, 'time');
  });
});
