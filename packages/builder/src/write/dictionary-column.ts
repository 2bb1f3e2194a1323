import type { SnapshotWriter } from './snapshot-writer.js';

/**
 * Writes a u32 column of few distinct values as a dictionary: `<name>Keys` (u8 up to 256
 * distinct values, else u16; row -> key) and `<name>Values` (u32, key -> value, ascending), when
 * that is smaller than `<name>` itself, else `<name>` (engine stops/stop-strings.ts reads both).
 */
export function addDictionaryColumn(w: SnapshotWriter, name: string, column: Uint32Array): void {
  const distinct = Uint32Array.from(new Set(column)).sort();
  const keyBytes = distinct.length <= 0x100 ? 1 : 2;
  if (distinct.length > 0x10000 || keyBytes * column.length + 4 * distinct.length >= 4 * column.length) {
    w.add(name, column);
    return;
  }
  const keyOf = new Map<number, number>();
  distinct.forEach((v, k) => keyOf.set(v, k));
  const keys = keyBytes === 1 ? new Uint8Array(column.length) : new Uint16Array(column.length);
  for (let i = 0; i < column.length; i++) keys[i] = keyOf.get(column[i])!;
  w.add(`${name}Keys`, keys).add(`${name}Values`, distinct);
}
