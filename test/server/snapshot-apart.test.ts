// FEATURE UNDER TEST: readSnapshotApart, how `transit serve --workers N` reads a snapshot file: the
// shared copy holds every byte of the file but the sections only read at open (left unread, zero),
// the open-only buffer holds exactly those; an engine opened over both with `share` derives the
// tables a worker engine over the shared copy answers with, as an engine over the whole file does.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DTYPE_BYTES, Engine, OPEN_ONLY_SECTIONS, SnapshotFormatError } from '@transit/engine';
import { readSnapshotApart, readSnapshotBytes } from '@transit/server';

describe('readSnapshotApart', () => {
  it('splits the file into the shared copy and the open-only sections, byte for byte', () => {
    const file = inject('demoSnapshot');
    const whole = new Uint8Array(readFileSync(file));
    const { shared, openOnly } = readSnapshotApart(file);
    expect(shared.byteLength).toBe(whole.length);
    expect(openOnly.byteLength).toBe(whole.length);
    const inOpenOnly = new Uint8Array(whole.length);
    let apartBytes = 0;
    for (const s of Engine.open(readSnapshotBytes(file).buffer).reader.header.sections) {
      if (!OPEN_ONLY_SECTIONS.includes(s.name)) continue;
      inOpenOnly.fill(1, s.byteOffset, s.byteOffset + s.length * DTYPE_BYTES[s.dtype]);
      apartBytes += s.length * DTYPE_BYTES[s.dtype];
    }
    expect(apartBytes).toBeGreaterThan(1000);
    const a = new Uint8Array(shared), b = new Uint8Array(openOnly);
    let wrong = 0;
    for (let i = 0; i < whole.length; i++) {
      if (inOpenOnly[i] ? a[i] !== 0 || b[i] !== whole[i] : a[i] !== whole[i] || b[i] !== 0) wrong++;
    }
    expect(wrong).toBe(0);
    const tables = Engine.open(shared, { share: true, openOnly }).deriveSharedTables();
    const worker = Engine.open(shared, { tables });
    const own = Engine.open(readSnapshotBytes(file).buffer);
    const day = own.calendar.firstDay;
    const from = own.calendar.reference(day) + 8 * 3_600_000;
    for (let s = 0; s < Math.min(50, own.stopTable.count); s++) {
      expect(worker.stopBoard(s, { from, to: from + 3_600_000, limit: 10, type: 'departures' })).toEqual(own.stopBoard(s, { from, to: from + 3_600_000, limit: 10, type: 'departures' }));
    }
  });

  const dir = mkdtempSync(path.join(os.tmpdir(), 'apart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a file that is not a snapshot or is truncated with the engine\'s error, and on a missing file with the fs error', () => {
    writeFileSync(path.join(dir, 'x.snap'), 'not a snapshot at all, just text');
    expect(() => readSnapshotApart(path.join(dir, 'x.snap'))).toThrow(/Not a transit snapshot/);
    const whole = readFileSync(inject('demoSnapshot'));
    for (const length of [10, 20, Math.floor(whole.length / 2)]) {
      writeFileSync(path.join(dir, 'cut.snap'), whole.subarray(0, length));
      expect(() => readSnapshotApart(path.join(dir, 'cut.snap')), `${length} bytes`).toThrow(SnapshotFormatError);
    }
    expect(() => readSnapshotApart(path.join(dir, 'missing.snap'))).toThrow(/ENOENT/);
  });
});
