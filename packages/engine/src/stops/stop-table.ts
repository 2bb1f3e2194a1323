import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import { findSorted } from '../snapshot/strings.js';
import type { Stop, StopType } from '../api.js';
import { NOT_FOUND } from '../api.js';
import { stopStringColumn, type StopDictionaryColumn, type StopStringColumns } from './stop-strings.js';

/** stops.type codes. */
export const STOP_TYPE_CODES: readonly StopType[] = ['bus_stop', 'tram_stop', 'train_station'];

/** Bits of stops.modes: which kinds of timetabled service call at the stop. */
export enum ModeBit {
  Bus = 1,
  Coach = 2,
  Tram = 4,
  Rail = 8,
  Other = 16,
}

/** Stop columns (struct of arrays). String columns hold string-table indices; 0 = absent. */
export class StopTable {
  readonly count: number;
  /** Stop -> ATCO code (the API's atcocode; GTFS stop_id when NaPTAN does not know it). */
  readonly atco: Uint32Array;
  readonly naptan: Uint32Array;
  readonly name: Uint32Array;
  readonly shortName: Uint32Array;
  readonly indicator: Uint32Array;
  readonly street: Uint32Array;
  readonly locality: Uint32Array;
  readonly town: Uint32Array;
  readonly bearing: Uint32Array;
  readonly towards: Uint32Array;
  readonly towardsNext: Uint32Array;
  /** Stop -> NPTG locality code (string), for settlement links. */
  readonly localityCode: Uint32Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** Stop -> index into STOP_TYPE_CODES. */
  readonly type: Uint8Array;
  /** Stop -> ModeBit mask of services calling (0 = no timetable). */
  readonly modes: Uint8Array;
  /** Stop indices sorted by ATCO code bytes, for lookup. */
  readonly byAtco: Uint32Array;

  /** The string columns expanded at open from the snapshot's dictionaries (or given), for other engines; empty when it stores every column whole. */
  readonly derivedStrings: StopStringColumns = {};

  /**
   * `given`: string columns another engine derived over the same snapshot (SharedTables.stopStrings),
   * viewed instead of expanded again; `shared`: expand into shared memory.
   */
  constructor(
    r: SnapshotReader,
    private readonly strings: StringTable,
    given: StopStringColumns = {},
    shared = false,
  ) {
    this.atco = r.u32('stops.atco');
    this.count = this.atco.length;
    this.naptan = r.u32('stops.naptan');
    const column = (c: StopDictionaryColumn): Uint32Array => {
      const { values, derived } = stopStringColumn(r, c, this.count, given[c], shared);
      if (derived) this.derivedStrings[c] = values;
      return values;
    };
    this.name = column('name');
    this.shortName = column('shortName');
    this.indicator = column('indicator');
    this.street = column('street');
    this.locality = column('locality');
    this.town = column('town');
    this.bearing = column('bearing');
    this.towards = column('towards');
    this.towardsNext = column('towardsNext');
    this.localityCode = column('localityCode');
    this.lat = r.f64('stops.lat');
    this.lon = r.f64('stops.lon');
    this.type = r.u8('stops.type');
    this.modes = r.u8('stops.modes');
    this.byAtco = r.u32('stops.byAtco');
  }

  /** Dense index of the stop with this ATCO code (exact, case-sensitive), or NOT_FOUND. */
  find(atcocode: string): number {
    const pos = findSorted(this.strings, this.atco, this.byAtco, this.strings.encode(atcocode));
    return pos < 0 ? NOT_FOUND : this.byAtco[pos];
  }

  /** The stop as a plain record. */
  get(idx: number): Stop {
    const s = this.strings;
    return {
      type: STOP_TYPE_CODES[this.type[idx]],
      atcocode: s.get(this.atco[idx]),
      naptanCode: s.getOrNull(this.naptan[idx]),
      name: s.get(this.name[idx]),
      shortName: s.getOrNull(this.shortName[idx]),
      indicator: s.getOrNull(this.indicator[idx]),
      street: s.getOrNull(this.street[idx]),
      locality: s.getOrNull(this.locality[idx]),
      town: s.getOrNull(this.town[idx]),
      latitude: this.lat[idx],
      longitude: this.lon[idx],
      bearing: s.getOrNull(this.bearing[idx]),
      towards: s.getOrNull(this.towards[idx]),
      towardsNext: s.getOrNull(this.towardsNext[idx]),
    };
  }
}
