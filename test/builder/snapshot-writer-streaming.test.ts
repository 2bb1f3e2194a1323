// FEATURE UNDER TEST: a streaming SnapshotWriter writes each section to its file as it is added, reads them back from there, and ends with the bytes toBytes gives.
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { SnapshotReader } from '@transit/engine';
import { SnapshotWriter, type HeaderInput } from '../../packages/builder/src/write/snapshot-writer.js';

const header: HeaderInput = { schemaVersion: 1, builderVersion: 't', builtAt: '2026-01-01T00:00:00.000Z', feeds: [{ kind: 'gtfs', name: 'f', sha256: 'ab', bytes: 3 }], bbox: { minLat: 1, minLon: 2, maxLat: 3, maxLon: 4 }, firstServiceDay: 5, serviceDayCount: 6, timezone: 'Europe/London', agencies: [] };

/** Sections of odd lengths (alignment gaps between them, a gap at the end), one empty. */
function fill(w: SnapshotWriter): SnapshotWriter {
  // A body longer than one 8 MiB shift chunk, so the move behind the header takes several.
  const big = Uint32Array.from({ length: 2_500_001 }, (_, i) => (i * 2654435761) >>> 0);
  return w.add('a.bytes', Uint8Array.of(1, 2, 3)).add('b.big', big).add('a.empty', new Float64Array(0)).add('c.lat', Float64Array.of(53.1, -1.5)).add('a.tail', Uint16Array.of(7));
}

describe('streaming snapshot writer', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'snapstream-'));
  const memory = fill(new SnapshotWriter());
  const fd = openSync(path.join(dir, 's.snap'), 'w+');
  const streaming = fill(SnapshotWriter.streamingTo(fd));

  it('reads sections back from the file, and parts of the snapshot', () => {
    expect(streaming.section('c.lat', Float64Array)).toEqual(Float64Array.of(53.1, -1.5));
    expect(streaming.section('b.big', Uint32Array)).toEqual(memory.section('b.big', Uint32Array));
    expect(() => streaming.section('c.lat', Uint32Array)).toThrow(/not added as Uint32Array/);
    expect(Buffer.compare(streaming.partBytes(['a.', 'c.'], header), memory.partBytes(['a.', 'c.'], header))).toBe(0);
    const part = new SnapshotReader(streaming.partBytes(['a.'], header, true).buffer);
    expect([...part.u8('a.bytes')]).toEqual([1, 2, 3]);
  });

  it('ends with the bytes toBytes gives', () => {
    const bytes = memory.toBytes(header);
    expect(streaming.finish(header)).toBe(bytes.length);
    closeSync(fd);
    expect(Buffer.compare(readFileSync(path.join(dir, 's.snap')), Buffer.from(bytes))).toBe(0);
    expect(() => memory.finish(header)).toThrow(/streaming/);
  });
});
