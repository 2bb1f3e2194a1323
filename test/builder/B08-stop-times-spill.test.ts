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
