type Ctor<T> = { new (length: number): T };

/** An append-only typed column that doubles its capacity; for streaming millions of rows without per-row objects. */
export class Growable<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array | Float32Array> {
  private data: T;
  length = 0;

  constructor(
    private readonly ctor: Ctor<T>,
    capacity = 1024,
  ) {
    this.data = new ctor(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new this.ctor(this.data.length * 2);
      next.set(this.data as never);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i];
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  /** A view of the filled part (shares memory until the next push). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** A copy of `a` with room for `length` values (a column grown by hand, where a Growable would cost a call per value). */
export function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array | Float32Array>(a: T, length: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a as never);
  return out;
}

export const growU32 = () => new Growable(Uint32Array);
export const growI32 = () => new Growable(Int32Array);
export const growU8 = () => new Growable(Uint8Array);
export const growF64 = () => new Growable(Float64Array);
