import type { SnapshotReader } from '../snapshot/reader.js';

/**
 * Footpath transfers between nearby stops (sections `transfers.*`, written by the builder):
 * stop -> [first, end) into `stops`, `seconds`, `metres`, sorted by walking time. Symmetric up
 * to street one-way rules, so the reverse search uses the same lists.
 */
export class Transfers {
  /** Stop -> [first, end) into stops / seconds / metres. Length stopCount + 1. */
  readonly offsets: Uint32Array;
  /** Stop reached on foot. */
  readonly stops: Uint32Array;
  /** Walking seconds. */
  readonly seconds: Uint32Array;
  /** Walking metres (rounded). */
  readonly metres: Uint32Array;

  constructor(r: SnapshotReader) {
    this.offsets = r.u32('transfers.offsets');
    this.stops = r.u32('transfers.stops');
    this.seconds = r.u32('transfers.seconds');
    this.metres = r.u32('transfers.metres');
  }

  /** Walking metres from stop `a` to stop `b`, or -1 when they are not linked. */
  metresBetween(a: number, b: number): number {
    for (let i = this.offsets[a]; i < this.offsets[a + 1]; i++) if (this.stops[i] === b) return this.metres[i];
    return -1;
  }
}
