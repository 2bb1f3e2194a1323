import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared/data beside the checkout (CI has it); tests that need it skip with a message when absent. */
export const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
export const HAVE_DATA = existsSync(DATA_DIR);
export const NO_DATA_MESSAGE = `real-data tests skipped: ${DATA_DIR} is absent (clone the project beside ../shared to run it)`;

export const data = (...parts: string[]) => path.join(DATA_DIR, ...parts);

/** Every GTFS feed (zip) under shared/data/gtfs. */
export function gtfsFeeds(): string[] {
  if (!HAVE_DATA) return [];
  const root = data('gtfs');
  return readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.zip')).map((f) => path.join(root, dir, f)));
}

/** Inputs of the real South Yorkshire snapshot used across tests and benchmarks. */
export function southYorkshireInputs() {
  const postcodes = ['S', 'LS', 'BD', 'HD', 'WF', 'HX', 'DN'].map((a) => data('postcodes', `${a}.csv`));
  return {
    naptan: [data('naptan/370Stops.csv'), data('naptan/940Stops_tram_metro.csv')],
    railStations: [data('rail_stations/uk_railway_stations.csv')],
    postcodes,
    gtfs: ['GBRail_GTFS_filtered.zip', 'NW_GTFS_filtered.zip', 'WM_GTFS_filtered.zip'].map((f) => data('gtfs/otp4gb_south_yorkshire_2019-09-10', f)),
  };
}

