import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import { NONE } from '../snapshot/format.js';

/**
 * Readers of the fare sections, which a snapshot may lack (built before fares existed, or with
 * none): a missing section reads as an empty column, or as `empty` zeros, or NONE-filled.
 */
export function optionalSections(r: SnapshotReader) {
  return {
    u32: (name: string, empty = 0) => (r.has(name) ? r.u32(name) : new Uint32Array(empty)),
    i32: (name: string) => (r.has(name) ? r.i32(name) : new Int32Array(0)),
    u8: (name: string) => (r.has(name) ? r.u8(name) : new Uint8Array(0)),
    /** A per-route (or per-stop) column that reads as `length` NONEs when missing. */
    u32OrNone: (name: string, length: number) => (r.has(name) ? r.u32(name) : new Uint32Array(length).fill(NONE)),
  };
}

/** Throws SnapshotFormatError unless section `name` has `wanted` entries. */
export function expectEntries(name: string, actual: number, wanted: number): void {
  if (actual !== wanted) throw new SnapshotFormatError(`Section ${name} has ${actual} entries, expected ${wanted}.`);
}
