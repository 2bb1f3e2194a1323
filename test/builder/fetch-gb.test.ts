// FEATURE UNDER TEST: `transit fetch gb`: all of Great Britain's sources (every NaPTAN area, every
// GB postcode area, the all-GB BODS GTFS), streets only for a coverage the user gives, and the
// Great Britain OSM extract cut to that coverage by the build (a real file server stands in for
// the official hosts; a real Newport feed and extract stand in for the national files).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { runFetchCli } from '@transit/cli';
import { REGIONS } from '@transit/builder';
import { HAVE_DATA, data } from '../support/data.js';
import { captureIo, startFileServer, runTransit, overrideArgs, type FileServer } from '../support/fetch-server.js';

const gb = REGIONS.find((r) => r.name === 'gb')!;

describe('transit fetch gb: the national sources', () => {
  it('lists every NaPTAN area in one download, 120 postcode areas, all of BODS, and no streets without a coverage', async () => {
    const io = captureIo();
    expect(await runFetchCli(['--list', 'gb'], io)).toBe(0);
    expect(io.stdout).toContain('coverage 49.85,-8.7,60.9,1.8');
    expect(io.stdout).toContain('https://data.bus-data.dft.gov.uk/timetable/download/gtfs-file/all/');
    expect(io.stdout).toMatch(/naptan +required +https:\/\/naptan\.api\.dft\.gov\.uk\/v1\/access-nodes\?dataFormat=csv\n/);
    expect(io.stdout.match(/^ {2}postcodes_[a-z]+ /gm)).toHaveLength(120);
    expect(io.stdout).not.toContain('postcodes_bt'); // Northern Ireland is not in Great Britain's bus data
    expect(io.stdout).not.toMatch(/^ {2}osm_/m);
  });

  it('with --coverage: the Great Britain OSM extract, and the coverage the build will use', async () => {
    const io = captureIo();
    expect(await runFetchCli(['--list', 'gb', '--coverage', '53.3,-1.6,53.45,-1.35'], io)).toBe(0);
    expect(io.stdout).toContain('coverage 53.3,-1.6,53.45,-1.35');
    expect(io.stdout).toMatch(/^ {2}osm_great_britain +optional +https:\/\/download\.geofabrik\.de\/europe\/great-britain-latest\.osm\.pbf$/m);
    expect(gb.postcodeAreas).toEqual(expect.arrayContaining(['S', 'EH', 'CF', 'ZE', 'HS']));
  });

  it('refuses a coverage that is neither a box nor a GeoJSON file, exit 2, before any download', async () => {
    const io = captureIo();
    expect(await runFetchCli(['gb', '--coverage', '53,1', '--cache', mkdtempSync(path.join(os.tmpdir(), 'fetch-gb-'))], io)).toBe(2);
    expect(io.stderr).toContain('transit fetch: --coverage 53,1: neither a bbox (minLat,minLon,maxLat,maxLon) nor a readable GeoJSON file');
    expect(io.stdout).toBe('');
  });
});

describe.skipIf(!HAVE_DATA)('transit fetch gb --coverage AREA --build', () => {
  const files = HAVE_DATA
    ? {
        gtfs: { path: '/bods/gtfs-file/all.zip', file: data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip') },
        naptan: { path: '/naptan/access-nodes/all.csv', file: data('naptan/370Stops.csv') },
        rail_stations: { path: '/rail/stations.csv', file: data('rail_stations/uk_railway_stations.csv') },
        osm_great_britain: { path: '/europe/great-britain-latest.osm.pbf', file: data('osm/newport_wales_2023-06-13.osm.pbf') },
      }
    : {};
  let server: FileServer;
  beforeAll(async () => {
    server = await startFileServer(Object.fromEntries(Object.values(files).map((f) => [f.path, f.file])));
  });
  afterAll(() => server?.close());

  it('builds with the streets of the coverage only (and 5 km around), and plans inside it', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-gb-'));
    const coverage = '51.575,-3.01,51.6,-2.98'; // central Newport
    const only = ['--only', Object.keys(files).join(',')];
    const r = await runTransit(['fetch', 'gb', '--cache', cache, '--coverage', coverage, '--build', ...only, ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    const dir = path.join(cache, 'gb');
    expect(r.stdout).toContain(`--osm ${dir}/osm_great_britain.osm.pbf --coverage "${coverage}" --out ${dir}.snap`);
    expect(server.seen(files.osm_great_britain!.path)).toHaveLength(1);

    const e = Engine.open(new Uint8Array(readFileSync(`${dir}.snap`)).buffer);
    const streets = e.streets!;
    expect(streets.nodeCount).toBeGreaterThan(1000);
    // Ways are kept whole when they reach into the box and its margin, so a few nodes lie a
    // little beyond it; nothing lies near the extract's edges (51.4-51.8, -3.3 to -2.7).
    const { lat, lon } = streets.columns;
    for (let i = 0; i < streets.nodeCount; i++) {
      if (lat[i] < 51.48 || lat[i] > 51.7 || lon[i] < -3.15 || lon[i] > -2.84) throw new Error(`street node ${i} at ${lat[i]},${lon[i]} is far outside the coverage`);
    }
    // The margin is kept: streets wholly in the band 1-4.5 km outside the box (none reaches into it) are in the graph.
    const kmLat = 1 / 111.2, kmLon = 1 / (111.2 * Math.cos((51.5875 * Math.PI) / 180));
    const outsideKm = (i: number) => Math.max((51.575 - lat[i]) / kmLat, (lat[i] - 51.6) / kmLat, (-3.01 - lon[i]) / kmLon, (lon[i] + 2.98) / kmLon);
    let inBand = 0;
    for (let i = 0; i < streets.nodeCount; i++) if (outsideKm(i) > 1 && outsideKm(i) < 4.5) inBand++;
    expect(inBand).toBeGreaterThan(1000);
    expect(e.coverage?.contains(51.588, -2.997)).toBe(true);
    expect(e.coverage?.contains(51.55, -2.997)).toBe(false);
  });
});
