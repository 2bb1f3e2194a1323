// FEATURE UNDER TEST: `transit fetch` after a dropped connection: the `.part` is resumed with Range + If-Range, in the same run or the next, and restarted from zero when the file changed.
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFetchCli } from '@transit/cli';
import { HAVE_DATA, data } from '../support/data.js';
import { PROCESS_WAIT_MS, spawnTracked } from '../support/processes.js';
import { startFileServer, runTransit, sha256File, captureIo, type FileServer } from '../support/fetch-server.js';
import { TRANSIT_BIN } from '../support/cli-process.js';

const GTFS = HAVE_DATA ? data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip') : '';
const NAPTAN = HAVE_DATA ? data('naptan/370Stops.csv') : '';

describe.skipIf(!HAVE_DATA)('transit fetch resumes interrupted downloads', () => {
  let server: FileServer;
  let cache: string;
  let dir: string;
  let args: string[];
  beforeEach(async () => {
    server = await startFileServer({ '/feed.zip': GTFS, '/stops.csv': NAPTAN });
    cache = mkdtempSync(path.join(os.tmpdir(), 'fetch-resume-'));
    dir = path.join(cache, 'custom');
    args = ['--cache', cache, '--source', `gtfs=${server.url}/feed.zip`, '--source', `naptan=${server.url}/stops.csv`];
  });
  afterEach(() => server.close());

  it('keeps the .part of a dropped download (no final file), and the next run resumes it byte-identical', async () => {
    server.dropNext('/stops.csv');
    const first = captureIo();
    expect(await runFetchCli([...args, '--retries', '0'], first)).toBe(1);
    expect(first.stderr).toContain(`transit fetch: naptan failed: connection closed by the server (${server.url}/stops.csv)`);
    expect(first.stdout).toMatch(/1 fetched .*, 0 unchanged, 1 failed/);
    expect(existsSync(path.join(dir, 'naptan.csv'))).toBe(false);
    const partSize = statSync(path.join(dir, 'naptan.csv.part')).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThan(statSync(NAPTAN).size);
    const etag = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).partial.naptan.validator; // recorded for If-Range
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const second = captureIo();
    expect(await runFetchCli(args, second), second.stderr).toBe(0);
    const resume = server.seen('/stops.csv')[1];
    expect(resume.headers.range).toBe(`bytes=${partSize}-`);
    expect(resume.headers['if-range']).toBe(etag);
    expect(resume.status).toBe(206);
    expect(second.stdout).toMatch(/^ {2}naptan +resumed +2\.9 MiB \(from [\d.]+ [KM]iB\)/m);
    expect(sha256File(path.join(dir, 'naptan.csv'))).toBe(sha256File(NAPTAN));
    expect(existsSync(path.join(dir, 'naptan.csv.part'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).partial).toEqual({});
  });

  it('resumes after the process was killed mid-download (real process, SIGKILL)', async () => {
    server.stallNext('/stops.csv');
    const fetching = spawnTracked(process.execPath, [TRANSIT_BIN, 'fetch', ...args, '--only', 'naptan']);
    const part = path.join(dir, 'naptan.csv.part');
    // The server stalls the download half-way; wait for that half to be on disk (or the process to end).
    await expect
      .poll(() => (fetching.proc.exitCode === null && existsSync(part) ? statSync(part).size : -1), { timeout: PROCESS_WAIT_MS, interval: 50 })
      .toBeGreaterThanOrEqual(Math.floor(statSync(NAPTAN).size / 2));
    await fetching.kill();
    expect(existsSync(path.join(dir, 'naptan.csv'))).toBe(false); // never a half-written final file
    const r = await runTransit(['fetch', ...args, '--only', 'naptan']);
    expect(r.status, r.stderr).toBe(0);
    expect(server.seen('/stops.csv')[1].headers.range).toBe(`bytes=${Math.floor(statSync(NAPTAN).size / 2)}-`);
    expect(sha256File(path.join(dir, 'naptan.csv'))).toBe(sha256File(NAPTAN));
  });

  it('resumes within the same run when retries are allowed', async () => {
    server.dropNext('/feed.zip', 2);
    const io = captureIo();
    expect(await runFetchCli(args, io, { retryDelayMs: 5 }), io.stderr).toBe(0);
    const tries = server.seen('/feed.zip');
    expect(tries.map((t) => t.headers.range ?? 'none')).toEqual(['none', expect.stringMatching(/^bytes=\d+-$/), expect.stringMatching(/^bytes=\d+-$/)]);
    expect(tries.map((t) => t.status)).toEqual([200, 206, 206]);
    expect(sha256File(path.join(dir, 'gtfs.zip'))).toBe(sha256File(GTFS));
  });

  it('starts again from zero when the file changed upstream (If-Range no longer matches: 200)', async () => {
    server.dropNext('/feed.zip');
    await runFetchCli([...args, '--retries', '0'], captureIo());
    expect(existsSync(path.join(dir, 'gtfs.zip.part'))).toBe(true);
    const changed = data('gtfs/otp4gb_south_yorkshire_2019-09-10/NW_GTFS_filtered.zip');
    server.serve('/feed.zip', changed);
    const io = captureIo();
    expect(await runFetchCli(args, io), io.stderr).toBe(0);
    const retry = server.seen('/feed.zip')[1];
    expect(retry.headers.range).toMatch(/^bytes=\d+-$/);
    expect(retry.status).toBe(200);
    expect(io.stdout).toMatch(/^ {2}gtfs +fetched /m);
    expect(sha256File(path.join(dir, 'gtfs.zip'))).toBe(sha256File(changed));
  });

  it('downloads a changed file again over its cached copy (If-None-Match no longer matches)', async () => {
    await runFetchCli(args, captureIo());
    const changed = data('gtfs/otp4gb_south_yorkshire_2019-09-10/WM_GTFS_filtered.zip');
    server.serve('/feed.zip', changed);
    const io = captureIo();
    expect(await runFetchCli(args, io)).toBe(0);
    expect(io.stdout).toMatch(/1 fetched .*, 1 unchanged, 0 failed/);
    expect(server.seen('/feed.zip')[1].headers['if-none-match']).toMatch(/^"/);
    expect(sha256File(path.join(dir, 'gtfs.zip'))).toBe(sha256File(changed));
  });
});
