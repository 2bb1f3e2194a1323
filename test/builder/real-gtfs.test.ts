// FEATURE UNDER TEST: every real GTFS feed in ../shared/data builds, quirks and all, with sane counts.
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { feedEngine } from '../support/snapshots.js';
import { HAVE_DATA, gtfsFeeds } from '../support/data.js';

/** Trips in trips.txt per feed (SOURCES.md) and the service-day range each must cover. */
const EXPECTED: Record<string, { trips: number; day: string }> = {
  'GBRail_GTFS_filtered.zip': { trips: 3169, day: '2019-09-10' },
  'NW_GTFS_filtered.zip': { trips: 93, day: '2019-09-10' },
  'WM_GTFS_filtered.zip': { trips: 117, day: '2019-09-10' },
  'other_modalities.zip': { trips: 5426, day: '2024-03-05' },
  'rail.zip': { trips: 939, day: '2024-03-05' },
  'newport-20230613_gtfs.zip': { trips: 1343, day: '2023-06-13' },
  'bluestar_1752137428.zip': { trips: 5404, day: '2025-07-10' },
  'GTFS.zip': { trips: 13776, day: '2018-09-19' },
  'gtfs.zip': { trips: 23397, day: '2015-09-01' },
};

describe.skipIf(!HAVE_DATA)('real GTFS feeds', () => {
  it.each(gtfsFeeds().map((f) => [path.basename(f)]))('%s builds', (name) => {
    // Built once per run by the global setup (test/support/global-setup.ts).
    const built = feedEngine(name)!;
    const e = built.engine;
    const count = (code: string) => built.issues[code] ?? 0;
    const expected = EXPECTED[name];
    expect(expected, `no expectation for ${name}`).toBeDefined();
    // Nearly every trip survives (a few may be dropped with an issue, never silently).
    expect(e.timetable.tripCount).toBeGreaterThan(expected.trips * 0.97);
    expect(e.timetable.tripCount + count('no_stop_times') + count('non_increasing_times') + count('missing_times')).toBeGreaterThanOrEqual(expected.trips - count('duplicate_id'));
    const info = e.info;
    expect(info.serviceDays!.first <= expected.day && expected.day <= info.serviceDays!.last, `${expected.day} in ${JSON.stringify(info.serviceDays)}`).toBe(true);
    expect(e.stopTable.count).toBeGreaterThan(10);
    // Every pattern's time matrix is FIFO and non-decreasing along the trip.
    const tt = e.timetable;
    let backwards = 0;
    for (let p = 0; p < tt.patternCount; p++) {
      const first = tt.patternTripOffsets[p];
      const n = tt.patternTripOffsets[p + 1] - first;
      const stops = tt.patternStopOffsets[p + 1] - tt.patternStopOffsets[p];
      for (let i = tt.patternStopOffsets[p]; i < tt.patternStopOffsets[p] + stops; i++) {
        const row = tt.departureRow(i, n);
        const at = (r: number) => tt.tripBase[first + r] + tt.times[row + r];
        for (let r = 1; r < n; r++) if (at(r) < at(r - 1)) backwards++;
      }
    }
    expect(backwards).toBe(0);
  });
});
