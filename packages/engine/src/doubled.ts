/** A typed array of twice `a`'s length starting with `a`'s values (growing a search's workspace). */
export function doubled<T extends Int32Array | Uint32Array | Float64Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}
