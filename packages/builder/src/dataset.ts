/**
 * The builder's in-memory model between parsing and compiling: what every parser fills and
 * every compile step reads. Per-entity objects are fine here for stops, stations and
 * settlements (hundreds of thousands at national scale); the large tables (stop times,
 * postcodes, shape points) are kept as growable typed columns.
 */
import type { StringPool } from './write/string-pool.js';
import type { IssueLog } from './issues.js';
import type { TimetableModel } from './gtfs/timetable-model.js';
import type { FareData } from './fares/gtfs-fare-model.js';
import type { PostcodeColumns } from './places/postcode-columns.js';

/** stops.type codes (engine STOP_TYPE_CODES order). */
export enum StopKind {
  Bus = 0,
  Tram = 1,
  Rail = 2,
}

export interface StopRecord {
  /** ATCO code, or the GTFS stop_id when the stop is not in NaPTAN. Unique. */
  atco: string;
  naptanCode: string;
  name: string;
  shortName: string;
  indicator: string;
  street: string;
  locality: string;
  /** NPTG locality code (E0057864), empty when unknown. */
  localityCode: string;
  /** Parent locality name (e.g. Barnsley for "Barnsley Town Centre"). */
  parentLocality: string;
  town: string;
  bearing: string;
  /** CRS code for rail stops when known (GTFS stop_code on rail feeds). */
  crs: string;
  lat: number;
  lon: number;
  kind: StopKind;
  /** From NaPTAN (true) or only from a GTFS feed (false). */
  inNaptan: boolean;
  /** NaPTAN Status is active (GTFS-only stops count as active). */
  active: boolean;
}

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
  /** Stops by ATCO code (insertion order = NaPTAN first, then GTFS-only stops). */
  stops: Map<string, StopRecord>;
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
