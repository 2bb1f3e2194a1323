type Ctor<T> = { new (length: number): T; readonly BYTES_PER_ELEMENT: number };
type Column = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/**
 * Bytes per chunk: 32 MiB, glibc's largest mmap threshold, so every chunk is mapped on its own
 * and handed back to the system when dropped. Smaller chunks, once one was freed, came from the
 * malloc heap and left holes that RSS kept after the column was dropped (32 tiles: ~120 MiB
 * after shapes.txt). Pages of a chunk not yet written are not resident, so a short column costs
 * no more than its values.
 */
const CHUNK_BYTES = 1 << 25;

/**
 * An append-only typed column in fixed chunks: it never copies what it holds, where a doubling
 * array peaks at three times its rows while it grows. For the big parse tables (shape points,
 * footpaths), read back by index.
 */
export class ChunkedColumn<T extends Column> {
  private readonly chunks: T[] = [];
  private last: T;
  private readonly bits: number;
  private readonly mask: number;
  length = 0;

  constructor(private readonly ctor: Ctor<T>) {
    this.last = new ctor(0);
    this.bits = Math.log2(CHUNK_BYTES / ctor.BYTES_PER_ELEMENT);
    this.mask = (1 << this.bits) - 1;
  }

  push(value: number): void {
    const at = this.length & this.mask;
    if (at === 0) {
      this.last = new this.ctor(this.mask + 1);
      this.chunks.push(this.last);
    }
    this.last[at] = value;
    this.length++;
  }

  /** The values in one exact-size typed array (the chunks stay until the column is dropped). */
  toArray(): T {
    const out = new this.ctor(this.length);
    const chunkLength = this.mask + 1;
    let at = 0;
    for (const chunk of this.chunks) {
      const n = Math.min(chunkLength, this.length - at);
      (out as Uint8Array).set((chunk as Uint8Array).subarray(0, n), at);
      at += n;
    }
    return out;
  }

  /** Value at row i (0 <= i < length). */
  get(i: number): number {
    return this.chunks[i >>> this.bits][i & this.mask];
  }
}

export const chunkedU32 = () => new ChunkedColumn(Uint32Array);
export const chunkedI32 = () => new ChunkedColumn(Int32Array);
export const chunkedU8 = () => new ChunkedColumn(Uint8Array);
export const chunkedU16 = () => new ChunkedColumn(Uint16Array);
export const chunkedF64 = () => new ChunkedColumn(Float64Array);
