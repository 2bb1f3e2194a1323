type Ctor<T> = { new (length: number): T };
type Column = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;

/**
 * An append-only typed column in fixed chunks of 65,536 values: it never copies what it holds
 * and wastes at most one chunk, where a doubling array peaks at three times its rows while it
 * grows. For the big parse tables (stop times, shape points), read back by index.
 */
export class ChunkedColumn<T extends Column> {
  private readonly chunks: T[] = [];
  private last: T;
  length = 0;

  constructor(private readonly ctor: Ctor<T>) {
    this.last = new ctor(0);
  }

  push(value: number): void {
    const at = this.length & MASK;
    if (at === 0) {
      this.last = new this.ctor(CHUNK);
      this.chunks.push(this.last);
    }
    this.last[at] = value;
    this.length++;
  }

  /** The values in one exact-size typed array (the chunks stay until the column is dropped). */
  toArray(): T {
    const out = new this.ctor(this.length);
    let at = 0;
    for (const chunk of this.chunks) {
      const n = Math.min(CHUNK, this.length - at);
      (out as Uint8Array).set((chunk as Uint8Array).subarray(0, n), at);
      at += n;
    }
    return out;
  }

  /** Value at row i (0 <= i < length). */
  get(i: number): number {
    return this.chunks[i >>> CHUNK_BITS][i & MASK];
  }
}

export const chunkedU32 = () => new ChunkedColumn(Uint32Array);
export const chunkedI32 = () => new ChunkedColumn(Int32Array);
export const chunkedU8 = () => new ChunkedColumn(Uint8Array);
export const chunkedU16 = () => new ChunkedColumn(Uint16Array);
export const chunkedF64 = () => new ChunkedColumn(Float64Array);
