import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import { walkSeconds } from './planner-api.js';
import { allocColumn } from '../timetable/alloc-column.js';

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
  /** Walking seconds, derived at open from the metres and `transfers.secondsFix`. */
  readonly seconds: Uint16Array;
  /** Walking metres (rounded). */
  readonly metres: Uint16Array;
  /**
   * Whether every footpath s -> t has a footpath t -> s of the same seconds, as the builder found
   * (section `transfers.symmetric`), or null when the snapshot does not say (TargetBounds checks).
   */
  readonly symmetric: boolean | null;

  /**
   * `seconds`: the footpath seconds another engine over the same snapshot derived
   * (`footpathSecondsOf`, shared memory: Engine.open's `tables`), viewed instead of derived here.
   */
  constructor(r: SnapshotReader, seconds: Uint16Array | null = null) {
    this.offsets = r.u32('transfers.offsets');
    this.stops = r.u32('transfers.stops');
    this.symmetric = r.has('transfers.symmetric') ? r.u8('transfers.symmetric')[0] === 1 : null;
    if (r.has('transfers.secondsFix')) {
      this.metres = r.u16('transfers.metres');
      if (seconds && seconds.length !== this.stops.length) throw new SnapshotFormatError(`The footpath seconds given to Engine.open (${seconds.length}) do not fit this snapshot's ${this.stops.length} footpaths: pass the tables of an engine over the same snapshot (engine.sharedTables).`);
      this.seconds = seconds ?? footpathSecondsOf(r, false)!;
    } else {
      // Snapshots written before the u16 footpaths: u32 seconds and metres (at most 800 m, so u16 holds them).
      this.metres = Uint16Array.from(r.u32('transfers.metres'));
      this.seconds = Uint16Array.from(r.u32('transfers.seconds'));
    }
  }

  /** Walking metres from stop `a` to stop `b`, or -1 when they are not linked. */
  metresBetween(a: number, b: number): number {
    for (let i = this.offsets[a]; i < this.offsets[a + 1]; i++) if (this.stops[i] === b) return this.metres[i];
    return -1;
  }
}

/**
 * The seconds of a snapshot's footpaths, derived from `transfers.metres` and `.secondsFix` (in
 * shared memory when `shared`), or null when the snapshot stores them (older snapshots).
 */
export function footpathSecondsOf(r: SnapshotReader, shared: boolean): Uint16Array | null {
  if (!r.has('transfers.secondsFix')) return null;
  const metres = r.u16('transfers.metres');
  const fixes = r.u8('transfers.secondsFix');
  if (metres.length !== r.u32('transfers.stops').length || fixes.length !== Math.ceil(metres.length / 4)) {
    throw new SnapshotFormatError(`transfers.metres (${metres.length}) and transfers.secondsFix (${fixes.length} bytes) do not match transfers.stops (${r.u32('transfers.stops').length}). Rebuild the snapshot.`);
  }
  return secondsOf(metres, fixes, shared);
}

/**
 * Seconds of each footpath: walkSeconds(metres) + fix - 1, the fix two bits a footpath (four a
 * byte, first in the low bits) carrying what rounding the metres lost. One table lookup each.
 */
function secondsOf(metres: Uint16Array, fixes: Uint8Array, shared: boolean): Uint16Array {
  let most = 0;
  for (let i = 0; i < metres.length; i++) if (metres[i] > most) most = metres[i];
  const table = new Uint16Array(most + 1);
  for (let m = 0; m <= most; m++) table[m] = walkSeconds(m);
  const seconds = allocColumn(Uint16Array, metres.length, shared);
  for (let i = 0; i < metres.length; i++) seconds[i] = table[metres[i]] + ((fixes[i >>> 2] >>> ((i & 3) << 1)) & 3) - 1;
  return seconds;
}
