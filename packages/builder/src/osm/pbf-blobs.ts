import { inflateSync } from 'node:zlib';
import { BuildError } from '../issues.js';
import type { ByteSource } from './byte-source.js';
import { pbfTypes, type Blob, type BlobHeader, type HeaderBlock } from './pbf-schema.js';

/** Limits from the PBF specification: a BlobHeader under 64 KiB, a Blob under 32 MiB. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;
/** Required features this reader understands; anything else (e.g. HistoricalInformation) is refused. */
const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);

/** Where one data blob lies in the file, so a later pass can read it again without scanning. */
export interface BlobRef {
  /** Byte offset of the Blob message (after its BlobHeader). */
  offset: number;
  /** Bytes of the Blob message. */
  size: number;
}

/** A failure naming the input and what is wrong with it, for a user who passed the wrong file. */
export function pbfError(source: ByteSource, detail: string): BuildError {
  return new BuildError(`${source.name} is not a readable OpenStreetMap PBF file: ${detail}.`);
}

/**
 * Every OSMData blob of the file, in order, decompressed. The file must start with an OSMHeader
 * blob whose required features are supported. Streams blob by blob: memory is one blob.
 */
export async function* dataBlobs(source: ByteSource): AsyncGenerator<{ ref: BlobRef; block: Uint8Array }> {
  let pos = 0;
  let first = true;
  if (source.size === 0) throw pbfError(source, 'the file is empty');
  while (pos < source.size) {
    const lenBytes = await source.read(pos, 4);
    if (lenBytes.length < 4) throw pbfError(source, `truncated blob header length at byte ${pos}`);
    const headerLen = ((lenBytes[0] << 24) | (lenBytes[1] << 16) | (lenBytes[2] << 8) | lenBytes[3]) >>> 0;
    if (headerLen === 0 || headerLen > MAX_HEADER_BYTES) throw pbfError(source, `blob header length ${headerLen} at byte ${pos} is outside 1..${MAX_HEADER_BYTES}`);
    const headerBytes = await source.read(pos + 4, headerLen);
    if (headerBytes.length < headerLen) throw pbfError(source, `truncated blob header at byte ${pos + 4}`);
    const header = decode<BlobHeader>(source, () => pbfTypes().BlobHeader.decode(headerBytes), `blob header at byte ${pos + 4}`);
    if (header.datasize <= 0 || header.datasize > MAX_BLOB_BYTES) throw pbfError(source, `blob size ${header.datasize} at byte ${pos + 4} is outside 1..${MAX_BLOB_BYTES}`);
    const ref = { offset: pos + 4 + headerLen, size: header.datasize };
    if (ref.offset + ref.size > source.size) throw pbfError(source, `blob at byte ${ref.offset} runs past the end of the file (truncated download?)`);
    pos = ref.offset + ref.size;
    if (first) {
      if (header.type !== 'OSMHeader') throw pbfError(source, `the first blob is ${JSON.stringify(header.type)}, expected "OSMHeader"`);
      checkHeader(source, await readBlob(source, ref));
      first = false;
    } else if (header.type === 'OSMData') {
      yield { ref, block: await readBlob(source, ref) };
    } // other blob types are skipped, as the specification asks
  }
}

/** Reads and decompresses one blob. */
export async function readBlob(source: ByteSource, ref: BlobRef): Promise<Uint8Array> {
  const bytes = await source.read(ref.offset, ref.size);
  if (bytes.length < ref.size) throw pbfError(source, `truncated blob at byte ${ref.offset}`);
  const blob = decode<Blob>(source, () => pbfTypes().Blob.decode(bytes), `blob at byte ${ref.offset}`);
  if (blob.raw && blob.raw.length) return blob.raw.slice();
  if (blob.zlib_data && blob.zlib_data.length) {
    let out: Uint8Array;
    try {
      out = inflateSync(blob.zlib_data);
    } catch (err) {
      throw pbfError(source, `blob at byte ${ref.offset} does not inflate (${(err as Error).message})`);
    }
    if (blob.raw_size !== undefined && blob.raw_size !== null && out.length !== blob.raw_size) throw pbfError(source, `blob at byte ${ref.offset} inflates to ${out.length} bytes, header says ${blob.raw_size}`);
    return out;
  }
  const kind = blob.lzma_data ? 'LZMA' : blob.lz4_data ? 'LZ4' : blob.zstd_data ? 'Zstandard' : blob.OBSOLETE_bzip2_data ? 'bzip2' : null;
  if (kind) throw new BuildError(`${source.name}: blob at byte ${ref.offset} is ${kind}-compressed; only zlib is supported. Re-encode it: osmium cat IN -o OUT.osm.pbf -f pbf,pbf_compression=zlib`);
  throw pbfError(source, `blob at byte ${ref.offset} holds no data`);
}

function checkHeader(source: ByteSource, bytes: Uint8Array): void {
  const header = decode<HeaderBlock>(source, () => pbfTypes().HeaderBlock.decode(bytes), 'OSMHeader block');
  const missing = header.required_features.filter((f) => !SUPPORTED_FEATURES.has(f));
  if (missing.length) throw new BuildError(`${source.name} requires OSM PBF features this builder does not read: ${missing.join(', ')} (a history file? use a current extract).`);
}

/** Runs a protobufjs decode, turning its exceptions into a BuildError naming the input. */
export function decode<T>(source: ByteSource, run: () => unknown, what: string): T {
  try {
    return run() as T;
  } catch (err) {
    throw pbfError(source, `${what} does not decode (${(err as Error).message})`);
  }
}
