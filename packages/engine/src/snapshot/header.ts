import { ByteBuffer } from 'flatbuffers';
import type { DType } from './format.js';

/** One raw column of the snapshot. */
export interface SectionEntry {
  name: string;
  dtype: DType;
  /** Bytes from the start of the file. */
  byteOffset: number;
  /** Element count. */
  length: number;
}

export interface FeedEntry {
  kind: string;
  name: string;
  sha256: string;
  bytes: number;
}

export interface AgencyEntry {
  id: string;
  name: string;
  noc: string;
  url: string;
}

/** The decoded FlatBuffers header block (header.fbs). Small: decoded eagerly once at open. */
export interface SnapshotHeader {
  schemaVersion: number;
  builderVersion: string;
  builtAt: string;
  feeds: FeedEntry[];
  bbox: { minLat: number; minLon: number; maxLat: number; maxLon: number };
  /** Days since 1970-01-01 of the first date of the service calendars. */
  firstServiceDay: number;
  serviceDayCount: number;
  timezone: string;
  agencies: AgencyEntry[];
  sections: SectionEntry[];
}

/** Field slots of the Header table, in header.fbs order. */
export const HeaderField = {
  schemaVersion: 0,
  builderVersion: 1,
  builtAt: 2,
  feeds: 3,
  minLat: 4,
  minLon: 5,
  maxLat: 6,
  maxLon: 7,
  firstServiceDay: 8,
  serviceDayCount: 9,
  timezone: 10,
  agencies: 11,
  sections: 12,
  count: 13,
} as const;

/** Vtable byte offset of field slot n. */
const slot = (n: number): number => 4 + 2 * n;

/** Reads a table's fields with FlatBuffers' vtable rules (absent field = default). */
class Table {
  constructor(
    private readonly bb: ByteBuffer,
    private readonly pos: number,
  ) {}
  private field(n: number): number {
    return this.bb.__offset(this.pos, slot(n));
  }
  string(n: number): string {
    const o = this.field(n);
    return o ? (this.bb.__string(this.pos + o) as string) : '';
  }
  u8(n: number): number {
    const o = this.field(n);
    return o ? this.bb.readUint8(this.pos + o) : 0;
  }
  u32(n: number): number {
    const o = this.field(n);
    return o ? this.bb.readUint32(this.pos + o) : 0;
  }
  i32(n: number): number {
    const o = this.field(n);
    return o ? this.bb.readInt32(this.pos + o) : 0;
  }
  u64(n: number): number {
    const o = this.field(n);
    return o ? Number(this.bb.readUint64(this.pos + o)) : 0;
  }
  f64(n: number): number {
    const o = this.field(n);
    return o ? this.bb.readFloat64(this.pos + o) : 0;
  }
  tables(n: number): Table[] {
    const o = this.field(n);
    if (!o) return [];
    const start = this.bb.__vector(this.pos + o);
    const len = this.bb.__vector_len(this.pos + o);
    const out: Table[] = [];
    for (let i = 0; i < len; i++) out.push(new Table(this.bb, this.bb.__indirect(start + i * 4)));
    return out;
  }
}

/** Decodes the header block; `bytes` holds exactly the FlatBuffers buffer. */
export function decodeHeader(bytes: Uint8Array): SnapshotHeader {
  const bb = new ByteBuffer(bytes);
  const root = new Table(bb, bb.readInt32(bb.position()) + bb.position());
  const F = HeaderField;
  return {
    schemaVersion: root.u32(F.schemaVersion),
    builderVersion: root.string(F.builderVersion),
    builtAt: root.string(F.builtAt),
    feeds: root.tables(F.feeds).map((t) => ({ kind: t.string(0), name: t.string(1), sha256: t.string(2), bytes: t.u64(3) })),
    bbox: { minLat: root.f64(F.minLat), minLon: root.f64(F.minLon), maxLat: root.f64(F.maxLat), maxLon: root.f64(F.maxLon) },
    firstServiceDay: root.i32(F.firstServiceDay),
    serviceDayCount: root.u32(F.serviceDayCount),
    timezone: root.string(F.timezone),
    agencies: root.tables(F.agencies).map((t) => ({ id: t.string(0), name: t.string(1), noc: t.string(2), url: t.string(3) })),
    sections: root.tables(F.sections).map((t) => ({ name: t.string(0), dtype: t.u8(1) as DType, byteOffset: t.u64(2), length: t.u64(3) })),
  };
}
