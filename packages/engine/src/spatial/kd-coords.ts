import { SnapshotFormatError } from '../errors.js';
import type { SnapshotReader } from '../snapshot/reader.js';
import { allocColumn } from '../timetable/alloc-column.js';

/**
 * A kd-tree's coordinates (lon, lat pairs in tree order, kdbush's `coords`) given or derived:
 * snapshots since the sixth session store only the tree's ids (`<table>.kdIds`), whose points'
 * positions are already in the table's own columns, and an engine derives the pairs at open.
 * Returns `stored` (the `<table>.kdCoords` section of an older snapshot) when there is one, else
 * `given` (another engine's, checked for length), else the pairs `fill` writes for the ids (into
 * shared memory when `shared`); an id of `count` or more is a SnapshotFormatError. Exactly the doubles the builder gave kdbush, so
 * every range query answers as with the stored section.
 */
export function kdCoordsOf(r: SnapshotReader, table: string, ids: Uint32Array, count: number, fill: (ids: Uint32Array, out: Float64Array) => void, given: Float64Array | undefined, shared: boolean): { coords: Float64Array; derived: boolean } {
  const section = `${table}.kdCoords`;
  if (r.has(section)) return { coords: r.f64(section), derived: false };
  if (given) {
    if (given.length !== 2 * ids.length) throw new SnapshotFormatError(`The ${section} given to Engine.open hold ${given.length / 2} points for the snapshot's ${ids.length} ${table}.kdIds: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    return { coords: given, derived: true };
  }
  for (let i = 0; i < ids.length; i++) if (ids[i] >= count) throw new SnapshotFormatError(`${table}.kdIds holds ${ids[i]} at ${i}, past the ${count} points it indexes.`);
  const coords = allocColumn(Float64Array, 2 * ids.length, shared);
  fill(ids, coords);
  return { coords, derived: true };
}

/** Writes the lon, lat pair of point ids[i] at out[2i], out[2i + 1] (a fill of kdCoordsOf over two position columns). */
export function fillFromColumns(lat: Float64Array, lon: Float64Array): (ids: Uint32Array, out: Float64Array) => void {
  return (ids, out) => {
    for (let i = 0; i < ids.length; i++) {
      out[2 * i] = lon[ids[i]];
      out[2 * i + 1] = lat[ids[i]];
    }
  };
}
