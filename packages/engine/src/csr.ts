/**
 * The middle step of building a CSR index by counting (count per key, prefix sum, fill), in place:
 * on entry `offsets[k + 1]` holds key k's count (offsets[0] is 0); on return `offsets[k]` is key
 * k's first slot and `offsets[keyCount]` the total. Returns the fill cursors, a copy of the first
 * slots that the fill pass advances (`values[cursor[key]++] = value`): 4 bytes a key.
 */
export function countsToOffsets(offsets: Uint32Array): Uint32Array {
  const keyCount = offsets.length - 1;
  for (let k = 0; k < keyCount; k++) offsets[k + 1] += offsets[k];
  return offsets.slice(0, keyCount);
}
