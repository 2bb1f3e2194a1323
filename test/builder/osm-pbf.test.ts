// FEATURE UNDER TEST: reading OSM PBF (blobs, dense nodes, ways, two passes, several files) and failing cleanly on anything that is not one.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildSnapshot, BuildError } from '@transit/builder';
import { parseOsm } from '../../packages/builder/src/osm/parse-osm.js';
import { fileByteSource, memoryByteSource } from '../../packages/builder/src/osm/byte-source.js';
import { encodeOsmPbf } from '../../packages/builder/src/osm/write-pbf.js';
import { coverageBox, parseCoverage } from '../../packages/builder/src/coverage/parse-coverage.js';
import { HAVE_DATA, data } from '../support/data.js';
import { tempFile } from '../support/streets.js';
import { runTransit } from '../support/cli-process.js';

const NODES = [
  { id: 9_876_543_210, lat: 51.5880001, lon: -3.0000001 }, // ids beyond 2^32, as OSM has today
  { id: 9_876_543_211, lat: 51.589, lon: -2.999 },
  { id: 17, lat: 51.59, lon: -3.001 },
  { id: -5, lat: 51.5, lon: -3.1 }, // on no way: not kept
];
const WAYS = [
  { refs: [9_876_543_210, 9_876_543_211, 17], tags: { highway: 'residential', name: 'Cae Street' } },
  { refs: [17, 9_876_543_210], tags: { highway: 'footway' } },
  { refs: [17, 9_876_543_211], tags: { building: 'yes' } },
  { refs: [17, 404], tags: { highway: 'service' } }, // node 404 is not in the file
];

describe('OSM PBF reader', () => {
  it('keeps highway ways and the coordinates of their nodes', async () => {
    const s = await parseOsm([memoryByteSource('t.osm.pbf', encodeOsmPbf(NODES, WAYS))]);
    expect(s.wayAccess.length).toBe(3);
    expect([...s.wayNodeOffsets]).toEqual([0, 3, 5, 7]);
    expect(s.lat.length).toBe(4); // three file nodes and the missing 404
    const coord = (i: number) => [s.lat[s.wayNodes[i]], s.lon[s.wayNodes[i]]].map((x) => Math.round(x * 1e7) / 1e7);
    expect([coord(0), coord(1), coord(2)]).toEqual([[51.5880001, -3.0000001], [51.589, -2.999], [51.59, -3.001]]);
    expect(s.lat[s.wayNodes[6]]).toBeNaN();
    expect(s.names[s.wayName[0]]).toBe('Cae Street');
  });

  it('merges several extracts by node id', async () => {
    const a = encodeOsmPbf(NODES.slice(0, 2), WAYS.slice(0, 1));
    const b = encodeOsmPbf(NODES.slice(1, 3), WAYS.slice(1, 2));
    const s = await parseOsm([memoryByteSource('a', a), memoryByteSource('b', b)]);
    expect(s.lat.length).toBe(3);
    expect(Array.from(s.lat).every((x) => !Number.isNaN(x))).toBe(true);
  });

  it('splits data into blocks of 8000 entities and reads them all', async () => {
    const nodes = Array.from({ length: 20_001 }, (_, i) => ({ id: i + 1, lat: 51 + i * 1e-5, lon: -3 }));
    const s = await parseOsm([memoryByteSource('big', encodeOsmPbf(nodes, [{ refs: nodes.map((n) => n.id), tags: { highway: 'path' } }]))]);
    expect(s.lat.length).toBe(20_001);
    expect(s.lat[20_000]).toBeCloseTo(51.2, 7);
  });

  it('with a box, keeps only the ways that reach into it, whole', async () => {
    const nodes = [
      { id: 1, lat: 51.0, lon: -3.0 }, // inside
      { id: 2, lat: 51.0, lon: -2.9 },
      { id: 3, lat: 52.0, lon: -3.0 },
      { id: 4, lat: 52.0, lon: -2.9 },
    ];
    const ways = [
      { refs: [1, 2], tags: { highway: 'residential', name: 'In And Out' } },
      { refs: [3, 4], tags: { highway: 'residential', name: 'Far Away' } },
      { refs: [4, 2], tags: { highway: 'residential', name: 'Near Miss' } },
    ];
    const box = { minLat: 50.9, minLon: -3.05, maxLat: 51.05, maxLon: -2.95 };
    const s = await parseOsm([memoryByteSource('t.osm.pbf', encodeOsmPbf(nodes, ways))], undefined, box);
    expect(Array.from(s.wayName, (n) => s.names[n])).toEqual(['In And Out']);
    expect(Array.from(s.lon, (x) => Math.round(x * 1e7) / 1e7)).toEqual([-3.0, -2.9]); // the outside end is kept: the way is not clipped
    const all = await parseOsm([memoryByteSource('t.osm.pbf', encodeOsmPbf(nodes, ways))]);
    expect(all.wayAccess.length).toBe(3);
  });

  it('widens a coverage to the box streets are read in by a margin in metres', async () => {
    const box = coverageBox(await parseCoverage('51.5,-3.1,51.65,-2.85'), 5_000);
    expect(box.minLat).toBeCloseTo(51.5 - 5_000 / 111_320, 6);
    expect(box.maxLat).toBeCloseTo(51.65 + 5_000 / 111_320, 6);
    // 5 km of longitude at ~51.7 degrees north is about 0.072 degrees
    expect(-3.1 - box.minLon).toBeGreaterThan(0.072);
    expect(-3.1 - box.minLon).toBeLessThan(0.074);
    expect(box.maxLon - -2.85).toBeCloseTo(-3.1 - box.minLon, 9);
  });

  const real = HAVE_DATA ? readFileSync(data('osm/newport_wales_2023-06-13.osm.pbf')) : Buffer.alloc(0);
  it.each([
    ['an empty file', Buffer.alloc(0), /the file is empty/],
    ['a text file', Buffer.from('stop_id,stop_name\nA,B\n'), /blob header length \d+ at byte 0 is outside/],
    ['a zip file', Buffer.from('504b0304140000000800', 'hex'), /is outside|truncated/],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)), /not a readable OpenStreetMap PBF file/],
    ['a truncated download', encodeOsmPbf(NODES, WAYS).subarray(0, 150), /runs past the end of the file|truncated/],
    ['a damaged blob', damaged(encodeOsmPbf(NODES, WAYS)), /does not inflate|does not decode/],
  ])('rejects %s with a BuildError naming the file', async (_, bytes, message) => {
    const file = tempFile('bad.osm.pbf', bytes);
    const run = async () => parseOsm([await fileByteSource(file)]);
    await expect(run()).rejects.toBeInstanceOf(BuildError);
    await expect(run()).rejects.toThrow(message);
    await expect(run()).rejects.toThrow(file);
  });

  it.skipIf(!HAVE_DATA)('rejects a truncated real extract', async () => {
    const file = tempFile('cut.osm.pbf', real.subarray(0, 1_000_000));
    await expect(parseOsm([await fileByteSource(file)])).rejects.toThrow(/runs past the end of the file \(truncated download\?\)/);
  });

  it('fails the build, and the CLI exits 1 with one line and no stack trace', async () => {
    const file = tempFile('bad.osm.pbf', 'not a pbf');
    await expect(buildSnapshot({ osm: [file], quiet: true })).rejects.toBeInstanceOf(BuildError);
    const r = await runTransit(['build', '--osm', file, '--out', tempFile('x', '') + '.snap']);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^transit build: .*bad\.osm\.pbf is not a readable OpenStreetMap PBF file: .*\.$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const missing = await runTransit(['build', '--osm', '/nonexistent.osm.pbf', '--out', '/tmp/x.snap']);
    expect(missing.stderr.trim()).toBe('transit build: Cannot read /nonexistent.osm.pbf: no such file.');
  });
});

/** The bytes with a stretch in the middle of the last blob's compressed data overwritten. */
function damaged(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  for (let i = out.length - 40; i < out.length - 10; i++) out[i] ^= 0x5a;
  return out;
}
