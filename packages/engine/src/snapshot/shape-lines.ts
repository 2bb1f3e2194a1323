import type { SnapshotReader } from './reader.js';
import { SnapshotFormatError } from '../errors.js';
import { SlotCache } from '../bounded-cache.js';

/**
 * Polyline texts kept (SlotCache slots): the route directions ask for a route's few longest lines,
 * a text is about 2 bytes a point (a long rail line some tens of KiB), so 1,024 of them hold a few
 * MiB per worker.
 */
const MAX_POLYLINE_TEXTS = 1024;

/** Units per degree of a stored shape point (polyline precision 5). */
const FACTOR = 100000;

/**
 * The shapes' distinct lines. Snapshots store each once as binary deltas (`shapes.lineBytes`,
 * located by `shapes.lineOffsets`; `shapes.line`: shape -> line): per point the latitude's then
 * the longitude's change in 1e-5 degrees from the point before (the first from 0), each a zigzag
 * LEB128 varint, the same integers a precision-5 polyline spells in 5-bit characters. Older
 * snapshots hold the polyline text in the string table (`shapes.polyline`: shape -> string).
 * Either way `key(shape)` is equal for shapes with the same line, and `points` / `polyline` give
 * what decoding or serving the polyline text gives.
 */
export class ShapeLines {
  /** Polyline text by key (the route directions serve the same few lines again; the string table cached them before): a few thousand, texts of a few KiB each. */
  private readonly texts: SlotCache<string>;

  private constructor(
    /** Shape -> its line key (line index, or the polyline's string index in an older snapshot). */
    readonly ofShape: Uint32Array,
    /** Line key -> [first, end) into `bytes`. */
    readonly offsets: Uint32Array,
    /** Varint deltas, or the string table's UTF-8 (polyline text) in an older snapshot. */
    readonly bytes: Uint8Array,
    /** True when `bytes` holds varint deltas; false: polyline characters. */
    readonly binary: boolean,
  ) {
    this.texts = new SlotCache(offsets.length - 1, MAX_POLYLINE_TEXTS);
  }

  static open(r: SnapshotReader): ShapeLines {
    if (!r.has('shapes.lineBytes')) return new ShapeLines(r.u32('shapes.polyline'), r.u32('strings.offsets'), r.u8('strings.bytes'), false);
    const lines = new ShapeLines(r.u32('shapes.line'), r.u32('shapes.lineOffsets'), r.u8('shapes.lineBytes'), true);
    const lineCount = lines.offsets.length - 1;
    if (lines.offsets[lineCount] !== lines.bytes.length || lines.ofShape.some((l) => l >= lineCount)) {
      throw new SnapshotFormatError(`shapes.line, shapes.lineOffsets (${lines.offsets.length}) and shapes.lineBytes (${lines.bytes.length} bytes) do not match. Rebuild the snapshot.`);
    }
    return lines;
  }

  /**
   * A line's points, interleaved [lat0, lon0, lat1, lon1, ...] degrees (as decodePolyline gives
   * them); decoded into `scratch` when given and large enough (the result is then a view of it,
   * valid until the next decoding there).
   */
  points(key: number, scratch?: Float64Array): Float64Array {
    const start = this.offsets[key], end = this.offsets[key + 1];
    // A coordinate takes a byte or more either way.
    const out = scratch !== undefined && scratch.length >= end - start ? scratch : new Float64Array(end - start);
    let count = 0;
    const emit = (lat: number, lon: number) => {
      out[count++] = lat / FACTOR;
      out[count++] = lon / FACTOR;
    };
    if (this.binary) forEachVarintPoint(this.bytes, start, end, emit);
    else forEachPolylinePoint(this.bytes, start, end, emit);
    return out.subarray(0, count);
  }

  /** A line as an encoded polyline (precision 5): the text an older snapshot stored. */
  polyline(key: number): string {
    return this.texts.get(key) ?? this.texts.set(key, this.encode(key));
  }

  private encode(key: number): string {
    const start = this.offsets[key], end = this.offsets[key + 1];
    if (!this.binary) return UTF8.decode(this.bytes.subarray(start, end));
    // A value's varint of b bytes holds at most 7b bits, its polyline at most 2b characters of 5.
    const out = new Uint8Array(2 * (end - start));
    let at = 0;
    let lat = 0, lon = 0;
    forEachVarintPoint(this.bytes, start, end, (la, lo) => {
      at = polylineValue(out, at, la - lat);
      at = polylineValue(out, at, lo - lon);
      lat = la;
      lon = lo;
    });
    return ASCII.decode(out.subarray(0, at));
  }
}

/**
 * Calls `point(lat, lon)` (1e-5 degrees, integers) for each point of the varint deltas in
 * bytes [start, end); stops at a truncated last value.
 */
export function forEachVarintPoint(bytes: Uint8Array, start: number, end: number, point: (lat: number, lon: number) => void): void {
  let lat = 0, lon = 0, i = start;
  while (i < end) {
    for (let k = 0; k < 2; k++) {
      let v = 0, scale = 1, byte = 0x80;
      while (byte >= 0x80) {
        if (i >= end) return;
        byte = bytes[i++];
        v += (byte & 0x7f) * scale;
        scale *= 128;
      }
      const delta = v % 2 === 1 ? -(v + 1) / 2 : v / 2;
      if (k === 0) lat += delta;
      else lon += delta;
    }
    point(lat, lon);
  }
}

/** The same over polyline characters (older snapshots); stops at the first malformed value, as decodePolyline does. */
export function forEachPolylinePoint(bytes: Uint8Array, start: number, end: number, point: (lat: number, lon: number) => void): void {
  let lat = 0, lon = 0, i = start;
  while (i < end) {
    for (let k = 0; k < 2; k++) {
      let shift = 0, v = 0, byte = 0x20;
      while (byte >= 0x20) {
        byte = i < end ? bytes[i++] - 63 : -1;
        if (byte < 0 || byte > 63 || shift > 30) return;
        v += (byte & 0x1f) * 2 ** shift;
        shift += 5;
      }
      const delta = v % 2 === 1 ? -(v + 1) / 2 : v / 2;
      if (k === 0) lat += delta;
      else lon += delta;
    }
    point(lat, lon);
  }
}

/** Writes one signed value as polyline characters at `at` (the builder's encoding, @mapbox/polyline 1.2's arithmetic); returns the end. */
function polylineValue(out: Uint8Array, at: number, delta: number): number {
  let v = delta < 0 ? -delta * 2 - 1 : delta * 2;
  while (v >= 0x20) {
    out[at++] = (0x20 | (v % 32)) + 63;
    v = Math.floor(v / 32);
  }
  out[at++] = v + 63;
  return at;
}

/** Polyline characters are ASCII (63-126); the string table is UTF-8. */
const ASCII = new TextDecoder('latin1');
const UTF8 = new TextDecoder();
