import type { VehicleDelivery } from '@transit/engine';
import protobuf from 'protobufjs';
import { text } from '../feed-values.js';
import { addVehicle, emptyFields, gtfsRtDelivery, type VehicleFields } from './gtfs-rt-record.js';
import { WIRE, type WireTypes } from './gtfs-rt-schema.js';

const VARINT = 0, I64 = 1, LEN = 2, I32 = 5;
/** No string read (a span's start). */
const ABSENT = -1;
/** Longest string interned, bytes (longer ones, such as trip ids, rarely repeat). */
const MAX_INTERNED = 32;
/** Slots of the per-document string cache (a power of two; a national feed has ~7,000 distinct route ids, dates and start times). */
const INTERN_SLOTS = 1 << 14;

/**
 * Thrown where this reader could part from protobufjs (truncated or malformed bytes, a field with
 * an unexpected wire type, a varint protobufjs reads its own odd way, groups, no header):
 * parseGtfsRt then decodes the bytes with protobufjs, which gives the answer or the error.
 */
class Unread extends Error {}
const UNREAD = new Unread('outside the fast reader');

/**
 * Reads the vehicle records of a GTFS-realtime `FeedMessage` straight from the protobuf bytes:
 * only the fields the project uses are decoded, the rest skipped by wire type, with no message
 * objects, no Long per timestamp and no string for a field that is not kept (the entity id and
 * vehicle label only when the vehicle has no id). The answer is the one protobufjs's full decode
 * gives (parse-gtfs-rt.ts, `fastPath: false`); null when the bytes need that decode instead.
 */
export function readGtfsRt(bytes: Uint8Array): VehicleDelivery | null {
  try {
    return new FeedReader(bytes).read();
  } catch (err) {
    if (err === UNREAD) return null;
    throw err;
  }
}

/** One pass over the bytes; a reader is used once. */
class FeedReader {
  private pos = 0;
  private readonly len: number;
  private readonly view: DataView;
  private readonly f: VehicleFields = emptyFields();
  /** Byte spans [start, end) of the strings read lazily, ABSENT when not seen. */
  private entityId = ABSENT;
  private entityIdEnd = 0;
  private vehicleId = ABSENT;
  private vehicleIdEnd = 0;
  private vehicleLabel = ABSENT;
  private vehicleLabelEnd = 0;
  /** Short ASCII strings already made in this document, by content hash (direct-mapped: a collision replaces). */
  private readonly strings: (string | undefined)[] = new Array(INTERN_SLOTS);

  /** The same bytes as a Buffer (a view, no copy) for Node's native Latin-1 slice (`latin1Slice`, what `toString('latin1')` calls after checking its arguments). */
  private readonly bytes: Buffer & { latin1Slice(start: number, end: number): string };

  constructor(private readonly buf: Uint8Array) {
    this.len = buf.length;
    this.bytes = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength) as FeedReader['bytes'];
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  read(): VehicleDelivery {
    let headerTs = -1;
    const entities: number[] = [];
    while (this.pos < this.len) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.FeedMessage, tag);
      if (tag >>> 3 === 1 && wire === LEN) headerTs = this.header(this.end());
      else if (tag >>> 3 === 2 && wire === LEN) {
        // Entities are read after the header, whose timestamp the delivery needs first.
        const end = this.end();
        entities.push(this.pos, end);
        this.pos = end;
      } else this.skip(wire);
    }
    if (headerTs < 0) throw UNREAD; // no header: parse-gtfs-rt.ts says so
    const out = gtfsRtDelivery(headerTs);
    for (let i = 0; i < entities.length; i += 2) {
      this.pos = entities[i];
      this.entity(entities[i + 1], out);
    }
    return out;
  }

  /** FeedHeader: its timestamp in seconds (0 when absent). */
  private header(end: number): number {
    let ts = 0;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.FeedHeader, tag);
      if (tag >>> 3 === 3 && wire === VARINT) ts = this.uint64();
      else this.skip(wire);
    }
    this.close(end);
    return ts;
  }

  /** FeedEntity: adds its vehicle, if any and not deleted, to `out`. */
  private entity(end: number, out: VehicleDelivery): void {
    let deleted = false, vehicle = false;
    this.entityId = ABSENT;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.FeedEntity, tag);
      const field = tag >>> 3;
      if (field === 1 && wire === LEN) {
        this.entityId = this.skipString();
        this.entityIdEnd = this.pos;
      }
      else if (field === 2 && wire === VARINT) deleted = this.varint32() !== 0;
      else if (field === 4 && wire === LEN) {
        vehicle = true;
        this.vehiclePosition(this.end());
      } else this.skip(wire);
    }
    this.close(end);
    if (!vehicle || deleted) return;
    const f = this.f;
    f.vehicleRef = this.textAt(this.vehicleId, this.vehicleIdEnd) ?? this.textAt(this.vehicleLabel, this.vehicleLabelEnd) ?? this.textAt(this.entityId, this.entityIdEnd);
    addVehicle(out, f);
  }

  /** VehiclePosition into this.f (a repeated message replaces the earlier one, as protobufjs does). */
  private vehiclePosition(end: number): void {
    const f = this.f;
    f.timestampS = 0;
    f.tripId = f.routeId = f.startDate = f.startTime = null;
    f.directionId = f.occupancyStatus = null;
    f.hasPosition = false;
    f.bearing = 0;
    this.vehicleId = this.vehicleLabel = ABSENT;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.VehiclePosition, tag);
      const field = tag >>> 3;
      if (field === 1 && wire === LEN) this.trip(this.end());
      else if (field === 2 && wire === LEN) this.position(this.end());
      else if (field === 5 && wire === VARINT) f.timestampS = this.uint64();
      else if (field === 8 && wire === LEN) this.vehicleDescriptor(this.end());
      else if (field === 9 && wire === VARINT) f.occupancyStatus = this.varint32() | 0;
      else this.skip(wire);
    }
    this.close(end);
  }

  private trip(end: number): void {
    const f = this.f;
    f.tripId = f.routeId = f.startDate = f.startTime = null;
    f.directionId = null;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.TripDescriptor, tag);
      const field = tag >>> 3;
      if (wire === LEN && field === 1) f.tripId = this.string(false);
      else if (wire === LEN && field === 2) f.startTime = this.string(true);
      else if (wire === LEN && field === 3) f.startDate = this.string(true);
      else if (wire === LEN && field === 5) f.routeId = this.string(true);
      else if (wire === VARINT && field === 6) f.directionId = this.varint32();
      else this.skip(wire);
    }
    this.close(end);
  }

  private position(end: number): void {
    // Latitude and longitude are required, but protobufjs does not check: absent, they read 0.
    const f = this.f;
    f.latitude = f.longitude = f.bearing = 0;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.Position, tag);
      const field = tag >>> 3;
      if (wire === I32 && field >= 1 && field <= 3) {
        if (this.pos + 4 > this.len) throw UNREAD;
        const v = this.view.getFloat32(this.pos, true);
        this.pos += 4;
        if (field === 1) f.latitude = v;
        else if (field === 2) f.longitude = v;
        else f.bearing = v;
      } else this.skip(wire);
    }
    this.close(end);
    f.hasPosition = true;
  }

  private vehicleDescriptor(end: number): void {
    this.vehicleId = this.vehicleLabel = ABSENT;
    while (this.pos < end) {
      const tag = this.varint32();
      const wire = this.wireOf(WIRE.VehicleDescriptor, tag);
      const field = tag >>> 3;
      if (field === 1 && wire === LEN) {
        this.vehicleId = this.skipString();
        this.vehicleIdEnd = this.pos;
      } else if (field === 2 && wire === LEN) {
        this.vehicleLabel = this.skipString();
        this.vehicleLabelEnd = this.pos;
      }
      else this.skip(wire);
    }
    this.close(end);
  }

  /**
   * The wire type of a field, checked against the schema: a declared field must come with the wire
   * type protobufjs decodes it with (it reads by field number whatever the wire says).
   */
  private wireOf(types: WireTypes, tag: number): number {
    const wire = tag & 7, field = tag >>> 3;
    if (field < types.length && types[field] !== -1 && types[field] !== wire) throw UNREAD;
    return wire;
  }

  /** Reads a length and returns where that sub-message ends (inside the buffer). */
  private end(): number {
    const n = this.varint32();
    const end = this.pos + n;
    if (end > this.len) throw UNREAD;
    return end;
  }

  /** After a sub-message: protobufjs reads on past a field that overruns its frame, this reader does not. */
  private close(end: number): void {
    if (this.pos !== end) throw UNREAD;
  }

  /** Steps over a length-delimited field; returns where its bytes start. */
  private skipString(): number {
    const end = this.end();
    const start = this.pos;
    this.pos = end;
    return start;
  }

  /** `text()` of a length-delimited string field; `intern` for values that repeat across vehicles. */
  private string(intern: boolean): string | null {
    const start = this.skipString();
    return this.textAt(start, this.pos, intern);
  }

  /** `text()` of the string in bytes [start, end); null when ABSENT or empty. */
  private textAt(start: number, end: number, intern = false): string | null {
    if (start === ABSENT || start === end) return null;
    const s = intern && end - start <= MAX_INTERNED ? this.interned(start, end) : this.decode(start, end);
    if (s === null) return text(this.utf8(start, end));
    // Printable ASCII at both ends: nothing for trim() to remove.
    return this.buf[start] > 0x20 && this.buf[end - 1] > 0x20 ? s : text(s);
  }

  /** ASCII bytes [start, end) as a string; null when one is not ASCII. */
  private decode(start: number, end: number): string | null {
    const buf = this.buf;
    for (let i = start; i < end; i++) if (buf[i] >= 0x80) return null;
    return this.bytes.latin1Slice(start, end);
  }

  /** decode(), with short strings made once per document (route ids, dates and times repeat across vehicles). */
  private interned(start: number, end: number): string | null {
    const buf = this.buf;
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) {
      if (buf[i] >= 0x80) return null;
      h = Math.imul(h ^ buf[i], 0x01000193);
    }
    const slot = h & (INTERN_SLOTS - 1);
    const known = this.strings[slot];
    if (known !== undefined && sameAscii(known, buf, start, end)) return known;
    return (this.strings[slot] = this.bytes.latin1Slice(start, end));
  }

  /** Non-ASCII UTF-8 as protobufjs decodes it: Node's decoder for a Buffer (its BufferReader), its own for a Uint8Array. */
  private utf8(start: number, end: number): string {
    const buf = this.buf;
    // protobufjs's decoder reads a cut-off sequence's continuation bytes past `end`: give it the string's bytes alone, as its Reader does.
    return Buffer.isBuffer(buf) ? buf.toString('utf8', start, end) : protobuf.util.utf8.read(buf.subarray(start, end), 0, end - start);
  }

  /** A varint read as protobufjs's `uint32()` does (low 32 bits); longer than 5 bytes is left to protobufjs. */
  private varint32(): number {
    const buf = this.buf;
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.pos >= this.len) throw UNREAD;
      const b = buf[this.pos++];
      value |= shift < 28 ? (b & 127) << shift : (b & 15) << 28;
      if (b < 128) return value >>> 0;
    }
    throw UNREAD;
  }

  /** A varint read as protobufjs's `uint64()` then `toNumber()`: unsigned, up to 10 bytes. */
  private uint64(): number {
    const buf = this.buf;
    let lo = 0, hi = 0;
    if (this.len - this.pos <= 4) {
      // protobufjs's short route near the end: three bytes checked, a fourth taken as the last.
      for (let i = 0; i < 3; i++) {
        if (this.pos >= this.len) throw UNREAD;
        const b = buf[this.pos++];
        lo |= (b & 127) << (7 * i);
        if (b < 128) return lo >>> 0;
      }
      if (this.pos >= this.len) throw UNREAD;
      return (lo | ((buf[this.pos++] & 127) << 21)) >>> 0;
    }
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.len) throw UNREAD;
      const b = buf[this.pos++];
      if (i < 4) lo |= (b & 127) << (7 * i);
      else if (i === 4) {
        lo |= (b & 127) << 28;
        hi |= (b & 127) >> 4;
      } else hi |= (b & 127) << (7 * (i - 5) + 3);
      if (b < 128) return (hi >>> 0) * 4294967296 + (lo >>> 0);
    }
    throw UNREAD;
  }

  /** Skips a field protobufjs reads or skips with the same bytes; groups and invalid wire types are left to it. */
  private skip(wire: number): void {
    if (wire === VARINT) this.varint32();
    else if (wire === LEN) this.pos = this.end();
    else if (wire === I64 || wire === I32) {
      this.pos += wire === I64 ? 8 : 4;
      if (this.pos > this.len) throw UNREAD;
    } else throw UNREAD;
  }
}

/** True when `s` is exactly the ASCII bytes [start, end). */
function sameAscii(s: string, buf: Uint8Array, start: number, end: number): boolean {
  if (s.length !== end - start) return false;
  for (let i = start; i < end; i++) if (s.charCodeAt(i - start) !== buf[i]) return false;
  return true;
}
