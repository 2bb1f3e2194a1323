import type { SnapshotReader } from './reader.js';
import { StringTable, findSorted } from './strings.js';
import { SnapshotFormatError } from '../errors.js';
import { NOT_FOUND } from '../api.js';
import { SlotCache } from '../bounded-cache.js';

/** Trip ids per front-coded block (`trips.idBlockOffsets`): a lookup decodes at most this many. */
export const TRIP_ID_BLOCK = 16;

/**
 * Feed trip_ids by trip index and trips by trip_id. Snapshots store them front-coded in byte
 * order (`trips.idBytes`, blocks of TRIP_ID_BLOCK: the first id whole, then each as the length it
 * shares with the one before and the rest; docs/engine.md) and `trips.byId` (position -> trip);
 * a trip's position in that order is `byId` inverted on first use (snapshots of the sixth
 * session stored it as `trips.idRank`). Older snapshots' `trips.id` (trip -> string) is read
 * through the string table.
 */
export class TripIds {
  private rankColumn: Uint32Array | null;
  private readonly storedRank: boolean;
  /** Position in trip_id byte order -> trip. */
  readonly byId: Uint32Array;
  /** Decoded ids by trip: boards and live matching ask for the same trips again. */
  private readonly cache: SlotCache<string>;
  /** The id being decoded (bytes [0, len)) and the byte of the next entry: a decoding cursor, so lookups allocate no tuples. */
  private scratch = new Uint8Array(64);
  private len = 0;
  private at = 0;
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();

  private constructor(
    byId: Uint32Array,
    rank: Uint32Array | null,
    /** Front-coded form: block -> [first, end) into `bytes`; null for an older snapshot. */
    private readonly blockOffsets: Uint32Array | null,
    private readonly bytes: Uint8Array,
    /** Older snapshots: trip -> string, read through `strings`. */
    private readonly column: Uint32Array | null,
    private readonly strings: StringTable | null,
  ) {
    this.byId = byId;
    this.cache = new SlotCache(byId.length);
    this.rankColumn = rank;
    this.storedRank = rank !== null;
  }

  /** Trip -> its position in trip_id byte order (the boards' tie-break; derived on first use unless the snapshot stores `trips.idRank` or `adopt` gave it). */
  get rank(): Uint32Array {
    return (this.rankColumn ??= this.rankInto(new Uint32Array(this.byId.length)));
  }

  /** Whether the snapshot stores the ranks (`trips.idRank`, sixth-session snapshots). */
  get stored(): boolean {
    return this.storedRank;
  }

  /**
   * Writes each trip's rank (`trips.byId` inverted) into `out` (a value per trip: memory of the
   * caller's, shared for other threads to view) and returns it. Throws SnapshotFormatError unless
   * `trips.byId` is a permutation.
   */
  rankInto(out: Uint32Array): Uint32Array {
    const byId = this.byId;
    const n = byId.length;
    out.fill(n);
    for (let i = 0; i < n; i++) {
      const t = byId[i];
      if (t >= n || out[t] !== n) throw new SnapshotFormatError(`trips.byId is not a permutation of the ${n} trips (position ${i}). Rebuild the snapshot.`);
      out[t] = i;
    }
    return out;
  }

  /** Uses `rank` (derived by another engine over the same snapshot: `rankInto`) instead of deriving it. */
  adopt(rank: Uint32Array): void {
    if (rank.length !== this.byId.length) throw new SnapshotFormatError(`The trip id ranks given have ${rank.length} entries for ${this.byId.length} trips.`);
    this.rankColumn = rank;
  }

  /** The trip ids of a snapshot, front-coded or (older snapshots) as strings. */
  static open(r: SnapshotReader): TripIds {
    const byId = r.u32('trips.byId');
    if (!r.has('trips.idBytes')) {
      const column = r.u32('trips.id');
      if (column.length !== byId.length) throw new SnapshotFormatError(`trips.id has ${column.length} entries and trips.byId ${byId.length}.`);
      return new TripIds(byId, null, null, new Uint8Array(0), column, new StringTable(r.u8('strings.bytes'), r.u32('strings.offsets')));
    }
    const rank = r.has('trips.idRank') ? r.u32('trips.idRank') : null;
    const blocks = r.u32('trips.idBlockOffsets');
    const bytes = r.u8('trips.idBytes');
    if ((rank && rank.length !== byId.length) || blocks.length !== Math.ceil(byId.length / TRIP_ID_BLOCK) + 1 || blocks[blocks.length - 1] !== bytes.length) {
      throw new SnapshotFormatError(`trips.idRank (${rank?.length ?? 'not stored'}), trips.byId (${byId.length}), trips.idBlockOffsets (${blocks.length}) and trips.idBytes (${bytes.length} bytes) do not match. Rebuild the snapshot.`);
    }
    return new TripIds(byId, rank, blocks, bytes, null, null);
  }

  get count(): number {
    return this.byId.length;
  }

  /** The feed trip_id of a trip. */
  get(tripIdx: number): string {
    if (this.column) return this.strings!.get(this.column[tripIdx]);
    return this.cache.get(tripIdx) ?? this.cache.set(tripIdx, this.decodeAt(this.rank[tripIdx]));
  }

  /** Trip with this feed trip_id (exact bytes), or NOT_FOUND. */
  find(tripId: string): number {
    const key = this.encoder.encode(tripId);
    if (this.column) {
      const pos = findSorted(this.strings!, this.column, this.byId, key);
      return pos < 0 ? NOT_FOUND : this.byId[pos];
    }
    const blocks = this.blockOffsets!;
    // The last block whose first id is below key (ids are unique, but equal ids would still be found first), then its ids in order.
    let lo = 0;
    let hi = blocks.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.compareFirst(mid, key) < 0) lo = mid;
      else hi = mid - 1;
    }
    this.at = blocks[lo];
    for (let pos = lo * TRIP_ID_BLOCK; pos < this.byId.length; pos++) {
      this.step(pos % TRIP_ID_BLOCK === 0);
      const c = compareBytes(this.scratch, this.len, key);
      if (c === 0) return this.byId[pos];
      if (c > 0) return NOT_FOUND;
    }
    return NOT_FOUND;
  }

  /** The id at position `pos` of byte order, decoded from its block's start. */
  private decodeAt(pos: number): string {
    const block = Math.floor(pos / TRIP_ID_BLOCK);
    this.at = this.blockOffsets![block];
    for (let p = block * TRIP_ID_BLOCK; p <= pos; p++) this.step(p === block * TRIP_ID_BLOCK);
    return this.decoder.decode(this.scratch.subarray(0, this.len));
  }

  /** Decodes the entry at `this.at` into `scratch` over the id before it (a block's first stands alone) and moves `at` past it. */
  private step(first: boolean): void {
    const shared = first ? 0 : this.varint();
    const rest = this.varint();
    if (shared > this.len) throw new SnapshotFormatError(`trips.idBytes: an id shares ${shared} bytes with one of ${this.len}. Rebuild the snapshot.`);
    const total = shared + rest;
    if (total > this.scratch.length) {
      const grown = new Uint8Array(Math.max(total, this.scratch.length * 2));
      grown.set(this.scratch.subarray(0, shared));
      this.scratch = grown;
    }
    const b = this.bytes;
    for (let i = 0; i < rest; i++) this.scratch[shared + i] = b[this.at + i];
    this.at += rest;
    this.len = total;
  }

  /** The LEB128 unsigned varint at `this.at`, moving past it. */
  private varint(): number {
    const b = this.bytes;
    let v = 0;
    let scale = 1;
    for (;;) {
      const x = b[this.at++];
      v += (x & 0x7f) * scale;
      if (x < 0x80) return v;
      scale *= 128;
    }
  }

  /** Byte comparison of block `block`'s first id (stored whole) with `key`. */
  private compareFirst(block: number, key: Uint8Array): number {
    this.at = this.blockOffsets![block];
    const len = this.varint();
    const at = this.at;
    const n = len < key.length ? len : key.length;
    for (let i = 0; i < n; i++) {
      const d = this.bytes[at + i] - key[i];
      if (d !== 0) return d;
    }
    return len - key.length;
  }
}

/** Byte comparison of a[0, len) with key. */
function compareBytes(a: Uint8Array, len: number, key: Uint8Array): number {
  const n = len < key.length ? len : key.length;
  for (let i = 0; i < n; i++) {
    const d = a[i] - key[i];
    if (d !== 0) return d;
  }
  return len - key.length;
}
