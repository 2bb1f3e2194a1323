import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import { walkSeconds } from './planner-api.js';
import { allocColumn } from '../timetable/alloc-column.js';
import { PACKED_SECTION, unpackFootpaths } from './packed-footpaths.js';

/**
 * The footpath columns a snapshot's `transfers.*` sections decode to at open (shared memory when
 * derived for other threads: Engine.open's `tables`), indexed like `transfers.offsets`.
 */
export interface FootpathColumns {
  /** Stop reached on foot. */
  readonly stops: Uint32Array;
  /** Walking metres (rounded). */
  readonly metres: Uint16Array;
  /** Walking seconds of the unrounded walk. */
  readonly seconds: Uint16Array;
}

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
  /** Whether every footpath has its way back in the same seconds: `symmetric` as the builder found, else checked over the lists once (`walksSymmetric`). */
  get isSymmetric(): boolean {
    return (this.symmetricChecked ??= this.symmetric ?? walksSymmetric(this.offsets.length - 1, this));
  }
  private symmetricChecked: boolean | undefined;

  /**
   * `columns`: the footpath columns another engine over the same snapshot derived
   * (`footpathColumnsOf`, shared memory: Engine.open's `tables`), viewed instead of derived here.
   */
  constructor(r: SnapshotReader, columns: FootpathColumns | null = null) {
    this.offsets = r.u32('transfers.offsets');
    this.symmetric = r.has('transfers.symmetric') ? r.u8('transfers.symmetric')[0] === 1 : null;
    const count = this.offsets[this.offsets.length - 1];
    if (columns && (columns.stops.length !== count || columns.metres.length !== count || columns.seconds.length !== count)) {
      throw new SnapshotFormatError(`The footpath columns given to Engine.open (${columns.stops.length}) do not fit this snapshot's ${count} footpaths: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
    }
    const c = columns ?? footpathColumnsOf(r, false);
    this.stops = c.stops;
    this.metres = c.metres;
    this.seconds = c.seconds;
  }

  /** Walking metres from stop `a` to stop `b`, or -1 when they are not linked. */
  metresBetween(a: number, b: number): number {
    for (let i = this.offsets[a]; i < this.offsets[a + 1]; i++) if (this.stops[i] === b) return this.metres[i];
    return -1;
  }
}

/**
 * A snapshot's footpath columns (in shared memory when `shared`): `transfers.packed` decoded, the
 * seconds derived from the metres and `.secondsFix`. Snapshots before the packed footpaths store
 * `transfers.stops` and `.metres` (viewed); those before the seconds fix u32 `.seconds` and
 * `.metres` (copied to u16).
 */
export function footpathColumnsOf(r: SnapshotReader, shared: boolean): FootpathColumns {
  if (!r.has('transfers.secondsFix')) {
    return { stops: r.u32('transfers.stops'), metres: copyU16(r.u32('transfers.metres'), shared), seconds: copyU16(r.u32('transfers.seconds'), shared) };
  }
  const { stops, metres } = r.has(PACKED_SECTION) ? unpackFootpaths(r.u32('transfers.offsets'), r.u8(PACKED_SECTION), shared) : { stops: r.u32('transfers.stops'), metres: r.u16('transfers.metres') };
  const fixes = r.u8('transfers.secondsFix');
  if (metres.length !== stops.length || fixes.length !== Math.ceil(metres.length / 4)) {
    throw new SnapshotFormatError(`transfers.metres (${metres.length}) and transfers.secondsFix (${fixes.length} bytes) do not match transfers.stops (${stops.length}). Rebuild the snapshot.`);
  }
  return { stops, metres, seconds: secondsOf(metres, fixes, shared) };
}

/** Older snapshots' u32 seconds and metres (at most 800 m, so u16 holds them). */
function copyU16(values: Uint32Array, shared: boolean): Uint16Array {
  const out = allocColumn(Uint16Array, values.length, shared);
  out.set(values);
  return out;
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

/**
 * Whether every footpath s -> t has a footpath t -> s of the same seconds (then the footpaths into
 * a stop are those out of it, with the same weights, and a Dijkstra over either finds the same
 * bounds). Exact; O(footpaths x log(row)) when each row is sorted by seconds (the builder sorts by
 * walking time), and false without looking further when a row is not.
 */
export function walksSymmetric(nodeCount: number, walks: Pick<Transfers, 'offsets' | 'stops' | 'seconds'>): boolean {
  const { offsets, stops, seconds } = walks;
  for (let s = 0; s < nodeCount; s++) for (let i = offsets[s] + 1; i < offsets[s + 1]; i++) if (seconds[i] < seconds[i - 1]) return false;
  for (let s = 0; s < nodeCount; s++) {
    for (let i = offsets[s]; i < offsets[s + 1]; i++) {
      const t = stops[i], w = seconds[i];
      // The first entry of row t at w or more, then the entries at exactly w: s must be among them.
      let lo = offsets[t], hi = offsets[t + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (seconds[mid] < w) lo = mid + 1;
        else hi = mid;
      }
      while (lo < offsets[t + 1] && seconds[lo] === w && stops[lo] !== s) lo++;
      if (lo === offsets[t + 1] || seconds[lo] !== w) return false;
    }
  }
  return true;
}
