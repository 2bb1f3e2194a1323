/**
 * The builder's in-memory model between parsing and compiling: what every parser fills and
 * every compile step reads. Per-entity objects are fine here for stations and settlements
 * (tens of thousands at national scale); stops (a million at national scale: `StopTable`),
 * postcodes (`PostcodeColumns`), stop times and shape points are kept as typed columns.
 */
import type { StringPool } from './write/string-pool.js';
import type { IssueLog } from './issues.js';
import type { TimetableModel } from './gtfs/timetable-model.js';
import type { FareData } from './fares/gtfs-fare-model.js';
import type { PostcodeColumns } from './places/postcode-columns.js';
import type { StopTable } from './stop-table.js';

export { StopKind, type StopRecord } from './stop-table.js';

export interface StationRecord {
  crs: string;
  name: string;
  lat: number;
  lon: number;
}

export interface SettlementRecord {
  /** NPTG locality code; derived settlements use the locality code of their stops. */
  code: string;
  name: string;
  /** Parent locality or district name, may be empty. */
  parent: string;
  lat: number;
  lon: number;
}

export interface Dataset {
  pool: StringPool;
  issues: IssueLog;
  /** Stops by ATCO code, as columns (rows in the order first seen: NaPTAN first, then GTFS-only stops). */
  stops: StopTable;
  stations: Map<string, StationRecord>;
  settlements: Map<string, SettlementRecord>;
  /** Postcodes as columns (places/postcode-columns.ts). */
  postcodes: PostcodeColumns;
  /** GTFS of every feed, merged. */
  timetable: TimetableModel;
  /** The fare file (set by the build) and the GTFS fares (v1, v2) of every feed. */
  fares: FareData;
  /** Rail code maps from NaPTAN RailReferences.csv and CIF station files, when given. */
  railCodes?: RailCodes;
}

/** Which CRS (station) a rail ATCO code or TIPLOC belongs to. */
export interface RailCodes {
  /** NaPTAN rail ATCO code (`9100<TIPLOC>`) -> CRS. */
  crsByAtco: Map<string, string>;
  /** TIPLOC -> CRS. */
  crsByTiploc: Map<string, string>;
}
