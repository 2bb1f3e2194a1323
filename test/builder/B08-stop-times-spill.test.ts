// FEATURE UNDER TEST: stop times spilled to sorted runs in a temp file and merged per trip
// (gtfs/stop-time-store.ts): a tiny run size forces the spill on a real feed, as it is and with
// its stop_times.txt rows shuffled (not ordered by trip), and the snapshot is byte for byte the
// one built in memory; the temp folder is empty after the build, and after a build that fails the
// temp file is closed too (no descriptor left on it).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { PREAMBLE_BYTES, SECTION_ALIGN } from '@transit/engine';
import { openSource } from '../../packages/builder/src/source/feed-source.js';
import { StopTimeStore } from '../../packages/builder/src/gtfs/stop-time-store.js';
import { smallFeed } from '../support/small-feed.js';
import { HAVE_DATA, data } from '../support/data.js';
import { openFilesUnder } from '../support/open-files.js';

const builtAt = '2026-01-01T00:00:00.000Z';
const NEWPORT = () => data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip');
const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), name));

/** A snapshot's bytes after its header (the sections). */
function sectionBytes(bytes: Uint8Array): Uint8Array {
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  return bytes.subarray(Math.ceil((PREAMBLE_BYTES + headerLength) / SECTION_ALIGN) * SECTION_ALIGN);
}

/** The zip's files in a folder, stop_times.txt rows shuffled (seeded) when `shuffle`. */
async function unpacked(zip: string, shuffle: boolean): Promise<string> {
  const source = await openSource(zip);
  const dir = path.join(tempDir('spill-feed-'), 'gtfs');
  mkdirSync(dir);
  for (const file of source.files()) {
    const text = Buffer.concat(await (await source.open(file)).toArray()).toString('utf8');
    if (file !== 'stop_times.txt' || !shuffle) {
      writeFileSync(path.join(dir, file), text);
      continue;
    }
    const [header, ...rows] = text.split(/\r?\n/).filter((l) => l.length > 0);
    let seed = 7;
    for (let i = rows.length - 1; i > 0; i--) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const j = seed % (i + 1);
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    writeFileSync(path.join(dir, file), [header, ...rows].join('\n') + '\n');
  }
  source.close();
  return dir;
}

describe.skipIf(!HAVE_DATA)('stop times spilled to sorted runs', () => {
  it.each([false, true])('build the in-memory snapshot byte for byte (Newport, rows shuffled: %s)', async (shuffle) => {
    const feed = await unpacked(NEWPORT(), shuffle);
    const tmpDir = tempDir('spill-runs-');
    const inMemory = await buildSnapshot({ gtfs: [feed], quiet: true, builtAt, fares: [] });
    const spilled = await buildSnapshot({ gtfs: [feed], quiet: true, builtAt, fares: [], stopTimeRunRows: 997, tmpDir });
    expect(spilled.bytes.length).toBe(inMemory.bytes.length);
    expect(Buffer.compare(Buffer.from(spilled.bytes), Buffer.from(inMemory.bytes))).toBe(0);
    expect(spilled.issues.kept).toEqual(inMemory.issues.kept);
    expect(readdirSync(tmpDir)).toEqual([]);
    if (shuffle) {
      // And the sections (all but the header, which names the feed files) are those of the feed in its own order.
      const ordered = await buildSnapshot({ gtfs: [await unpacked(NEWPORT(), false)], quiet: true, builtAt, fares: [] });
      expect(Buffer.compare(Buffer.from(sectionBytes(spilled.bytes)), Buffer.from(sectionBytes(ordered.bytes)))).toBe(0);
    }
  }, 60_000);
});

describe('the stop times temp file', () => {
  it('is removed when the build fails after spilling', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `T1,${i + 1},S${(i % 2) + 1},08:${String(i).padStart(2, '0')}:00,08:${String(i).padStart(2, '0')}:00`);
    const feed = smallFeed({ stopTimes: [...rows, 'T1,41,NOWHERE,09:00:00,09:00:00'] });
    const tmpDir = tempDir('spill-fail-');
    await expect(buildSnapshot({ gtfs: [feed], quiet: true, builtAt, strict: true, stopTimeRunRows: 8, tmpDir })).rejects.toThrow(/unknown_stop|NOWHERE/);
    expect(readdirSync(tmpDir)).toEqual([]);
    const open = openFilesUnder(tmpDir);
    if (open) expect(open).toEqual([]);
    // The run size above did make it spill: a folder that cannot hold the temp file fails that build, not one without a spill.
    const missing = path.join(tmpDir, 'missing');
    await expect(buildSnapshot({ gtfs: [feed], quiet: true, builtAt, stopTimeRunRows: 8, tmpDir: missing })).rejects.toThrow(/cannot write the stop times' temp file/);
    await expect(buildSnapshot({ gtfs: [feed], quiet: true, builtAt, tmpDir: missing })).resolves.toBeTruthy();
  });
});

describe('the stop times runs', () => {
  it('start at 262,144 rows and double while a run stays within an eighth of the rows pushed, up to the run size', () => {
    const tmpDir = tempDir('spill-sizes-');
    const runLengths = (rows: number, runRows?: number) => {
      const store = new StopTimeStore({ tmpDir, runRows });
      for (let i = 0; i < rows; i++) store.push(i >> 4, 0, i & 15, 0, 0, 0);
      const spans = store.spilledRunRows();
      store.dispose();
      return { spans, buffered: rows - spans.reduce((a, b) => a + b, 0) };
    };
    // A feed of a few million rows no longer buffers 1,048,576 rows (21 MiB, and the half it doubled from) before its first spill.
    expect(runLengths(600_000)).toEqual({ spans: [262_144, 262_144], buffered: 75_712 });
    const national = runLengths(9_500_000).spans; // 16 runs of 262,144 rows, 8 of 524,288, then 1,048,576
    expect(national.slice(0, 16).every((n) => n === 262_144)).toBe(true);
    expect(national.filter((n) => n === 524_288).length).toBe(8);
    expect(national.length).toBe(25);
    expect(national.at(-1)).toBe(1 << 20);
    // A run size below the first is the run size throughout (tests force the spill with one).
    expect(runLengths(3_000, 997).spans).toEqual([997, 997, 997]);
    expect(readdirSync(tmpDir)).toEqual([]);
  }, 60_000);
});

