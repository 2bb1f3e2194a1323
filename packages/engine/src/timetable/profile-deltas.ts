import { SnapshotFormatError } from '../errors.js';

/**
 * Running-time profiles as varint deltas (`times.profileDeltas`, docs/engine.md): the values of
 * `times.profiles` in the same order, each as its difference from the value P before it in its
 * pattern (the same profile's previous row; 0 before the pattern's first row), where P is the
 * pattern's profile count. Most differences are a stop's running time or dwell, whole minutes
 * on most feeds: a difference d that is a multiple of 60 is written as zigzag(d / 60) * 2 + 1,
 * any other as zigzag(d) * 2, in LEB128 (7 bits a byte, low first). Under 32 minutes or 32
 * seconds takes one byte, where `times.profiles` took four.
 */

/** Bytes of one delta at most (values of `times.profiles` are i32: a tagged zigzag below 2^34). */
export const PROFILE_DELTA_MAX_BYTES = 5;

/** Writes `delta` (an integer difference of two i32 seconds) at `at`; returns the end. out must have PROFILE_DELTA_MAX_BYTES from `at`. */
export function writeProfileDelta(out: Uint8Array, at: number, delta: number): number {
  const minutes = delta % 60 === 0;
  const d = minutes ? delta / 60 : delta;
  // Arithmetic, not bit operations: the tagged value may pass 2^31.
  let v = (d >= 0 ? 2 * d : -2 * d - 1) * 2 + (minutes ? 1 : 0);
  while (v >= 0x80) {
    out[at++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[at++] = v;
  return at;
}

/**
 * Decodes `count` values of one pattern (P = `stride` profiles) from bytes[at..] into
 * out[0, count): value j = out[j - stride] (0 for j < stride) + its delta. Returns the end.
 * Throws SnapshotFormatError naming `times.profileDeltas` when the bytes end inside a value.
 */
export function readProfileDeltas(bytes: Uint8Array, at: number, out: Int32Array, count: number, stride: number): number {
  const end = bytes.length;
  for (let j = 0; j < count; j++) {
    if (at >= end) throw truncated(at);
    let b = bytes[at++];
    let v = b & 0x7f;
    // Four bytes (28 bits) in integer arithmetic; a fifth only for differences past 2^26 seconds.
    for (let shift = 7; b >= 0x80; shift += 7) {
      if (at >= end || shift > 28) throw truncated(at);
      b = bytes[at++];
      v = shift < 28 ? v | ((b & 0x7f) << shift) : v + (b & 0x7f) * 2 ** 28;
    }
    let d: number;
    if (v <= 0x3fffffff) {
      const z = v >> 1;
      d = (z >>> 1) ^ -(z & 1);
      if (v & 1) d *= 60;
    } else {
      const tag = v % 2;
      const z = (v - tag) / 2;
      d = (z % 2 === 0 ? z / 2 : -(z + 1) / 2) * (tag ? 60 : 1);
    }
    out[j] = (j >= stride ? out[j - stride] : 0) + d;
  }
  return at;
}

function truncated(at: number): SnapshotFormatError {
  return new SnapshotFormatError(`times.profileDeltas ends inside a value, or holds one of more than ${PROFILE_DELTA_MAX_BYTES} bytes, at byte ${at}.`);
}
