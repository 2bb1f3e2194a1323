// FEATURE UNDER TEST: `transit fetch` when sources fail: each failure named with its cause, the other sources still fetched, exit status 1, nothing half-written, keys never printed.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFetchCli } from '@transit/cli';
import { redactText } from '@transit/feeds';
import { requestUrl } from '../../packages/builder/src/fetch/sources.js';
import { HAVE_DATA, data } from '../support/data.js';
import { startFileServer, closedPort, runTransit, sha256File, captureIo, type FileServer } from '../support/fetch-server.js';

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe.skipIf(!HAVE_DATA)('transit fetch with failing sources', () => {
  let server: FileServer;
  let refused: number;
  beforeAll(async () => {
    server = await startFileServer({ '/feed.zip': data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip'), '/stations.csv': data('rail_stations/uk_railway_stations.csv') });
    refused = await closedPort();
  });
  afterAll(() => server.close());

  it('reports a 404 and a refused connection, fetches the rest, exits 1, leaves no .part or final file for them', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-fail-'));
    const r = await runTransit([
      'fetch', '--cache', cache, '--retries', '1',
      '--source', `gtfs=${server.url}/feed.zip`,
      '--source', `naptan=${server.url}/no-such-file.csv`,
      '--source', `postcodes=http://127.0.0.1:${refused}/S.csv`,
      '--source', `rail_stations=${server.url}/stations.csv`,
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`transit fetch: naptan failed: HTTP 404 Not Found (${server.url}/no-such-file.csv)\n`);
    expect(r.stderr).toContain(`transit fetch: postcodes failed: connection refused (http://127.0.0.1:${refused}/S.csv)\n`);
    expect(r.stdout).toMatch(/2 fetched \([\d.]+ KiB downloaded\), 0 unchanged, 2 failed/);
    noStack(r.stderr);
    const dir = path.join(cache, 'custom');
    expect(readdirSync(dir).sort()).toEqual(['gtfs.zip', 'manifest.json', 'rail_stations.csv']);
    expect(server.seen('/no-such-file.csv')).toHaveLength(1); // a 404 is not retried
  });

  it('keeps the cached copy when a source fails later, and says so', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-fail-'));
    const args = ['--cache', cache, '--source', `gtfs=${server.url}/feed.zip`];
    expect(await runFetchCli(args, captureIo())).toBe(0);
    server.serve('/feed.zip', data('gtfs/otp4gb_south_yorkshire_2019-09-10/NW_GTFS_filtered.zip'));
    server.dropNext('/feed.zip', 1);
    const io = captureIo();
    expect(await runFetchCli([...args, '--retries', '0'], io)).toBe(1);
    expect(io.stderr).toMatch(/gtfs failed: connection closed by the server \(.*\); keeping the copy fetched \d{4}-\d\d-\d\d \d\d:\d\d UTC\n/);
    const dir = path.join(cache, 'custom');
    expect(sha256File(path.join(dir, 'gtfs.zip'))).toBe(sha256File(data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip')));
    server.serve('/feed.zip', data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip'));
  });

  it('times out a silent server', async () => {
    const http = await import('node:http');
    const silent = http.createServer(() => {}); // never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const io = captureIo();
    expect(await runFetchCli(['--cache', mkdtempSync(path.join(os.tmpdir(), 'fetch-fail-')), '--timeout', '0.3', '--retries', '0', '--source', `gtfs=http://127.0.0.1:${port}/x.zip`], io)).toBe(1);
    expect(io.stderr).toContain('gtfs failed: timed out: no data for 0.3 s');
    silent.closeAllConnections();
    silent.close();
  });

  it('never prints an API key: redacted in URLs, sent only to the BODS host', async () => {
    const io = captureIo({ BODS_API_KEY: 'env-secret-key' });
    await runFetchCli(['--cache', mkdtempSync(path.join(os.tmpdir(), 'fetch-fail-')), '--source', `gtfs=${server.url}/gone.zip?api_key=url-secret-key`], io);
    expect(io.stderr).toContain(`gtfs failed: HTTP 404 Not Found (${server.url}/gone.zip?api_key=***)`);
    expect(io.stdout + io.stderr).not.toMatch(/secret-key/);
    expect(server.seen('/gone.zip')[0].query.get('api_key')).toBe('url-secret-key'); // a key in a given URL is the user's to send
    expect(requestUrl('https://data.bus-data.dft.gov.uk/timetable/download/gtfs-file/yorkshire/', 'k1')).toBe('https://data.bus-data.dft.gov.uk/timetable/download/gtfs-file/yorkshire/?api_key=k1');
    expect(requestUrl('https://download.geofabrik.de/europe/united-kingdom/england/south-yorkshire-latest.osm.pbf', 'k1')).not.toContain('k1');
    expect(redactText('GET https://x/?a=1&api_key=abc&b=2 abc', 'abc')).toBe('GET https://x/?a=1&api_key=***&b=2 ***');
  });
});

describe('transit fetch usage', () => {
  it.each([
    [['nowhere'], "unknown region 'nowhere'"],
    [[], 'give a region'],
    [['yorkshire', '--source', 'gtfs'], 'expected NAME=URL or NAME=off'],
    [['yorkshire', '--source', 'gtfs=ftp://x/y.zip'], 'the URL must be an http:// or https:// URL'],
    [['yorkshire', '--source', 'gtfs=http://[bad/y.zip'], 'the URL must be an http:// or https:// URL'],
    [['yorkshire', '--source', 'weather=https://x/y.csv'], 'a source name is one of'],
    [['yorkshire', '--only', 'nothing'], '--only: no source called nothing'],
    [['yorkshire', '--retries', '1.5'], '--retries must be a whole number'],
    [['yorkshire', '--out', 'x.snap'], '--out is the snapshot of --build'],
    [['yorkshire', '--bogus'], "Unknown option '--bogus'"],
  ])('rejects %j with exit 2', async (args, message) => {
    const io = captureIo();
    expect(await runFetchCli(args, io)).toBe(2);
    expect(io.stderr).toContain(message);
    expect(io.stderr).toContain('Usage: transit fetch REGION');
    noStack(io.stderr);
  });

  it('--list shows every region, and a region\'s sources with URLs and licences', async () => {
    const all = captureIo();
    expect(await runFetchCli(['--list'], all)).toBe(0);
    for (const region of ['yorkshire', 'south_yorkshire', 'west_yorkshire', 'north_west', 'north_east', 'west_midlands', 'east_midlands', 'london']) expect(all.stdout).toContain(`  ${region} `);
    const one = captureIo();
    expect(await runFetchCli(['--list', 'yorkshire', '--source', 'rail_timetable=https://example.org/RJTTF.zip', '--source', 'nptg=off'], one)).toBe(0);
    expect(one.stdout).toContain('https://data.bus-data.dft.gov.uk/timetable/download/gtfs-file/yorkshire/');
    expect(one.stdout).toContain('https://naptan.api.dft.gov.uk/v1/access-nodes?dataFormat=csv&atcoAreaCodes=370,450,320,329,220,229,910,940');
    expect(one.stdout).toContain('https://download.geofabrik.de/europe/united-kingdom/england/west-yorkshire-latest.osm.pbf');
    expect(one.stdout).toMatch(/rail_timetable +optional +https:\/\/example\.org\/RJTTF\.zip/);
    expect(one.stdout).not.toMatch(/^ {2}nptg /m);
    expect(one.stdout).toContain('OGL v3');
    expect(one.stdout).toContain('ODbL');
  });

  it('is wired into `transit` (help and dispatch)', async () => {
    const help = await runTransit(['--help']);
    expect(help.stdout).toMatch(/^ {2}fetch +download a region's official public sources/m);
    const r = await runTransit(['fetch', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: transit fetch REGION');
  });
});
