import type { Dataset } from '../../dataset.js';
import { StopKind } from '../../dataset.js';
import { isCoordinate } from '../../naptan/parse-naptan.js';
import { RAIL_ATCO_PREFIX } from '../rail-codes.js';
import type { MsnIndex } from './parse-msn.js';
import { titleCaseStation } from './station-name.js';

/**
 * TIPLOC -> model stop for CIF calls. A stop is the NaPTAN rail ATCO code `9100<TIPLOC>` with
 * its CRS: reused (and given the CRS) when NaPTAN already has it, else created from the station
 * list's position (exact) or the MSN grid reference (100 m), named after its station.
 */
export class CifStops {
  private readonly byTiploc = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly ds: Dataset,
    private readonly msn: MsnIndex,
    /** Called once per TIPLOC that cannot be placed, with the MCA line of the first schedule calling there. */
    private readonly onUnplaced: (tiploc: string, crs: string, line: number) => void,
  ) {}

  /** Model stop index of a TIPLOC, or -1 when it has no position anywhere. */
  stopOf(tiploc: string, line: number): number {
    let idx = this.byTiploc.get(tiploc);
    if (idx === undefined) this.byTiploc.set(tiploc, (idx = this.place(tiploc, line)));
    return idx;
  }

  /** Station name for a TIPLOC: the MSN's principal entry of its CRS, else the station list's, title case. */
  stationName(tiploc: string): string {
    let name = this.names.get(tiploc);
    if (name === undefined) {
      const crs = this.crsOf(tiploc);
      const raw = this.msn.principalByCrs.get(crs)?.name ?? this.msn.byTiploc.get(tiploc)?.name ?? this.ds.stations.get(crs)?.name ?? tiploc;
      this.names.set(tiploc, (name = titleCaseStation(raw).replace(/ Rail Station$/, '')));
    }
    return name;
  }

  private crsOf(tiploc: string): string {
    return this.ds.railCodes?.crsByTiploc.get(tiploc) ?? '';
  }

  private place(tiploc: string, line: number): number {
    const { ds, msn } = this;
    const atco = RAIL_ATCO_PREFIX + tiploc;
    const crs = this.crsOf(tiploc);
    const known = ds.stops.row(atco);
    if (known >= 0) {
      if (!ds.stops.crs(known)) ds.stops.setCrs(known, crs);
      ds.stops.setActive(known); // an inactive NaPTAN stop that the timetable still uses
      return ds.timetable.stopIndex(atco);
    }
    const own = msn.byTiploc.get(tiploc);
    const at = ds.stations.get(crs) ?? (own && !Number.isNaN(own.lat) ? own : msn.principalByCrs.get(crs));
    if (!at || !isCoordinate(at.lat, at.lon)) {
      this.onUnplaced(tiploc, crs, line);
      return -1;
    }
    ds.stops.set(atco, {
      atco, naptanCode: '', name: this.stationName(tiploc), shortName: '', indicator: '', street: '', locality: '', localityCode: '',
      parentLocality: '', town: '', bearing: '', crs, lat: at.lat, lon: at.lon, kind: StopKind.Rail, inNaptan: false, active: true,
    });
    return ds.timetable.stopIndex(atco);
  }
}
