import { SnapshotFormatError } from '../errors.js';
import { allocColumn } from '../timetable/alloc-column.js';

/**
 * Section `transfers.packed` (docs/engine.md "Planner"): every stop's footpath targets and metres,
 * Rice-coded in one bit stream (least significant bit first), stop after stop. A stop with
 * footpaths (`transfers.offsets`) gives 5 bits kT, 4 bits kM, then each target as
 * zigzag(target - stop) in Rice(kT), then each metres as the gap from the one before (the list is
 * sorted by walking time, so metres never fall; the first from 0) in Rice(kM). The stream ends
 * with 4 zero bytes, so a 32-bit read never leaves it.
 */
export const PACKED_SECTION = 'transfers.packed';

/**
 * Rice(k) of v: q = floor(v / 2^k) zero bits then a one bit, then the k low bits of v; when
 * q >= ESCAPE_ZEROS, ESCAPE_ZEROS zero bits then v in 32 bits (a far target in a short list).
 */
export const RICE_ESCAPE_ZEROS = 16;
/** Largest Rice parameter of the target deltas (the metres' is at most 15, 4 bits). */
export const RICE_MAX_K = 24;
/** Zero bytes that end the stream. */
export const PACKED_PAD_BYTES = 4;

/** Decoded `transfers.packed`: the columns an older snapshot stored as `transfers.stops` and `.metres`. */
export interface UnpackedFootpaths {
  readonly stops: Uint32Array;
  readonly metres: Uint16Array;
}

/**
 * Decodes `transfers.packed` against `transfers.offsets` into plain columns (shared memory when
 * `shared`): once per snapshot, so the footpath readers index arrays as before. Throws
 * SnapshotFormatError naming the section when the stream is short or decodes out of range.
 */
export function unpackFootpaths(offsets: Uint32Array, packed: Uint8Array, shared: boolean): UnpackedFootpaths {
  const stopCount = offsets.length - 1;
  const footpathCount = stopCount >= 0 ? offsets[stopCount] : 0;
  const endBit = (packed.length - PACKED_PAD_BYTES) * 8;
  // Every footpath takes at least two bits: a larger count is a corrupt section, not an allocation to try.
  if (stopCount < 0 || offsets[0] !== 0 || endBit < 0 || footpathCount * 2 > endBit) {
    throw corrupt(`${packed.length} bytes cannot hold the ${footpathCount} footpaths of transfers.offsets`);
  }
  const stops = allocColumn(Uint32Array, footpathCount, shared);
  const metres = allocColumn(Uint16Array, footpathCount, shared);
  const b = packed;
  // The bit position is a local and a value one window read on the common path: about 40% less CPU at 200 tiles than a reader object with a position field.
  let at = 0;
  for (let s = 0; s < stopCount && at <= endBit; s++) {
    const first = offsets[s], end = offsets[s + 1];
    if (end === first) continue;
    if (end < first || end > footpathCount) throw corrupt(`transfers.offsets fall at stop ${s}`);
    const ks = bitsAt(b, at, 9);
    at += 9;
    const kTarget = ks & 31, kMetres = ks >>> 5;
    if (kTarget > RICE_MAX_K) throw corrupt(`stop ${s} has Rice parameter ${kTarget}`);
    const maskTarget = (1 << kTarget) - 1, maskMetres = (1 << kMetres) - 1;
    for (let i = first; i < end; i++) {
      const w = window(b, at);
      const low = w & ESCAPE_MASK;
      const q = 31 - Math.clz32(low & -low);
      let z: number;
      if (low !== 0 && q + 1 + kTarget <= WINDOW_BITS) {
        z = (q << kTarget) + ((w >>> (q + 1)) & maskTarget);
        at += q + 1 + kTarget;
      } else if (low === 0) {
        z = escaped(b, at);
        at += ESCAPED_BITS;
      } else {
        z = (q << kTarget) + bitsAt(b, at + q + 1, kTarget);
        at += q + 1 + kTarget;
      }
      const target = s + ((z >>> 1) ^ -(z & 1));
      if (target < 0 || target >= stopCount) throw corrupt(`stop ${s} has a footpath to stop ${target}, outside the ${stopCount} stops`);
      stops[i] = target;
    }
    let m = 0;
    for (let i = first; i < end; i++) {
      const w = window(b, at);
      const low = w & ESCAPE_MASK;
      const q = 31 - Math.clz32(low & -low);
      if (low !== 0 && q + 1 + kMetres <= WINDOW_BITS) {
        m += (q << kMetres) + ((w >>> (q + 1)) & maskMetres);
        at += q + 1 + kMetres;
      } else if (low === 0) {
        m += escaped(b, at);
        at += ESCAPED_BITS;
      } else {
        m += (q << kMetres) + bitsAt(b, at + q + 1, kMetres);
        at += q + 1 + kMetres;
      }
      metres[i] = m;
    }
    if (m > 0xffff) throw corrupt(`stop ${s} has a footpath of ${m} m`); // gaps are never negative: the last is the longest
  }
  if (at > endBit) throw corrupt(`the footpaths run past its ${packed.length} bytes (truncated?)`);
  return { stops, metres };
}

function corrupt(why: string): SnapshotFormatError {
  return new SnapshotFormatError(`Section ${PACKED_SECTION} is corrupt: ${why}. Rebuild the snapshot.`);
}

/** Bits a window read holds at least (32 less up to 7 of a byte already read). */
const WINDOW_BITS = 25;
const ESCAPE_MASK = (1 << RICE_ESCAPE_ZEROS) - 1;
/** An escaped value: the zeros, then 32 bits. */
const ESCAPED_BITS = RICE_ESCAPE_ZEROS + 32;

/** WINDOW_BITS or more bits from bit `at` on, lowest first. Past the end it reads zeros (the caller checks the position). */
function window(b: Uint8Array, at: number): number {
  const i = at >>> 3;
  return (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> (at & 7);
}

/** The `k` bits (k <= 24) from bit `at` on, as an unsigned number. */
function bitsAt(b: Uint8Array, at: number, k: number): number {
  return window(b, at) & ((1 << k) - 1);
}

/** The 32-bit value of an escape starting at bit `at`. */
function escaped(b: Uint8Array, at: number): number {
  return (bitsAt(b, at + RICE_ESCAPE_ZEROS, 16) | (bitsAt(b, at + RICE_ESCAPE_ZEROS + 16, 16) << 16)) >>> 0;
}
