import type { TransitMode } from '@transit/engine';

/** The `format` value of fare files this builder reads. */
export const FARE_FILE_FORMAT = 'uk-transit-fares/1';

/**
 * A fare file as validated (docs/fares.md): amounts converted to integer pence, dates to day
 * numbers, distances to metres. Field names follow the JSON (snake_case) where they carry over.
 */
export interface FareFile {
  /** Path or name it was read from, for messages. */
  file: string;
  name: string;
  areas: FareArea[];
  rules: FareRule[];
}

/** A stop is in the area when its ATCO code starts with one of the prefixes, or it lies in the box or polygon. */
export interface FareArea {
  id: string;
  atcoPrefixes: string[];
  /** [minLon, minLat, maxLon, maxLat] degrees, or null. */
  bbox: [number, number, number, number] | null;
  /** Ring of [lon, lat] degrees, or null. */
  polygon: [number, number][] | null;
}

export interface FareRule {
  id: string;
  /** Index into the file's areas. */
  area: number;
  modes: TransitMode[];
  /** Operator codes (NOC, else agency_id), upper case; empty = any operator. */
  operators: string[];
  /** Ascending; a null upToMetres is the open last band. A flat fare is one open band. */
  bands: { upToMetres: number | null; pence: number }[];
  /** Most charged per day across the legs of this product, pence; null = no cap. */
  dayCapPence: number | null;
  /** Cap group: rules of one product share one day cap. Defaults to the rule id. */
  product: string;
  fromDay: number;
  /** Last day in force, or null for open-ended. */
  toDay: number | null;
  source: string;
}
