import { writeSync, ftruncateSync } from 'node:fs';
import { Builder } from 'flatbuffers';
import { FORMAT_VERSION, MAGIC, PREAMBLE_BYTES, SECTION_ALIGN, DTYPE_BYTES, dtypeOf, type TypedArray, HeaderField, type SnapshotHeader } from '@transit/engine';

/** Header fields the builder supplies; the section table is filled in by the writer. */
export type HeaderInput = Omit<SnapshotHeader, 'sections'>;

const align = (n: number) => Math.ceil(n / SECTION_ALIGN) * SECTION_ALIGN;

/** Collects named typed-array sections and writes the snapshot bytes (see engine format.ts). */
export class SnapshotWriter {
  private readonly sections: { name: string; array: TypedArray }[] = [];
  private readonly names = new Set<string>();

  add(name: string, array: TypedArray): this {
    if (this.names.has(name)) throw new Error(`section ${name} added twice`);
    this.names.add(name);
    this.sections.push({ name, array });
    return this;
  }

  /** A section added before, for compile steps that index earlier sections (write-shape-grid.ts). */
  section<T extends TypedArray>(name: string, type: new (length: number) => T): T {
    const found = this.sections.find((s) => s.name === name);
    if (!found || !(found.array instanceof type)) throw new Error(`section ${name} not added as ${type.name}`);
    return found.array as T;
  }

  /** The sections added so far whose names start with one of `prefixes` (arrays shared, not copied). */
  sectionsStartingWith(prefixes: readonly string[]): { name: string; array: TypedArray }[] {
    return this.sections.filter((s) => prefixes.some((p) => s.name.startsWith(p)));
  }

  /** Serialises everything into one buffer (a SharedArrayBuffer when `shared`, for worker threads to view). */
  toBytes(header: HeaderInput, shared = false): Uint8Array {
    const { headerBytes, placed, byteLength } = this.layout(header);
    const out = new Uint8Array(shared ? new SharedArrayBuffer(byteLength) : new ArrayBuffer(byteLength));
    out.set(preamble(headerBytes), 0);
    for (const s of placed) out.set(bytesOf(s.array), s.byteOffset);
    return out;
  }

  /**
   * Writes the snapshot to an open file, section by section, with the same bytes as `toBytes`
   * but never a second copy in memory: each section is dropped from the writer once written, so
   * the writer is spent afterwards. Returns the file's length in bytes.
   */
  writeTo(fd: number, header: HeaderInput): number {
    const { headerBytes, placed, byteLength } = this.layout(header);
    this.sections.length = 0;
    writeAll(fd, preamble(headerBytes), 0);
    for (let i = 0; i < placed.length; i++) {
      writeAll(fd, bytesOf(placed[i].array), placed[i].byteOffset);
      placed[i] = EMPTY_SECTION; // garbage once written, unless the caller still holds it
    }
    ftruncateSync(fd, byteLength); // alignment gaps and the tail read as zeros, as in toBytes
    return byteLength;
  }

  /** Header bytes, each section's byte offset and the total length (see engine format.ts). */
  private layout(header: HeaderInput) {
    // The header's size depends on the section offsets' encoding only through fixed-width
    // ulongs, so encode once with placeholder offsets to learn its size, then again for real.
    const probe = encodeHeader(header, this.sections.map((s) => ({ ...s, byteOffset: 0 })));
    const dataStart = align(PREAMBLE_BYTES + probe.length);
    let cursor = dataStart;
    const placed = this.sections.map((s) => {
      const byteOffset = cursor;
      cursor = align(cursor + s.array.byteLength);
      return { ...s, byteOffset };
    });
    const headerBytes = encodeHeader(header, placed);
    if (headerBytes.length !== probe.length) throw new Error('snapshot header size changed between passes');
    return { headerBytes, placed, byteLength: cursor };
  }
}

const EMPTY_SECTION = { name: '', array: new Uint8Array(0), byteOffset: 0 };

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

/** Writes all of `bytes` at `position` (writeSync may write less than asked). */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

function encodeHeader(h: HeaderInput, sections: { name: string; array: TypedArray; byteOffset: number }[]): Uint8Array {
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

  const sectionOffsets = sections.map((s) => {
    const name = str(s.name);
    return table([
      (b) => b.addFieldOffset(0, name, 0),
      (b) => b.addFieldInt8(1, dtypeOf(s.array), 0),
      (b) => b.addFieldInt64(2, BigInt(s.byteOffset), BigInt(0)),
      (b) => b.addFieldInt64(3, BigInt(s.array.byteLength / DTYPE_BYTES[dtypeOf(s.array)]), BigInt(0)),
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
