/**
 * Lists as CSR (compressed sparse rows): `offsets` has length lists.length + 1 and list i is
 * values[offsets[i], offsets[i + 1]). Values are stored as u32.
 */
export function csr(lists: readonly (readonly number[])[]): { offsets: Uint32Array; values: Uint32Array } {
  const n = lists.length;
  const offsets = new Uint32Array(n + 1);
  lists.forEach((l, i) => (offsets[i + 1] = offsets[i] + l.length));
  const values = new Uint32Array(offsets[n]);
  lists.forEach((l, i) => values.set(l, offsets[i]));
  return { offsets, values };
}
