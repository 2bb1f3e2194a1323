import KDBush from 'kdbush';

/** Leaf size of every kd-tree in the snapshot (kdbush's default). */
export const KD_NODE_SIZE = 64;

/**
 * A kdbush index over sections of the snapshot, without copying. kdbush's own `from()` needs
 * the index at offset 0 of its own buffer; here ids and coordinates are two sections of the
 * shared snapshot buffer, so the instance is assembled the way kdbush's constructor does it.
 * Ids are always u32 in the snapshot; coordinates are f64 [lon0, lat0, lon1, lat1, ...].
 */
export function kdView(ids: Uint32Array, coords: Float64Array): KDBush {
  const index = Object.create(KDBush.prototype) as KDBush & Record<string, unknown>;
  Object.assign(index, {
    numItems: ids.length,
    nodeSize: KD_NODE_SIZE,
    ArrayType: Float64Array,
    IndexArrayType: Uint32Array,
    data: ids.buffer,
    ids,
    coords,
    _pos: ids.length * 2,
    _finished: true,
  });
  return index;
}
