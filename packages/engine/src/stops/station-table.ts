import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import { findSorted } from '../snapshot/strings.js';
import type { Station } from '../api.js';
import { NOT_FOUND } from '../api.js';

/** Rail stations keyed by CRS code (struct of arrays). */
export class StationTable {
  readonly count: number;
  /** Station -> CRS code (3 upper-case letters). */
  readonly crs: Uint32Array;
  readonly name: Uint32Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  /** Station indices sorted by CRS. */
  readonly byCrs: Uint32Array;
  /** Station -> [first, end) into `stops`: the stops (platforms) with its CRS code. Length count + 1. */
  readonly stopOffsets: Uint32Array;
  readonly stops: Uint32Array;

  constructor(
    r: SnapshotReader,
    private readonly strings: StringTable,
  ) {
    this.crs = r.u32('stations.crs');
    this.count = this.crs.length;
    this.name = r.u32('stations.name');
    this.lat = r.f64('stations.lat');
    this.lon = r.f64('stations.lon');
    this.byCrs = r.u32('stations.byCrs');
    this.stopOffsets = r.u32('stations.stopOffsets');
    this.stops = r.u32('stations.stops');
  }

  /** Dense index of the station with this CRS code (any case), or NOT_FOUND. */
  find(crsCode: string): number {
    const pos = findSorted(this.strings, this.crs, this.byCrs, this.strings.encode(crsCode.toUpperCase()));
    return pos < 0 ? NOT_FOUND : this.byCrs[pos];
  }

  get(idx: number): Station {
    return {
      crsCode: this.strings.get(this.crs[idx]),
      name: this.strings.get(this.name[idx]),
      latitude: this.lat[idx],
      longitude: this.lon[idx],
    };
  }
}
