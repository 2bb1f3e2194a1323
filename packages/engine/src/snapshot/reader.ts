import { decodeHeader, type SnapshotHeader, type SectionEntry } from './header.js';
import { DType, DTYPE_BYTES, DTYPE_NAMES, FORMAT_VERSION, MAGIC, PREAMBLE_BYTES, SECTION_ALIGN, type TypedArray } from './format.js';
import { SnapshotFormatError } from '../errors.js';

const REBUILD_HINT = 'Rebuild it with this version: npx transit build ... --out FILE';

/** Sections an engine reads only to derive the footpath columns at open (transfers.ts footpathColumnsOf). */
export const FOOTPATH_OPEN_ONLY_SECTIONS: readonly string[] = ['transfers.packed', 'transfers.secondsFix'];
/** Sections an engine reads only to expand the trip times at open (TimetableTables' expandProfiles). */
export const TIMES_OPEN_ONLY_SECTIONS: readonly string[] = ['times.profileDeltas', 'times.profiles', 'trips.profile', 'trips.start', 'patterns.dwells', 'patterns.profileRows'];
/**
 * Sections no engine given the shared tables of a `share` engine reads (Engine.open's `tables`):
 * their derived forms are in the tables. A server's workers need only the rest of the buffer, so
 * it can leave these out of the shared copy (about 1.4 bytes a stop time at GB size) and hand them
 * to its main engine apart (Engine.open's `openOnly`).
 */
export const OPEN_ONLY_SECTIONS: readonly string[] = [...FOOTPATH_OPEN_ONLY_SECTIONS, ...TIMES_OPEN_ONLY_SECTIONS];
const OPEN_ONLY = new Set(OPEN_ONLY_SECTIONS);

export interface ReaderOptions {
  /** A buffer of the same size holding OPEN_ONLY_SECTIONS at their offsets, read there instead of in `buffer` (which was read without them). */
  openOnly?: ArrayBufferLike | null;
  /** Sections refused (a SnapshotFormatError naming them): those the engine's given tables replace, so that a buffer read without them is never read there by mistake. */
  refused?: ReadonlySet<string>;
}

/**
 * Zero-copy access to a snapshot's sections: every column is a typed-array view over the
 * caller's buffer (an ArrayBuffer or a SharedArrayBuffer), created on demand.
 */
export class SnapshotReader {
  readonly header: SnapshotHeader;
  private readonly sections = new Map<string, SectionEntry>();
  private readonly openOnly: ArrayBufferLike | null;
  private readonly refused: ReadonlySet<string> | null;

  constructor(readonly buffer: ArrayBufferLike, options: ReaderOptions = {}) {
    const size = buffer.byteLength;
    this.openOnly = options.openOnly ?? null;
    this.refused = options.refused ?? null;
    if (this.openOnly && this.openOnly.byteLength !== size) throw new SnapshotFormatError(`The open-only sections' buffer has ${this.openOnly.byteLength} bytes for a ${size}-byte snapshot: read both from the same file.`);
    if (size < PREAMBLE_BYTES) throw new SnapshotFormatError(`Not a transit snapshot: ${size} bytes is shorter than the ${PREAMBLE_BYTES}-byte preamble.`);
    const magic = new Uint8Array(buffer, 0, MAGIC.length);
    if (!MAGIC.every((b, i) => magic[i] === b)) throw new SnapshotFormatError('Not a transit snapshot: the file does not start with the magic bytes "UKTSNAP". ' + REBUILD_HINT);
    const view = new DataView(buffer, 0, PREAMBLE_BYTES);
    const version = view.getUint32(8, true);
    if (version !== FORMAT_VERSION) throw new SnapshotFormatError(`Got snapshot format v${version} when this engine reads v${FORMAT_VERSION}. ${REBUILD_HINT}`);
    const headerBytes = SnapshotReader.headerEnd(buffer) - PREAMBLE_BYTES;
    if (PREAMBLE_BYTES + headerBytes > size) throw new SnapshotFormatError(`Truncated snapshot: header of ${headerBytes} bytes overruns the ${size}-byte file.`);
    try {
      this.header = decodeHeader(new Uint8Array(buffer, PREAMBLE_BYTES, headerBytes));
    } catch (err) {
      throw new SnapshotFormatError(`Corrupt snapshot header: ${(err as Error).message}. ${REBUILD_HINT}`);
    }
    for (const s of this.header.sections) {
      const width = DTYPE_BYTES[s.dtype];
      if (!width) throw new SnapshotFormatError(`Section ${s.name} has unknown element type ${s.dtype}.`);
      if (s.byteOffset % SECTION_ALIGN !== 0) throw new SnapshotFormatError(`Section ${s.name} at byte ${s.byteOffset} is not ${SECTION_ALIGN}-byte aligned.`);
      const end = s.byteOffset + s.length * width;
      if (s.byteOffset < PREAMBLE_BYTES + headerBytes || end > size) {
        throw new SnapshotFormatError(`Section ${s.name} [${s.byteOffset}, ${end}) lies outside the ${size}-byte snapshot (truncated file?).`);
      }
      this.sections.set(s.name, s);
    }
  }

  /** Where the header of the snapshot starting `buffer` ends (the preamble, PREAMBLE_BYTES of it, says how long the header is): what to read before the sections can be listed. */
  static headerEnd(buffer: ArrayBufferLike): number {
    return PREAMBLE_BYTES + new DataView(buffer, 0, PREAMBLE_BYTES).getUint32(12, true);
  }

  has(name: string): boolean {
    return this.sections.has(name);
  }

  private entry(name: string, dtype: DType): SectionEntry {
    const s = this.sections.get(name);
    if (!s) throw new SnapshotFormatError(`Snapshot has no section "${name}". ${REBUILD_HINT}`);
    if (this.refused?.has(name)) throw new SnapshotFormatError(`Section ${name} is read only at open, and this engine was given the tables derived from it (Engine.open's tables): it may not be in this buffer.`);
    if (s.dtype !== dtype) throw new SnapshotFormatError(`Section ${name} is ${DTYPE_NAMES[s.dtype]}, expected ${DTYPE_NAMES[dtype]}.`);
    return s;
  }

  private view<T>(name: string, dtype: DType, ctor: new (buffer: ArrayBuffer, byteOffset: number, length: number) => T): T {
    const s = this.entry(name, dtype);
    const buffer = this.openOnly !== null && OPEN_ONLY.has(name) ? this.openOnly : this.buffer;
    return new ctor(buffer as ArrayBuffer, s.byteOffset, s.length);
  }

  u8(name: string): Uint8Array {
    return this.view(name, DType.U8, Uint8Array);
  }
  u16(name: string): Uint16Array {
    return this.view(name, DType.U16, Uint16Array);
  }
  u32(name: string): Uint32Array {
    return this.view(name, DType.U32, Uint32Array);
  }
  i32(name: string): Int32Array {
    return this.view(name, DType.I32, Int32Array);
  }
  f32(name: string): Float32Array {
    return this.view(name, DType.F32, Float32Array);
  }
  f64(name: string): Float64Array {
    return this.view(name, DType.F64, Float64Array);
  }
  /** A section of any type, for checks that do not care. */
  any(name: string): TypedArray {
    const dtype = this.sections.get(name)?.dtype ?? DType.U8;
    const ctor = { [DType.U8]: Uint8Array, [DType.U16]: Uint16Array, [DType.U32]: Uint32Array, [DType.I32]: Int32Array, [DType.F32]: Float32Array, [DType.F64]: Float64Array }[dtype];
    return this.view<TypedArray>(name, dtype, ctor as new (buffer: ArrayBuffer, byteOffset: number, length: number) => TypedArray);
  }
}
