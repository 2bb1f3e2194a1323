// FEATURE UNDER TEST: stop_times.txt rows without a quote are parsed from their bytes
// (gtfs/parse-stop-times.ts); every quirk, bad row and issue comes out exactly as from the string
// path, which reads the same rows when each field is quoted.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
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
  Sé,Four,53.03,-1.0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  R,A,1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  WK,1,1,1,1,1,0,0,20260105,20260109
  # trips.txt
  route_id,service_id,trip_id
  R,WK,t1
  R,WK,t2
  R,WK,t3
`;

const STOP_TIMES = [
  'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type',
  't1,08:00:00,08:00:00,S1,1,0,1',
  't1,,,S2,2,,',
  't1,08:10:00,08:09:00,S3,3,1,0',
  't1, 08:20:00,08:20:00 ,S1 ,4, 2,3',
  't1,NA,08:25:00,S2,5,NA,NA',
  't1,08:30:00,08:30:00,S9,6,0,0',
  't1,08:35:00,08:35:00,S2,,0,0',
  't1,08:40:00,08:40:00,S3,1e1,0,0',
  't1,08:45:00,08:45:00,S1,x,0,0',
  't1,8:50:00,25:61:00,S2,12,0,0',
  't1,24:55:00,24:55:00,Sé,13,4,33',
  't2,09:00:00,09:00:00,S1,1',
  't2,09:05:00,09:05:00,S2,2,0,0,extra,fields',
  't2,09:10:00,09:10:00,S3,3,2,2\r',
  't2,9:15:00,9:15:00,Sé,4,3,0',
  'ghost,09:00:00,09:00:00,S1,1,0,0',
  'NA,09:00:00,09:00:00,S1,1,0,0',
  ' t3,10:00:00,10:00:00,S1,1,0,0',
  't3,10:05:00,10:05:0x,S2,2,0,0',
  't3,10:10:00,10:10:00,NA,3,0,0',
  't3,10:15:00,10:15:00,S3,999999999999,0,0',
  't3,10:20:00,10:20:00,S1,5,0,0',
];

/** The same rows with every field quoted: the splitter hands them to the string path. */
const quoted = (line: string) => line.replace(/\r$/, '').split(',').map((f) => `"${f}"`).join(',') + (line.endsWith('\r') ? '\r' : '');

const dir = feedFolder(FEED);

/** Builds the feed with these stop_times.txt lines (in the same folder: its name is in the snapshot). */
async function build(stopTimes: string[]) {
  writeFileSync(path.join(dir, 'stop_times.txt'), stopTimes.join('\n') + '\n');
  const { bytes, issues } = await buildSnapshot({ gtfs: [dir], quiet: true, builtAt: '2026-01-01T00:00:00.000Z' });
  return { bytes, issues: issues.kept.map(({ file, ...rest }) => ({ file: file.replace(/^.*:/, ''), ...rest })) };
}

describe('stop_times from bytes', () => {
  it('gives the records and issues of the string path', async () => {
    const plain = await build(STOP_TIMES);
    const strings = await build([STOP_TIMES[0], ...STOP_TIMES.slice(1).map(quoted)]);
    expect(plain.issues).toEqual(strings.issues);
    expect(new Set(plain.issues.map((i) => i.code))).toEqual(new Set(['departure_before_arrival', 'non_increasing_times', 'unknown_stop', 'bad_sequence', 'bad_time', 'unknown_trip']));
    // The snapshots differ only in the source's size and sha256 (the files differ): compare the timetable.
    const tables = (bytes: Uint8Array) => Object.entries(Engine.open(bytes.buffer as ArrayBuffer).timetable).map(([k, v]) => [k, ArrayBuffer.isView(v) ? [...(v as Uint32Array)] : v]);
    const t = tables(plain.bytes);
    expect(t).toEqual(tables(strings.bytes));
    expect(Object.fromEntries(t).tripCount).toBeGreaterThan(0); // t1 is dropped for its non-increasing times
  });
});
