import type { FareFile } from './fare-file.js';
import { FeedIds, type GtfsFaresV2Model } from './gtfs-fares-v2-model.js';

/** One fare_attributes.txt row as kept. */
export interface GtfsFareRow {
  id: string;
  /** The feed's fare scope (index among feeds with fares). */
  scope: number;
  pence: number;
  /** Agency index (timetable agencies), or -1 for any agency of the feed. */
  agency: number;
  /** Transfers allowed; 255 = unlimited. */
  transfers: number;
  /** transfer_duration seconds, or -1 = unlimited. */
  transferSeconds: number;
  /** contains_id zones of its rules. */
  contains: Set<number>;
  source: string;
}

/** One fare_rules.txt row as kept; -1 = any. */
export interface GtfsFareRuleRow {
  fare: number;
  route: number;
  origin: number;
  destination: number;
}

/** GTFS fares v1 of every feed, merged (zones and fares are namespaced per feed), before compiling. */
export class GtfsFareModel {
  zones = new FeedIds();
  /** Stop ATCO code / stop_id -> its zones (one per feed that zones it). */
  stopZones = new Map<string, number[]>();
  scopeCount = 0;
  /** Route index -> fare scope of its feed (feeds with fares only). */
  routeScope = new Map<number, number>();
  fares: GtfsFareRow[] = [];
  fareByKey = new Map<string, number>();
  rules: GtfsFareRuleRow[] = [];
}

/** Fare inputs of a build: the fare file (null = none) and GTFS fares v1 and v2. */
export interface FareData {
  file: FareFile | null;
  gtfs: GtfsFareModel;
  v2: GtfsFaresV2Model;
}
