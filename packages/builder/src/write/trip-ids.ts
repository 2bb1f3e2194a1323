import { TRIP_ID_BLOCK } from '@transit/engine';
import { sortedStrings } from './string-pool.js';

/** The `trips.id*` sections (engine snapshot/trip-ids.ts): trip ids front-coded in byte order. */
export interface CompiledTripIds {
  /** Position in byte order -> trip. */
  byId: Uint32Array;
  /** Block of TRIP_ID_BLOCK ids -> [first, end) into `bytes`. Length blocks + 1. */
  blockOffsets: Uint32Array;
  /** Per block: the first id as varint length + bytes, then each id as varint shared prefix length, varint rest length, rest bytes. */
  bytes: Uint8Array;
}

/** Front-codes trip ids (by trip index) in UTF-8 byte order, in blocks of TRIP_ID_BLOCK. */
export function compileTripIds(ids: readonly string[]): CompiledTripIds {
  const n = ids.length;
  const byId = sortedStrings(ids);
  let bound = 0;
  for (const id of ids) bound += Buffer.byteLength(id, 'utf8') + 2 * MAX_VARINT;
  const out = Buffer.alloc(bound);
  const blockOffsets = new Uint32Array(Math.ceil(n / TRIP_ID_BLOCK) + 1);
  let prev = Buffer.alloc(0);
  let at = 0;
  for (let pos = 0; pos < n; pos++) {
    const id = Buffer.from(ids[byId[pos]], 'utf8');
    if (pos % TRIP_ID_BLOCK === 0) {
      blockOffsets[pos / TRIP_ID_BLOCK] = at;
      at = writeVarint(out, at, id.length);
      at += id.copy(out, at);
    } else {
      const limit = Math.min(prev.length, id.length);
      let shared = 0;
      while (shared < limit && prev[shared] === id[shared]) shared++;
      at = writeVarint(out, at, shared);
      at = writeVarint(out, at, id.length - shared);
      at += id.copy(out, at, shared);
    }
    prev = id;
  }
  blockOffsets[blockOffsets.length - 1] = at;
  return { byId, blockOffsets, bytes: Uint8Array.from(out.subarray(0, at)) };
}

/** Bytes of a LEB128 varint below 2^32. */
const MAX_VARINT = 5;

function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 128);
  }
  out[at++] = v;
  return at;
}
