// FEATURE UNDER TEST: the fast GTFS-realtime reader gives exactly what protobufjs's full decode gives: the same records, counts and errors.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../support/random-timetable.js';
import { FeedParseError, parseGtfsRt } from '@transit/feeds';
import { FeedMessage } from '../../packages/feeds/src/gtfs-rt/gtfs-rt-schema.js';
import { readGtfsRt } from '../../packages/feeds/src/gtfs-rt/gtfs-rt-reader.js';
import { HAVE_DATA, data } from '../support/data.js';

/** parseGtfsRt's answer, or its error as `FeedParseError: message`. */
function outcome(bytes: Uint8Array, fastPath: boolean): unknown {
  try {
    return parseGtfsRt(bytes, { fastPath });
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

const encode = (feed: object) => FeedMessage.encode(FeedMessage.fromObject(feed)).finish();
const header = { gtfs_realtime_version: '2.0', timestamp: 1_700_000_000 };
const position = { latitude: 53.38, longitude: -1.47 };

/** A length-delimited field (tag, one-byte length, bytes); short payloads only. */
function lengthDelimited(field: number, payload: Uint8Array): Uint8Array {
  if (payload.length > 127) throw new Error('payload too long for a one-byte length');
  return new Uint8Array([(field << 3) | 2, payload.length, ...payload]);
}

describe.skipIf(!HAVE_DATA)('GTFS-RT fast reader: every real snapshot in shared/data/gtfs_rt', () => {
  const files = HAVE_DATA ? readdirSync(data('gtfs_rt')).filter((f) => f.endsWith('.bin')) : [];

  it('there are snapshots to compare', () => expect(files.length).toBeGreaterThanOrEqual(2));

  it.each(files)('%s: deep-equal to the full decode, from a Uint8Array and from a Buffer', (file) => {
    const buffer = readFileSync(data('gtfs_rt', file));
    const bytes = new Uint8Array(buffer);
    // The fast reader reads the real snapshots itself (no fall-back to protobufjs).
    expect(readGtfsRt(bytes)).not.toBeNull();
    const full = parseGtfsRt(bytes, { fastPath: false });
    expect(full.records.length).toBeGreaterThan(20_000);
    expect(parseGtfsRt(bytes)).toStrictEqual(full);
    expect(parseGtfsRt(buffer)).toStrictEqual(parseGtfsRt(buffer, { fastPath: false }));
  });

  it('truncated and corrupted copies of a real snapshot: the same answer or the same error (seeded)', () => {
    // The first 60 entities of a real snapshot, re-encoded: small enough to mutate 3,000 times.
    const full = FeedMessage.decode(new Uint8Array(readFileSync(data('gtfs_rt', files[0])))) as unknown as { header: object; entity: object[] };
    // A Uint8Array copy: Buffer's slice() is a view, and mutations must not add up.
    const small = new Uint8Array(encode({ header: full.header, entity: full.entity.slice(0, 60) }));
    const next = mulberry32(16);
    let errors = 0, answers = 0;
    for (let k = 0; k < 3000; k++) {
      const b = small.slice(0, k % 3 === 0 ? Math.floor(next() * small.length) : small.length);
      for (let flips = 1 + Math.floor(next() * 3); flips > 0 && b.length; flips--) b[Math.floor(next() * b.length)] = Math.floor(next() * 256);
      if (b.length === 0) continue;
      // Every other copy as a Buffer: protobufjs reads a Buffer with Node's UTF-8 decoder, a Uint8Array with its own.
      const input = k % 2 ? b : Buffer.from(b.buffer, b.byteOffset, b.length);
      const fast = outcome(input, true);
      expect(fast).toStrictEqual(outcome(input, false));
      if (typeof fast === 'string') errors++;
      else answers++;
    }
    // Both kinds occur, so both halves of the contract are exercised.
    expect(errors).toBeGreaterThan(100);
    expect(answers).toBeGreaterThan(100);
  });
});

describe('GTFS-RT fast reader: hand-made messages', () => {
  const cases: [string, Uint8Array][] = [
    ['a vehicle with every field read', encode({ header, entity: [{ id: 'e1', vehicle: { trip: { trip_id: 'T1', route_id: 'R1', direction_id: 1, start_time: '08:10:00', start_date: '20240305' }, vehicle: { id: 'V1', label: 'L1' }, position: { ...position, bearing: 90 }, timestamp: 1_700_000_000, occupancy_status: 3 } }] })],
    ['fall-backs: label then entity id; padded and empty strings; direction 2; bearing 0; unknown occupancy; required fields absent (protobufjs does not check them)', encode({ header, entity: [
      { id: 'e1', vehicle: { vehicle: { label: '  L1 ' }, position, timestamp: 1 } },
      { id: ' e2 ', vehicle: { vehicle: { id: '', label: '\t' }, trip: { trip_id: ' ', route_id: '', direction_id: 2 }, position: { ...position, bearing: 0 }, timestamp: 2, occupancy_status: 42 } },
      { vehicle: { position: {}, timestamp: 3, occupancy_status: 0 } },
    ] })],
    ['non-ASCII strings (UTF-8)', encode({ header, entity: [{ id: 'é', vehicle: { trip: { route_id: 'Ysbyty Gwynedd – Bangor', trip_id: '😀' }, vehicle: { label: 'Ŵ' }, position, timestamp: 5 } }] })],
    ['skipped entities: deleted, no vehicle, no position, no timestamp, junk position', encode({ header, entity: [
      { id: 'd', is_deleted: true, vehicle: { position, timestamp: 1 } },
      { id: 'n' },
      { id: 'p', vehicle: { timestamp: 1 } },
      { id: 't', vehicle: { position } },
      { id: 'z', vehicle: { position: { latitude: 0, longitude: 0 }, timestamp: 1 } },
      { id: 'j', vehicle: { position: { latitude: 90, longitude: 1 }, timestamp: 1 } },
    ] })],
    ['fields the project does not read, and a 64-bit timestamp', encode({ header: { ...header, incrementality: 1, timestamp: 2 ** 40 + 7 }, entity: [{ id: 'e', vehicle: { current_stop_sequence: 7, stop_id: 'S', current_status: 1, congestion_level: 2, occupancy_percentage: 55, position: { ...position, odometer: 12.5, speed: 9 }, vehicle: { id: 'V', license_plate: 'AB12' }, trip: { trip_id: 'T', schedule_relationship: 1 }, timestamp: 2 ** 33 } }] })],
    ['no header timestamp; no entities', encode({ header: { gtfs_realtime_version: '2.0' } })],
    ['an empty header', new Uint8Array([0x0a, 0x00])],
  ];

  it.each(cases)('%s', (_name, bytes) => {
    expect(readGtfsRt(bytes)).not.toBeNull();
    expect(parseGtfsRt(bytes)).toStrictEqual(parseGtfsRt(bytes, { fastPath: false }));
  });

  it('unknown fields (varint, 64-bit, length-delimited, 32-bit) are skipped as protobufjs skips them', () => {
    const base = encode({ header, entity: [{ id: 'e1', vehicle: { vehicle: { id: 'V1' }, position, timestamp: 9 } }] });
    // Field 15 with each wire type, appended to the FeedMessage (unknown there).
    const extra = new Uint8Array([0x78, 0x96, 0x01, 0x79, 1, 2, 3, 4, 5, 6, 7, 8, 0x7a, 0x02, 0x41, 0x42, 0x7d, 1, 2, 3, 4]);
    const bytes = new Uint8Array([...base, ...extra]);
    expect(readGtfsRt(bytes)).not.toBeNull();
    expect(parseGtfsRt(bytes)).toStrictEqual(parseGtfsRt(bytes, { fastPath: false }));
    expect(parseGtfsRt(bytes).records.map((r) => r.vehicleRef)).toEqual(['V1']);
  });

  it('a repeated sub-message replaces the earlier one, as in protobufjs', () => {
    // A VehiclePosition with two `trip` fields: protobufjs keeps the second whole (no route_id), not a merge.
    const vp = FeedMessage.root.lookupType('transit_realtime.VehiclePosition');
    const first = vp.encode(vp.fromObject({ trip: { trip_id: 'T1', route_id: 'R1' }, vehicle: { id: 'A' }, position, timestamp: 9 })).finish();
    const second = vp.encode(vp.fromObject({ trip: { trip_id: 'T2' } })).finish();
    const entity = new Uint8Array([...lengthDelimited(1, new TextEncoder().encode('e1')), ...lengthDelimited(4, new Uint8Array([...first, ...second]))]);
    const bytes = new Uint8Array([...encode({ header }), ...lengthDelimited(2, entity)]);
    expect(readGtfsRt(bytes)).not.toBeNull();
    expect(parseGtfsRt(bytes)).toStrictEqual(parseGtfsRt(bytes, { fastPath: false }));
    expect(parseGtfsRt(bytes).records[0]).toMatchObject({ tripId: 'T2', routeId: null, vehicleRef: 'A' });
    // Two FeedMessages end to end: the header twice (the last stands) and the entities of both.
    const both = new Uint8Array([...bytes, ...encode({ header: { gtfs_realtime_version: '2.0', timestamp: 5 }, entity: [] })]);
    expect(parseGtfsRt(both)).toStrictEqual(parseGtfsRt(both, { fastPath: false }));
    expect(parseGtfsRt(both).producedAtMs).toBe(5000);
  });

  it('what the fast reader leaves to protobufjs: its answer or error stands', () => {
    const ok = encode({ header, entity: [{ id: 'e1', vehicle: { vehicle: { id: 'V1' }, position, timestamp: 9 } }] });
    const inputs = [
      new Uint8Array([0x12, 0x00]), // no header
      encode({ header, entity: [{ id: 'e', vehicle: { position, timestamp: 3, occupancy_status: -1 } }] }), // a negative enum: a 10-byte varint
      new Uint8Array([...ok, 0x0b, 0x0c]), // a group (wire type 3)
      new Uint8Array([...ok, 0x0f]), // wire type 7
      ok.subarray(0, ok.length - 1), // truncated
    ];
    for (const b of inputs) {
      expect(readGtfsRt(b)).toBeNull();
      expect(outcome(b, true)).toStrictEqual(outcome(b, false));
    }
    // Without a header, a clear error (protobufjs itself decodes it, header null).
    expect(() => parseGtfsRt(new Uint8Array([0x12, 0x00]))).toThrow(new FeedParseError('gtfs-rt', 'not a GTFS-realtime FeedMessage: no header'));
  });
});
