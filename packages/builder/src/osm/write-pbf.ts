import { deflateSync } from 'node:zlib';
import { pbfTypes } from './pbf-schema.js';

/** A node to write: OSM id (negative ids are fine, as for new data), WGS84 degrees. */
export interface PbfNodeInput {
  id: number;
  lat: number;
  lon: number;
}

/** A way to write: its node ids in order and its tags. */
export interface PbfWayInput {
  refs: number[];
  tags: Record<string, string>;
}

/** Entities per data block (the specification suggests 8000). */
const BLOCK_SIZE = 8000;

/**
 * Encodes nodes and ways as an OSM PBF file (header blob, dense-node blocks, way blocks; zlib),
 * through the same schema the reader uses: for the demo's street map and hand-drawn test
 * networks. Way ids and metadata are not written (the trimmed schema has no field for them).
 */
export function encodeOsmPbf(nodes: readonly PbfNodeInput[], ways: readonly PbfWayInput[]): Uint8Array {
  const { HeaderBlock } = pbfTypes();
  const parts: Uint8Array[] = [frame('OSMHeader', HeaderBlock.encode(HeaderBlock.fromObject({ required_features: ['OsmSchema-V0.6', 'DenseNodes'], writingprogram: 'transit-builder' })).finish())];
  for (let i = 0; i < nodes.length; i += BLOCK_SIZE) parts.push(frame('OSMData', nodeBlock(nodes.slice(i, i + BLOCK_SIZE))));
  for (let i = 0; i < ways.length; i += BLOCK_SIZE) parts.push(frame('OSMData', wayBlock(ways.slice(i, i + BLOCK_SIZE))));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function nodeBlock(nodes: readonly PbfNodeInput[]): Uint8Array {
  const dense = {
    id: packDeltas(nodes.map((n) => n.id)),
    lat: packDeltas(nodes.map((n) => Math.round(n.lat * 1e7))),
    lon: packDeltas(nodes.map((n) => Math.round(n.lon * 1e7))),
  };
  const block = { stringtable: { s: [new Uint8Array(0)] }, primitivegroup: [{ dense }], granularity: 100 };
  const { PrimitiveBlock } = pbfTypes();
  return PrimitiveBlock.encode(PrimitiveBlock.fromObject(block)).finish();
}

function wayBlock(ways: readonly PbfWayInput[]): Uint8Array {
  const strings = new Map<string, number>([['', 0]]);
  const idx = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const encoded = ways.map((w) => {
    const entries = Object.entries(w.tags);
    return { keys: entries.map(([k]) => idx(k)), vals: entries.map(([, v]) => idx(v)), refs: packDeltas(w.refs) };
  });
  const encoder = new TextEncoder();
  const block = { stringtable: { s: [...strings.keys()].map((s) => encoder.encode(s)) }, primitivegroup: [{ ways: encoded }], granularity: 100 };
  const { PrimitiveBlock } = pbfTypes();
  return PrimitiveBlock.encode(PrimitiveBlock.fromObject(block)).finish();
}

/** [int32 BE header length][BlobHeader][Blob] with zlib data. */
function frame(type: string, raw: Uint8Array): Uint8Array {
  const { Blob, BlobHeader } = pbfTypes();
  const blob = Blob.encode(Blob.fromObject({ raw_size: raw.length, zlib_data: deflateSync(raw) })).finish();
  const header = BlobHeader.encode(BlobHeader.fromObject({ type, datasize: blob.length })).finish();
  const out = new Uint8Array(4 + header.length + blob.length);
  new DataView(out.buffer).setUint32(0, header.length);
  out.set(header, 4);
  out.set(blob, 4 + header.length);
  return out;
}

/** Packed zigzag varints of the deltas of `values` (integers below 2^52 in magnitude). */
export function packDeltas(values: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  let prev = 0;
  for (const v of values) {
    const d = v - prev;
    prev = v;
    let z = d >= 0 ? 2 * d : -2 * d - 1;
    while (z >= 128) {
      bytes.push((z % 128) | 128);
      z = Math.floor(z / 128);
    }
    bytes.push(z);
  }
  return Uint8Array.from(bytes);
}
