export type ColumnType<T> = { new (buffer: ArrayBufferLike): T; readonly BYTES_PER_ELEMENT: number };

/** A zeroed typed array of `length` values, over a SharedArrayBuffer when `shared` (for other threads to view: Engine.open's `tables`). */
export function allocColumn<T>(type: ColumnType<T>, length: number, shared: boolean): T {
  const bytes = length * type.BYTES_PER_ELEMENT;
  return new type(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}
