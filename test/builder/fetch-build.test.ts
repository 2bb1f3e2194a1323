// FEATURE UNDER TEST: `transit fetch REGION --build`: the fetched files go through the real builder with the right flags and the region's coverage, and the engine opens the snapshot.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { startFileServer, runTransit, southYorkshireFiles, overrideArgs, type FileServer } from '../support/fetch-server.js';

describe.skipIf(!HAVE_DATA)('transit fetch south_yorkshire --build', () => {
  const files = HAVE_DATA ? southYorkshireFiles(data) : {};
  let server: FileServer;
  let cache: string;
  beforeAll(async () => {
    server = await startFileServer(Object.fromEntries(Object.values(files).map((f) => [f.path, f.file])));
    cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-build-'));
  });
  afterAll(() => server?.close());

  it('fetches, then builds <cache>/<region>.snap that the engine opens: stops, stations, postcodes, coverage; streets cut to it', async () => {
    const r = await runTransit(['fetch', 'south_yorkshire', '--cache', cache, '--build', ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    const dir = path.join(cache, 'south_yorkshire');
    const snap = path.join(cache, 'south_yorkshire.snap');
    expect(r.stdout).toContain(
      `Building: transit build --gtfs ${dir}/gtfs.zip --naptan ${dir}/naptan.csv --postcodes ${dir}/postcodes_s.csv --postcodes ${dir}/postcodes_dn.csv ` +
        `--rail-stations ${dir}/rail_stations.csv --osm ${dir}/osm_south_yorkshire.osm.pbf --coverage "53.2989,-1.8259,53.6633,-0.8529" --out ${snap}`,
    );
    expect(r.stdout).toMatch(/^Wrote .*south_yorkshire\.snap: [\d.]+ MiB in [\d.]+ s\.$/m);
    const e = Engine.open(new Uint8Array(readFileSync(snap)).buffer);
    const { counts, feeds } = e.info;
    expect(counts.stops).toBeGreaterThan(8000); // NaPTAN 370: active stops with no timetable stay searchable
    expect(counts.stations).toBeGreaterThan(2000);
    expect(counts.postcodes).toBeGreaterThan(79_000); // S and DN (50,523 + 28,552 rows, a few unusable)
    expect(counts.trips).toBeGreaterThan(3000);
    expect(feeds.map((f) => f.kind).sort()).toEqual(expect.arrayContaining(['gtfs', 'naptan']));
    // The stand-in extract is Newport's, outside South Yorkshire: streets are cut to the coverage,
    // so the build has none and says so (test/builder/fetch-gb.test.ts builds streets that fit).
    expect(e.streets).toBeNull();
    expect(r.stdout).toMatch(/^ {2}osm_outside_coverage: 1$/m);
    expect(e.coverage?.contains(53.38, -1.47)).toBe(true); // Sheffield
    expect(e.coverage?.contains(53.8, -1.55)).toBe(false); // Leeds: West Yorkshire is another region
    expect(e.findStop('370010113')).toBeGreaterThanOrEqual(0); // Sheffield Interchange A3, from NaPTAN
    expect(readdirSync(cache).sort()).toEqual(['south_yorkshire', 'south_yorkshire.snap']); // no temp file left
  });

  it('--only gtfs --build refreshes one source and builds with the others from the cache; a missing required source stops the build', async () => {
    const out = path.join(cache, 'again.snap');
    const r = await runTransit(['fetch', 'south_yorkshire', '--cache', cache, '--only', 'gtfs', '--build', '--out', out, ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 fetched .*, 1 unchanged, 0 failed/);
    expect(r.stdout).toContain(`--osm ${path.join(cache, 'south_yorkshire')}/osm_south_yorkshire.osm.pbf`);
    expect(existsSync(out)).toBe(true);

    const fresh = mkdtempSync(path.join(os.tmpdir(), 'fetch-build-'));
    const args = overrideArgs(server.url, files).map((a) => a.replace(`${server.url}${files.naptan.path}`, `${server.url}/gone.csv`));
    const failed = await runTransit(['fetch', 'south_yorkshire', '--cache', fresh, '--build', ...args]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('naptan failed: HTTP 404 Not Found');
    expect(failed.stderr).toContain('transit fetch: not building: no cached naptan (required; turn one off with --source NAME=off).');
    expect(existsSync(path.join(fresh, 'south_yorkshire.snap'))).toBe(false);
  });
});
