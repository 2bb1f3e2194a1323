// FEATURE UNDER TEST: the GTFS-realtime VehiclePosition parser on real national BODS snapshots and on broken input.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FeedParseError, parseGtfsRt } from '@transit/feeds';
import { HAVE_DATA, data } from '../support/data.js';

const inYorkshire = (r: { latitude: number; longitude: number }) => r.latitude >= 53.3 && r.latitude <= 54.0 && r.longitude >= -2.2 && r.longitude <= -0.9;

describe.skipIf(!HAVE_DATA)('GTFS-RT: real national BODS snapshots', () => {
  const file2026 = () => new Uint8Array(readFileSync(data('gtfs_rt/bods_gtfsrt_gb_2026-01-15T1009Z.bin')));
  const file2025 = () => new Uint8Array(readFileSync(data('gtfs_rt/bods_gtfsrt_gb_2025-02-06T1620Z.bin')));

  it('2026-01-15: every entity read, junk GPS dropped and counted, header timestamp kept', () => {
    const d = parseGtfsRt(file2026());
    expect(d.source).toBe('gtfs_rt');
    expect(d.producedAtMs).toBe(1768471784 * 1000);
    expect(d.seen).toBe(27_954);
    expect(d.droppedJunkPosition).toBe(87);
    expect(d.records.length + d.droppedJunkPosition + d.droppedIncomplete).toBe(27_954);
    const inBox = d.records.filter(inYorkshire).length;
    expect(inBox).toBeGreaterThan(2_300);
    expect(inBox).toBeLessThan(2_700);
    expect(d.records.filter((r) => r.routeId === null).length).toBeGreaterThan(5_000); // ~5,600 with an empty route_id
    expect(d.records.every((r) => r.latitude !== 0 && Math.abs(r.latitude) < 89.9)).toBe(true);
  });

  it('2025-02-06: counts and a known vehicle with its trip descriptor', () => {
    const d = parseGtfsRt(file2025());
    expect(d.seen).toBe(35_757);
    expect(d.records.length).toBe(35_755);
    expect(d.droppedJunkPosition).toBe(2);
    expect(d.producedAtMs).toBe(1738858835 * 1000);
    const v = d.records.find((r) => r.vehicleRef === 'BF62_UYB')!;
    expect(v).toMatchObject({
      tripId: 'VJca4975714d1a7dcaca23f86b33432790e7f86c64',
      routeId: '108217',
      startDate: '20241215',
      startTime: '18:50:00',
      latitude: 53.481415,
      longitude: -2.205216,
      bearing: null,
      operatorRef: null,
    });
    expect(v.recordedAtMs).toBe(1734289004000); // months-old fix kept by the parser; the matcher drops it by age
    const first = d.records[0];
    expect(first).toMatchObject({ vehicleRef: 'LB71NZX', bearing: 225, tripId: null });
  });

  it('a truncated snapshot is a FeedParseError, never a crash', () => {
    const b = file2026();
    for (const cut of [1, 10, 1000, b.length >> 1, b.length - 3]) expect(() => parseGtfsRt(b.subarray(0, cut))).toThrow(FeedParseError);
  });
});

describe('GTFS-RT: edge cases', () => {
  it('empty bytes and garbage are FeedParseErrors', () => {
    expect(() => parseGtfsRt(new Uint8Array(0))).toThrow(FeedParseError);
    expect(() => parseGtfsRt(new TextEncoder().encode('<html>502 Bad Gateway</html>'))).toThrow(FeedParseError);
    expect(() => parseGtfsRt(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]))).toThrow(FeedParseError);
  });

  it('a feed with a header and no entities is an empty result', () => {
    // FeedMessage { header { gtfs_realtime_version: "2.0" timestamp: 1700000000 } }
    const bytes = new Uint8Array([0x0a, 0x0b, 0x0a, 0x03, 0x32, 0x2e, 0x30, 0x18, 0x80, 0xe2, 0xcf, 0xaa, 0x06]);
    const d = parseGtfsRt(bytes);
    expect(d.records).toEqual([]);
    expect(d.producedAtMs).toBe(1_700_000_000_000);
  });
});
