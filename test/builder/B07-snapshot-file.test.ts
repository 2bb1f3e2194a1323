// FEATURE UNDER TEST: buildSnapshotFile writes the snapshot section by section, byte for byte what buildSnapshot returns, and leaves no file when the build fails.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { buildSnapshot, buildSnapshotFile } from '@transit/builder';
import { chunkedU32 } from '../../packages/builder/src/write/chunked-column.js';
import { smallFeed, stopTimeRows, SMALL_FEED_STOPS } from '../support/small-feed.js';

/** One trip T1 over three stops, and a trip of an unknown service (an issue: fatal with --strict). */
const feed = () =>
  smallFeed({
    stops: [...SMALL_FEED_STOPS, 'S3,Three,53.01,-1.0'],
    trips: ['R,WK,T1', 'R,NOPE,orphan'],
    stopTimes: stopTimeRows('T1', ['08:00:00', '08:02:00', '08:10:00']),
  });
const builtAt = '2026-01-01T00:00:00.000Z';
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'snapfile-'));

describe('buildSnapshotFile', () => {
  it('writes the bytes buildSnapshot returns, with the same issues', async () => {
    const dir = feed();
    const file = path.join(tempDir(), 'out.snap');
    const inMemory = await buildSnapshot({ gtfs: [dir], quiet: true, builtAt });
    const written = await buildSnapshotFile({ gtfs: [dir], quiet: true, builtAt }, file);
    expect(written.byteLength).toBe(inMemory.bytes.length);
    expect(Buffer.compare(readFileSync(file), Buffer.from(inMemory.bytes))).toBe(0);
    expect(written.issues.kept.map((i) => i.code)).toEqual(inMemory.issues.kept.map((i) => i.code));
    expect(readdirSync(path.dirname(file))).toEqual(['out.snap']);
  });

  it('writes the demo (streets, places, fares) byte for byte', async () => {
    const file = path.join(tempDir(), 'demo.snap');
    const { bytes } = await buildSnapshot({ demo: true, quiet: true, builtAt });
    await buildSnapshotFile({ demo: true, quiet: true, builtAt }, file);
    expect(Buffer.compare(readFileSync(file), Buffer.from(bytes))).toBe(0);
  }, 60_000);

  it('leaves no file, not even a partial one, when the build fails', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'out.snap');
    await expect(buildSnapshotFile({ gtfs: [feed()], quiet: true, strict: true }, file)).rejects.toThrow(/unknown_service.*\[--strict\]/);
    await expect(buildSnapshotFile({ gtfs: [path.join(dir, 'missing')], quiet: true }, file)).rejects.toThrow(/no such file or folder/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says which file it cannot write', async () => {
    const file = path.join(tempDir(), 'no-such-folder', 'out.snap');
    await expect(buildSnapshotFile({ gtfs: [feed()], quiet: true }, file)).rejects.toThrow(/cannot write .*no-such-folder\/out\.snap/);
  });
});

describe('ChunkedColumn.toArray', () => {
  it('joins values across chunk boundaries in order', () => {
    const col = chunkedU32();
    const n = 65_536 * 2 + 3;
    for (let i = 0; i < n; i++) col.push((i * 7919) % 100_003);
    const out = col.toArray();
    expect(out.length).toBe(n);
    let mismatches = 0;
    for (let i = 0; i < n; i++) if (out[i] !== (i * 7919) % 100_003) mismatches++;
    expect(mismatches).toBe(0);
    expect(chunkedU32().toArray().length).toBe(0);
  });
});
