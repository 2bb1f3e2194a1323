// FEATURE UNDER TEST: the snapshot container (magic, version, header, aligned sections) and its exact errors.
import { describe, it, expect } from 'vitest';
import { SnapshotReader, SnapshotFormatError, FORMAT_VERSION } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';

const header = {
  schemaVersion: 7,
  builderVersion: 'test',
  builtAt: '2026-01-01T00:00:00.000Z',
  feeds: [{ kind: 'gtfs', name: 'x.zip', sha256: 'ab'.repeat(32), bytes: 12345678901 }],
  bbox: { minLat: 53.1, minLon: -1.9, maxLat: 53.9, maxLon: -0.9 },
  firstServiceDay: 19_000,
  serviceDayCount: 400,
  timezone: 'Europe/London',
  agencies: [{ id: 'NT', name: 'Northern', noc: 'NT', url: 'https://example.org' }],
};

function sample(): Uint8Array {
  return new SnapshotWriter()
    .add('a.u8', Uint8Array.from([1, 2, 3]))
    .add('b.f64', Float64Array.from([1.5, -2.25]))
    .add('c.i32', Int32Array.from([-7, 90_000]))
    .add('d.u16', Uint16Array.from([65535]))
    .toBytes(header);
}

const open = (bytes: Uint8Array) => new SnapshotReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

describe('snapshot container', () => {
  it('round-trips the header and every section as zero-copy views', () => {
    const bytes = sample();
    const r = open(bytes);
    expect(r.header).toMatchObject({ ...header, sections: expect.any(Array) });
    expect([...r.u8('a.u8')]).toEqual([1, 2, 3]);
    expect([...r.f64('b.f64')]).toEqual([1.5, -2.25]);
    expect([...r.i32('c.i32')]).toEqual([-7, 90_000]);
    expect([...r.u16('d.u16')]).toEqual([65535]);
    expect(r.f64('b.f64').buffer).toBe(r.buffer);
    for (const s of r.header.sections) expect(s.byteOffset % 8).toBe(0);
  });

  it('opens from a SharedArrayBuffer', () => {
    const bytes = sample();
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    expect([...new SnapshotReader(shared).i32('c.i32')]).toEqual([-7, 90_000]);
  });

  it('rejects wrong magic, version, truncation and missing or mistyped sections with exact messages', () => {
    const bytes = sample();
    const bad = bytes.slice();
    bad[0] = 0;
    expect(() => open(bad)).toThrow(SnapshotFormatError);
    expect(() => open(bad)).toThrow('Not a transit snapshot: the file does not start with the magic bytes "UKTSNAP". Rebuild it with this version: npx transit build ... --out FILE');
    const v = bytes.slice();
    new DataView(v.buffer).setUint32(8, 99, true);
    expect(() => open(v)).toThrow(`Got snapshot format v99 when this engine reads v${FORMAT_VERSION}.`);
    expect(() => open(bytes.slice(0, 10))).toThrow('Not a transit snapshot: 10 bytes is shorter than the 16-byte preamble.');
    expect(() => open(bytes.slice(0, bytes.length - 8))).toThrow(/Section d\.u16 \[\d+, \d+\) lies outside the \d+-byte snapshot \(truncated file\?\)/);
    const r = open(bytes);
    expect(() => r.u32('nope')).toThrow('Snapshot has no section "nope".');
    expect(() => r.u32('a.u8')).toThrow('Section a.u8 is u8, expected u32.');
  });
});
