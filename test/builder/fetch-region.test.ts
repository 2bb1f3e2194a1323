// FEATURE UNDER TEST: `transit fetch REGION` as a user runs it: every source of a region downloaded into the cache, byte for byte, then skipped while unchanged (304).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HAVE_DATA, data } from '../support/data.js';
import { startFileServer, runTransit, sha256File, southYorkshireFiles, overrideArgs, type FileServer } from '../support/fetch-server.js';

describe.skipIf(!HAVE_DATA)('transit fetch south_yorkshire (real files from ../shared/data over local HTTP)', () => {
  const files = HAVE_DATA ? southYorkshireFiles(data) : {};
  let server: FileServer;
  let cache: string;
  let dir: string;
  beforeAll(async () => {
    server = await startFileServer(Object.fromEntries(Object.values(files).map((f) => [f.path, f.file])));
    cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-region-'));
    dir = path.join(cache, 'south_yorkshire');
  });
  afterAll(() => server?.close());

  it('downloads every source, byte-identical, with a manifest of validators and digests', async () => {
    const r = await runTransit(['fetch', 'south_yorkshire', '--cache', cache, ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Fetching 6 sources of south_yorkshire into ${dir}`);
    expect(r.stdout).toMatch(/6 fetched \([\d.]+ MiB downloaded\), 0 unchanged, 0 failed/);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    for (const [name, f] of Object.entries(files)) {
      expect(r.stdout).toMatch(new RegExp(`^  ${name} +fetched +[\\d.]+ [KM]iB in [\\d.]+ s, sha256 [0-9a-f]{12}$`, 'm'));
      const entry = manifest.sources[name];
      expect(sha256File(path.join(dir, entry.file))).toBe(sha256File(f.file));
      expect(entry).toMatchObject({ bytes: statSync(f.file).size, sha256: sha256File(f.file), url: expect.stringContaining(f.path) });
      expect(entry.etag).toMatch(/^"[0-9a-f]+"$/);
    }
    expect(manifest.partial).toEqual({});
    expect(readdirSync(dir).sort()).toEqual(['gtfs.zip', 'manifest.json', 'naptan.csv', 'osm_south_yorkshire.osm.pbf', 'postcodes_dn.csv', 'postcodes_s.csv', 'rail_stations.csv']);
    // the OSM extract came through the mirror, at Geofabrik's path
    expect(server.seen('/europe/united-kingdom/england/south-yorkshire-latest.osm.pbf')).toHaveLength(1);
    expect(r.stderr).toContain(`osm_south_yorkshire: GET ${server.url}/europe/united-kingdom/england/south-yorkshire-latest.osm.pbf`);
  });

  it('skips unchanged sources: conditional requests, 304, files untouched', async () => {
    const before = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
    const seenBefore = server.requests.length;
    const r = await runTransit(['fetch', 'south_yorkshire', '--cache', cache, ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 fetched \(0 B downloaded\), 6 unchanged, 0 failed/);
    expect(r.stdout).toMatch(/^ {2}gtfs +unchanged +[\d.]+ KiB \(not modified since \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/m);
    const again = server.requests.slice(seenBefore);
    expect(again).toHaveLength(6);
    for (const req of again) {
      expect(req.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/);
      expect(req.status).toBe(304);
    }
    for (const f of Object.keys(files).map((n) => JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).sources[n].file)) {
      expect(statSync(path.join(dir, f)).mtimeMs).toBe(before[f]);
    }
  });

  it('--only fetches the named sources (or kinds) and leaves the others alone', async () => {
    const seenBefore = server.requests.length;
    const r = await runTransit(['fetch', 'south_yorkshire', '--cache', cache, '--only', 'gtfs,postcodes', ...overrideArgs(server.url, files)]);
    expect(r.status, r.stderr).toBe(0);
    expect(server.requests.slice(seenBefore).map((q) => q.path).sort()).toEqual([files.gtfs.path, files.postcodes_dn.path, files.postcodes_s.path].sort());
  });
});
