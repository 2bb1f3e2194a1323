import { SnapshotFormatError } from '../errors.js';
import type { SnapshotReader } from '../snapshot/reader.js';
import { allocColumn } from '../timetable/alloc-column.js';

/**
 * Stop string columns the builder may store as a dictionary (most have few distinct values:
 * bearings, indicators, localities, streets, names): `stops.<column>Keys` (u8 or u16, stop ->
 * key) and `stops.<column>Values` (u32, key -> string), instead of `stops.<column>` (u32, stop
 * -> string). ATCO and NaPTAN codes are one a stop, so never.
 */
export const STOP_DICTIONARY_COLUMNS = ['name', 'shortName', 'indicator', 'street', 'locality', 'town', 'bearing', 'localityCode', 'towards', 'towardsNext'] as const;
export type StopDictionaryColumn = (typeof STOP_DICTIONARY_COLUMNS)[number];
/** Stop string columns an engine derived at open from dictionaries, by column; those the snapshot stores whole are absent. */
export type StopStringColumns = Partial<Record<StopDictionaryColumn, Uint32Array>>;

/**
 * Stop -> string index of `stops.<column>`: the section itself when the snapshot stores it
 * whole, else `given` (another engine's, checked for length), else expanded from its dictionary
 * (into shared memory when `shared`). Keys past the values are a SnapshotFormatError naming the section.
 */
export function stopStringColumn(r: SnapshotReader, column: StopDictionaryColumn, count: number, given: Uint32Array | undefined, shared: boolean): { values: Uint32Array; derived: boolean } {
  const name = `stops.${column}`;
  if (r.has(name) || !r.has(`${name}Keys`)) return { values: r.u32(name), derived: false };
  if (given) {
    if (given.length !== count) throw new SnapshotFormatError(`The ${name} given to Engine.open has ${given.length} entries for the snapshot's ${count} stops: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    return { values: given, derived: true };
  }
  const keys = r.any(`${name}Keys`);
  const dictionary = r.u32(`${name}Values`);
  if (!(keys instanceof Uint8Array || keys instanceof Uint16Array) || keys.length !== count) throw new SnapshotFormatError(`${name}Keys must be u8 or u16 with an entry for each of the ${count} stops.`);
  const values = allocColumn(Uint32Array, count, shared);
  for (let i = 0; i < count; i++) {
    const k = keys[i];
    if (k >= dictionary.length) throw new SnapshotFormatError(`${name}Keys holds ${k} at stop ${i}, past the ${dictionary.length} strings of ${name}Values.`);
    values[i] = dictionary[k];
  }
  return { values, derived: true };
}
