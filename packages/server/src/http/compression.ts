import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** A content coding the server can answer in. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Bodies shorter than this are sent as they are (compression would not pay for itself). */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The coding to answer in for an `Accept-Encoding` header: brotli, else gzip, when the client
 * accepts it with a non-zero q (an explicit `*` counts), else identity.
 */
export function chooseCoding(acceptEncoding: string): Coding {
  if (!acceptEncoding) return 'identity';
  let br = -1;
  let gzip = -1;
  let star = -1;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'br') br = weight;
    else if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') star = weight;
  }
  if (br < 0) br = star;
  if (gzip < 0) gzip = star;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** Fast settings: brotli quality 4, gzip level 5. */
const brotliOptions = (input: Buffer): BrotliOptions => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } });
const GZIP_OPTIONS: ZlibOptions = { level: 5 };

/** Compresses `text` in `coding` (fast settings: brotli quality 4, gzip level 5). */
export function compress(text: string, coding: 'br' | 'gzip'): Buffer {
  const input = Buffer.from(text, 'utf8');
  return coding === 'br' ? brotliCompressSync(input, brotliOptions(input)) : gzipSync(input, GZIP_OPTIONS);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** compress() off the event loop (zlib's thread pool), for start-up work done in parallel. */
export function compressAsync(input: Buffer, coding: 'br' | 'gzip'): Promise<Buffer> {
  return coding === 'br' ? brotliAsync(input, brotliOptions(input)) : gzipAsync(input, GZIP_OPTIONS);
}
