import { readSync, writeSync, ftruncateSync } from 'node:fs';
import { Builder } from 'flatbuffers';
import { FORMAT_VERSION, MAGIC, PREAMBLE_BYTES, SECTION_ALIGN, DTYPE_BYTES, dtypeOf, type DType, type TypedArray, HeaderField, type SnapshotHeader } from '@transit/engine';

/** Header fields the builder supplies; the section table is filled in by the writer. */
export type HeaderInput = Omit<SnapshotHeader, 'sections'>;

const align = (n: number) => Math.ceil(n / SECTION_ALIGN) * SECTION_ALIGN;

/** One section: its bytes in memory, or (a writer streaming to a file) where they are in the file's body. */
interface Section {
  name: string;
  dtype: DType;
  byteLength: number;
  /** The section's values; null once written to the file. */
  array: TypedArray | null;
  /** Offset from the start of the body (the first section), a multiple of SECTION_ALIGN. */
  bodyOffset: number;
}

/** Bytes moved at a time when the body is shifted behind the header. */
const SHIFT_CHUNK_BYTES = 8 << 20;

/**
 * Collects named typed-array sections and writes the snapshot bytes (see engine format.ts). A
 * writer made with `streamingTo(fd)` writes each section into the file as it is added and keeps
 * only its name, type and place, so a national build never holds its sections; `finish` then
 * moves them behind the header (whose size is known only once every section is named).
 */
export class SnapshotWriter {
  private readonly sections: Section[] = [];
  private readonly byName = new Map<string, Section>();
  /** Bytes of the sections so far, each aligned: where the next one goes in the body. */
  private bodyLength = 0;
  /** The file sections are written into as they are added (streamingTo), else null. */
  private fd: number | null = null;

  /** A writer that writes each section into `fd` (open for reading and writing, empty) as it is added; end it with `finish`. */
  static streamingTo(fd: number): SnapshotWriter {
    const w = new SnapshotWriter();
    w.fd = fd;
    return w;
  }

  add(name: string, array: TypedArray): this {
    if (this.byName.has(name)) throw new Error(`section ${name} added twice`);
    const section: Section = { name, dtype: dtypeOf(array), byteLength: array.byteLength, array, bodyOffset: this.bodyLength };
    this.bodyLength = align(this.bodyLength + array.byteLength);
    if (this.fd !== null) {
      writeAll(this.fd, bytesOf(array), section.bodyOffset);
      section.array = null; // garbage once written, unless the caller still holds it
    }
    this.byName.set(name, section);
    this.sections.push(section);
    return this;
  }

  /** Values in section `name` (without reading it back from a streaming writer's file), or -1 when it was not added. */
  sectionLength(name: string): number {
    const found = this.sections.find((s) => s.name === name);
    return found ? found.byteLength / DTYPE_BYTES[found.dtype] : -1;
  }

  /** A section added before, for compile steps that index earlier sections (write-shape-grid.ts); read back from the file when streaming. */
  section<T extends TypedArray>(name: string, type: new (length: number) => T): T {
    const found = this.byName.get(name);
    if (!found || !(found.array ? found.array instanceof type : dtypeOf(new type(0)) === found.dtype)) throw new Error(`section ${name} not added as ${type.name}`);
    if (found.array) return found.array as T;
    const out = new type(found.byteLength / DTYPE_BYTES[found.dtype]);
    readAll(this.fd!, bytesOf(out), found.bodyOffset);
    return out;
  }

  /**
   * A snapshot of only the sections added so far whose names start with one of `prefixes`
   * (the place search's own copy, write-place-pages.ts), in one buffer (a SharedArrayBuffer when
   * `shared`); read from the file when streaming, so no section is held twice.
   */
  partBytes(prefixes: readonly string[], header: HeaderInput, shared = false): Uint8Array {
    return this.joined(this.sections.filter((s) => prefixes.some((p) => s.name.startsWith(p))), header, shared);
  }

  /** Serialises everything into one buffer (a SharedArrayBuffer when `shared`, for worker threads to view). */
  toBytes(header: HeaderInput, shared = false): Uint8Array {
    return this.joined(this.sections, header, shared);
  }

  /**
   * Ends a streaming writer: moves the sections written so far behind the header, writes the
   * header, and gives the file the length and bytes `toBytes` would have. Returns that length.
   */
  finish(header: HeaderInput): number {
    const fd = this.fd;
    if (fd === null) throw new Error('finish() ends a streaming snapshot writer (SnapshotWriter.streamingTo)');
    const { headerBytes, dataStart, byteLength } = layout(header, this.sections);
    ftruncateSync(fd, this.bodyLength); // the gaps after the last sections read as zeros
    shiftUp(fd, this.bodyLength, dataStart);
    const head = new Uint8Array(dataStart); // the alignment gap after the header reads as zeros
    head.set(preamble(headerBytes), 0);
    writeAll(fd, head, 0);
    ftruncateSync(fd, byteLength);
    return byteLength;
  }

  /** `sections` joined behind their header in one new buffer. */
  private joined(sections: Section[], header: HeaderInput, shared: boolean): Uint8Array {
    const { headerBytes, dataStart, offsets, byteLength } = layout(header, sections);
    const out = new Uint8Array(shared ? new SharedArrayBuffer(byteLength) : new ArrayBuffer(byteLength));
    out.set(preamble(headerBytes), 0);
    sections.forEach((s, i) => {
      const into = out.subarray(dataStart + offsets[i], dataStart + offsets[i] + s.byteLength);
      if (s.array) into.set(bytesOf(s.array));
      else readAll(this.fd!, into, s.bodyOffset);
    });
    return out;
  }
}

/**
 * Header bytes, where the body starts and the total length (see engine format.ts): sections in
 * the order added, each at an aligned offset, the body right after the aligned header.
 */
function layout(header: HeaderInput, sections: readonly Section[]) {
  const offsets: number[] = []; // section -> offset from the start of the body
  let bodyLength = 0;
  for (const s of sections) {
    offsets.push(bodyLength);
    bodyLength = align(bodyLength + s.byteLength);
  }
  // The header's size depends on the section offsets' encoding only through fixed-width
  // ulongs, so encode once with placeholder offsets to learn its size, then again for real.
  const probe = encodeHeader(header, sections, offsets, 0);
  const dataStart = align(PREAMBLE_BYTES + probe.length);
  const headerBytes = encodeHeader(header, sections, offsets, dataStart);
  if (headerBytes.length !== probe.length) throw new Error('snapshot header size changed between passes');
  return { headerBytes, dataStart, offsets, byteLength: dataStart + bodyLength };
}

/** Moves the first `length` bytes of the file `by` bytes further in, last chunk first (the ranges overlap). */
function shiftUp(fd: number, length: number, by: number): void {
  const chunk = new Uint8Array(Math.min(SHIFT_CHUNK_BYTES, Math.max(length, 1)));
  for (let end = length; end > 0; ) {
    const start = Math.max(0, end - chunk.length);
    const part = chunk.subarray(0, end - start);
    readAll(fd, part, start);
    writeAll(fd, part, start + by);
    end = start;
  }
}

const bytesOf = (a: TypedArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Magic, format version, header length, then the header. */
function preamble(headerBytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(PREAMBLE_BYTES + headerBytes.length);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, FORMAT_VERSION, true);
  view.setUint32(12, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE_BYTES);
  return out;
}

/** Reads `into.length` bytes at `position` (readSync may read less than asked). */
function readAll(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length; ) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new Error(`snapshot file ends before byte ${position + into.length}`);
    done += n;
  }
}

/** Writes all of `bytes` at `position` (writeSync may write less than asked). */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** The header with section i at `dataStart` + offsets[i]. */
function encodeHeader(h: HeaderInput, sections: readonly Section[], offsets: readonly number[], dataStart: number): Uint8Array {
  const b = new Builder(1024);
  b.forceDefaults(true); // fixed-width tables: the size must not depend on values
  const table = (fields: ((b: Builder) => void)[]) => {
    b.startObject(fields.length);
    fields.forEach((f) => f(b));
    return b.endObject();
  };
  const vector = (offsets: number[]) => {
    b.startVector(4, offsets.length, 4);
    for (let i = offsets.length - 1; i >= 0; i--) b.addOffset(offsets[i]);
    return b.endVector();
  };
  const str = (s: string) => b.createString(s);

  const sectionOffsets = sections.map((s, i) => {
    const name = str(s.name);
    return table([
      (b) => b.addFieldOffset(0, name, 0),
      (b) => b.addFieldInt8(1, s.dtype, 0),
      (b) => b.addFieldInt64(2, BigInt(dataStart + offsets[i]), BigInt(0)),
      (b) => b.addFieldInt64(3, BigInt(s.byteLength / DTYPE_BYTES[s.dtype]), BigInt(0)),
    ]);
  });
  const feedOffsets = h.feeds.map((f) => {
    const [kind, name, sha] = [str(f.kind), str(f.name), str(f.sha256)];
    return table([
      (b) => b.addFieldOffset(0, kind, 0),
      (b) => b.addFieldOffset(1, name, 0),
      (b) => b.addFieldOffset(2, sha, 0),
      (b) => b.addFieldInt64(3, BigInt(f.bytes), BigInt(0)),
    ]);
  });
  const agencyOffsets = h.agencies.map((a) => {
    const [id, name, noc, url] = [str(a.id), str(a.name), str(a.noc), str(a.url)];
    return table([
      (b) => b.addFieldOffset(0, id, 0),
      (b) => b.addFieldOffset(1, name, 0),
      (b) => b.addFieldOffset(2, noc, 0),
      (b) => b.addFieldOffset(3, url, 0),
    ]);
  });
  const sectionsVec = vector(sectionOffsets);
  const feedsVec = vector(feedOffsets);
  const agenciesVec = vector(agencyOffsets);
  const builderVersion = str(h.builderVersion);
  const builtAt = str(h.builtAt);
  const timezone = str(h.timezone);
  const F = HeaderField;
  const root = table([
    (b) => b.addFieldInt32(F.schemaVersion, h.schemaVersion, 0),
    (b) => b.addFieldOffset(F.builderVersion, builderVersion, 0),
    (b) => b.addFieldOffset(F.builtAt, builtAt, 0),
    (b) => b.addFieldOffset(F.feeds, feedsVec, 0),
    (b) => b.addFieldFloat64(F.minLat, h.bbox.minLat, 0),
    (b) => b.addFieldFloat64(F.minLon, h.bbox.minLon, 0),
    (b) => b.addFieldFloat64(F.maxLat, h.bbox.maxLat, 0),
    (b) => b.addFieldFloat64(F.maxLon, h.bbox.maxLon, 0),
    (b) => b.addFieldInt32(F.firstServiceDay, h.firstServiceDay, 0),
    (b) => b.addFieldInt32(F.serviceDayCount, h.serviceDayCount, 0),
    (b) => b.addFieldOffset(F.timezone, timezone, 0),
    (b) => b.addFieldOffset(F.agencies, agenciesVec, 0),
    (b) => b.addFieldOffset(F.sections, sectionsVec, 0),
  ]);
  b.finish(root);
  return b.asUint8Array().slice();
}
