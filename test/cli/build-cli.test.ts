// FEATURE UNDER TEST: `transit build` as a user runs it: real process, exit codes, messages, no stack traces.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { runTransit } from '../support/cli-process.js';
import { smallFeed, stopTimeRows } from '../support/small-feed.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'cli-'));
const transit = (...args: string[]) => runTransit(['build', ...args]);
const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at /);

describe('transit build', () => {
  it('builds the demo snapshot to a file, prints its size, and leaves no temp file', async () => {
    const out = path.join(tmp(), 'demo.snap');
    const r = await transit('--demo', '--out', out, '--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*demo\.snap: [\d.]+ MiB in [\d.]+ s\.$/m);
    const e = Engine.open(new Uint8Array(readFileSync(out)).buffer);
    expect(e.info.counts.stops).toBeGreaterThan(300);
    expect(readdirSync(path.dirname(out))).toEqual(['demo.snap']); // written to a temp name, then renamed
  });

  it.each([
    [['--demo'], 2, '--out FILE is required'],
    [['--out', 'x.snap'], 2, 'give at least one input'],
    [['--demo', '--out', 'x.snap', '--seed', 'abc'], 2, '--seed must be an integer'],
    [['--bogus', '--out', 'x.snap'], 2, "Unknown option '--bogus'"],
  ])('rejects bad arguments %j with exit %i', async (args, status, message) => {
    const r = await transit(...args);
    expect(r.status).toBe(status);
    expect(r.stderr).toContain(message);
    noStack(r.stderr);
  });

  it('fails with a clear message and exit 1 on missing or unreadable input', async () => {
    const dir = tmp();
    const missing = await transit('--gtfs', '/nonexistent/feed.zip', '--out', path.join(dir, 'a.snap'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('transit build: Cannot read /nonexistent/feed.zip: no such file or folder.\n');
    const junk = path.join(dir, 'junk.zip');
    writeFileSync(junk, 'this is not a zip');
    const bad = await transit('--gtfs', junk, '--out', path.join(dir, 'b.snap'));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^transit build: Cannot read zip .*junk\.zip: /);
    noStack(bad.stderr);
    expect(existsSync(path.join(dir, 'b.snap'))).toBe(false);
    const notNaptan = path.join(dir, 'stops.csv');
    writeFileSync(notNaptan, 'a,b\n1,2\n');
    const wrong = await transit('--naptan', notNaptan, '--out', path.join(dir, 'c.snap'));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('is not a NaPTAN Stops.csv: it has no ATCOCode column.');
  });

  it.skipIf(!HAVE_DATA)('builds real feeds, summarises feed issues by code and writes them as JSON lines', async () => {
    const dir = tmp();
    const r = await transit('--gtfs', data('gtfs/otp4gb_south_yorkshire_2019-09-10/GBRail_GTFS_filtered.zip'), '--rail-stations', data('rail_stations/uk_railway_stations.csv'), '--out', path.join(dir, 'rail.snap'), '--issues', path.join(dir, 'issues.jsonl'), '--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Feed issues \(rows skipped or repaired\): \d+\n {2}single_stop_trip: \d+/);
    const first = JSON.parse(readFileSync(path.join(dir, 'issues.jsonl'), 'utf8').split('\n')[0]);
    expect(Object.keys(first).sort()).toEqual(['code', 'entityId', 'field', 'file', 'line', 'message', 'severity', 'value']);
  });

  it('loads only what a GTFS folder build runs: no server, no protobufjs, proj4 or yauzl (each costs RSS)', async () => {
    const dir = tmp();
    // Preloaded into the child: at exit, the CommonJS packages it loaded (the server's uWebSockets.js and those three are CommonJS).
    const preload = path.join(dir, 'loaded.mjs');
    writeFileSync(preload, "import { createRequire } from 'node:module';\nconst cache = createRequire(import.meta.url).cache;\nprocess.on('exit', () => process.stderr.write('loaded: ' + Object.keys(cache).join(' ') + '\\n'));\n");
    const feed = smallFeed({ stopTimes: stopTimeRows('T1', ['08:00:00', '08:05:00']) });
    const r = await runTransit(['build', '--gtfs', feed, '--out', path.join(dir, 'small.snap'), '--quiet'], { NODE_OPTIONS: `--import=${preload}` });
    expect(r.status, r.stderr).toBe(0);
    const loaded = [...r.stderr.matchAll(/loaded: (.*)/g)].map((m) => m[1]).join(' '); // the main thread's line and its workers'
    expect(loaded).toContain('/flatbuffers/'); // the preload sees the builder's own CommonJS dependencies
    for (const name of ['uWebSockets.js', 'protobufjs', 'proj4', 'yauzl']) expect(loaded).not.toContain(`/node_modules/${name}/`);
  });
});
