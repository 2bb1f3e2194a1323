import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Type } from 'protobufjs';

/** The four message types of the OSM PBF format that the builder reads and writes. */
export interface PbfTypes {
  BlobHeader: Type;
  Blob: Type;
  HeaderBlock: Type;
  PrimitiveBlock: Type;
}

let types: PbfTypes | undefined;

/**
 * The OSM PBF schema (`proto/fileformat.proto` + `proto/osmformat.proto`), parsed on first use:
 * protobufjs loads only for builds that read or write streets (a GTFS-only build never needs it,
 * nor the 8.5 MiB of RSS its import costs: measured as proj4's in geo/osgb.ts). The proto folder sits two levels above both `src/osm/`
 * (tests run the sources) and `dist/osm/` (the built package), so one relative URL serves both.
 */
export function pbfTypes(): PbfTypes {
  if (types) return types;
  const protobuf = createRequire(import.meta.url)('protobufjs') as typeof import('protobufjs');
  const root = new protobuf.Root();
  for (const file of ['fileformat.proto', 'osmformat.proto']) {
    protobuf.parse(readFileSync(new URL(`../../proto/${file}`, import.meta.url), 'utf8'), root, { keepCase: true });
  }
  types = { BlobHeader: root.lookupType('OSMPBF.BlobHeader'), Blob: root.lookupType('OSMPBF.Blob'), HeaderBlock: root.lookupType('OSMPBF.HeaderBlock'), PrimitiveBlock: root.lookupType('OSMPBF.PrimitiveBlock') };
  return types;
}

/** A decoded `BlobHeader`. */
export interface BlobHeader {
  type: string;
  datasize: number;
}

/** A decoded `Blob`: exactly one payload field is set. */
export interface Blob {
  raw_size?: number;
  raw?: Uint8Array;
  zlib_data?: Uint8Array;
  lzma_data?: Uint8Array;
  OBSOLETE_bzip2_data?: Uint8Array;
  lz4_data?: Uint8Array;
  zstd_data?: Uint8Array;
}

export interface HeaderBlock {
  required_features: string[];
  optional_features: string[];
  writingprogram?: string;
}

/** int64 fields arrive as Long objects (protobufjs with `long` installed) or numbers. */
export type Int64 = number | { toNumber(): number };

export interface PrimitiveBlock {
  stringtable: { s: Uint8Array[] };
  primitivegroup: PrimitiveGroup[];
  granularity: number;
  lat_offset: Int64;
  lon_offset: Int64;
}

export interface PrimitiveGroup {
  nodes: PbfNode[];
  dense?: { id?: Uint8Array; lat?: Uint8Array; lon?: Uint8Array } | null;
  ways: PbfWay[];
}

export interface PbfNode {
  id: Int64;
  lat: Int64;
  lon: Int64;
}

export interface PbfWay {
  keys: number[];
  vals: number[];
  /** Packed sint64 node ids, delta coded (see osmformat.proto). */
  refs?: Uint8Array;
}

/** A Long or number as a JS number (OSM ids and coordinates are far below 2^53). */
export function toNumber(v: Int64 | null | undefined): number {
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' ? v : v.toNumber();
}
