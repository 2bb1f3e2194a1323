export type ColumnType<T> = { new (buffer: ArrayBufferLike): T; readonly BYTES_PER_ELEMENT: number };

/** A zeroed typed array of `length` values, over a SharedArrayBuffer when `shared` (for other threads to view: Engine.open's `tables`). */
export function allocColumn<T>(type: ColumnType<T>, length: number, shared: boolean): T {
  const bytes = length * type.BYTES_PER_ELEMENT;
  return new type(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

type WorkspaceColumn = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/**
 * A column of `a`'s type and `length` values holding `a`'s first `keep` (default: as many as fit),
 * the rest zero: how a workspace grows or shrinks (cursor, candidate and label columns).
 */
export function resizedColumn<T extends WorkspaceColumn>(a: T, length: number, keep = Math.min(a.length, length)): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(keep === a.length ? a : a.subarray(0, keep));
  return out;
}

/** The next power-of-two multiple of `size` holding `need`. */
export function grownSize(size: number, need: number): number {
  let s = Math.max(size, 1);
  while (s < need) s *= 2;
  return s;
}
