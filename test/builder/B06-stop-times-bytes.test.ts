// FEATURE UNDER TEST: stop_times.txt and shapes.txt rows without a quote are parsed from their
// bytes (gtfs/parse-stop-times.ts, gtfs/parse-shapes.ts); every quirk, bad row and issue comes
// out exactly as from the string path, which reads the same rows when each field is quoted.
import { Readable } from 'node:stream';
import { describe, it, expect } from 'vitest';
import { newDataset } from '../../packages/builder/src/compile/compile-snapshot.js';
import { parseGtfs } from '../../packages/builder/src/gtfs/parse-gtfs.js';
import { memorySource } from '../../packages/builder/src/source/feed-source.js';

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

const SHAPES = [
  'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence,shape_dist_traveled',
  'A,53.0,-1.0,1,0',
  'A,53.000001,-1.000002,2,0.1',
  'A,53.123456789012345,-1.5,3,',
  'A, 53.2,-1.2 ,4,',
  'A,NA,-1.2,5,',
  'A,91.0,-1.2,6,',
  'A,53.3,-1.3,,',
  'A,53.4,-1.4,7.5,',
  'A,5.34e1,-1.4,8,',
  'A,.5,-0,9,',
  'A,53.,-1.4,10,',
  'B,-0.0,0.000000000000000001,1\r',
  'NA,53.0,-1.0,1,',
  ',53.0,-1.0,1,',
  'Bé,53.0,-1.0,1,',
  'A,53.5,-1.5,11',
];

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

/** Parses the feed from chunks of `chunk` bytes; returns its stop-time columns, encoded shapes and issues. */
async function parse(stopTimes: string[], shapeRows: string[], chunk: number) {
  const files = new Map<string, string>();
  for (const part of FEED.split(/^\s*# /m).slice(1)) {
    const [name, ...lines] = part.split('\n');
    files.set(name.trim(), lines.map((l) => l.trim()).filter(Boolean).join('\n') + '\n');
  }
  files.set('stop_times.txt', stopTimes.join('\n') + '\n');
  files.set('shapes.txt', shapeRows.join('\n'));
  const source = memorySource('feed', files);
  const open = source.open;
  source.open = async (f) => {
    const bytes = Buffer.concat(await (await open(f)).toArray());
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
    return Readable.from(chunks);
  };
  const ds = newDataset();
  await parseGtfs({ ds, tt: ds.timetable, source, feed: '0' });
  const { shapes } = ds.timetable;
  const st = ds.timetable.st.bufferedRows();
  return {
    stopTimes: [st.trip, st.stop, st.seq, st.arr, st.dep, st.flags].map((c) => Array.from(c)),
    shapes, // encoded as soon as shapes.txt is read
    shapeIds: ds.timetable.shapeIds,
    issues: ds.issues.kept,
  };
}

describe('stop_times and shapes from bytes', () => {
  it.each([1, 7, 1 << 16])('give the records and issues of the string path (chunks of %i bytes)', async (chunk) => {
    const plain = await parse(STOP_TIMES, SHAPES, chunk);
    const strings = await parse([STOP_TIMES[0], ...STOP_TIMES.slice(1).map(quoted)], [SHAPES[0], ...SHAPES.slice(1).map(quoted)], chunk);
    expect(plain).toEqual(strings);
    expect(new Set(plain.issues.map((i) => i.code))).toEqual(new Set(['departure_before_arrival', 'unknown_stop', 'bad_sequence', 'bad_time', 'unknown_trip', 'bad_shape_point']));
    expect(plain.stopTimes[0].length).toBeGreaterThan(10);
    expect(plain.shapes.pointCount.reduce((a, b) => a + b)).toBeGreaterThan(8);
  });
});
