// Snapshots the benchmarks run on: the real South Yorkshire data from ../shared/data when it is
// there (built once, cached in .cache/), else the demo dataset.
import { existsSync, mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA = path.resolve(ROOT, '../shared/data');
const CACHE = path.join(ROOT, '.cache');

export function realInputs() {
  const d = (...p) => path.join(DATA, ...p);
  return {
    naptan: [d('naptan/370Stops.csv'), d('naptan/940Stops_tram_metro.csv')],
    railStations: [d('rail_stations/uk_railway_stations.csv')],
    postcodes: ['S', 'LS', 'BD', 'HD', 'WF', 'HX', 'DN'].map((a) => d('postcodes', `${a}.csv`)),
    gtfs: ['GBRail_GTFS_filtered.zip', 'NW_GTFS_filtered.zip', 'WM_GTFS_filtered.zip'].map((f) => d('gtfs/otp4gb_south_yorkshire_2019-09-10', f)),
  };
}

/** Builds (timed) or reuses a snapshot file; returns { file, name, buildMs, bytes }. */
export async function ensureSnapshot(name, options, { rebuild = false } = {}) {
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${name}.snap`);
  let buildMs = null;
  if (rebuild || !existsSync(file) || !opens(file)) {
    const t0 = performance.now();
    const { bytes } = await buildSnapshot({ ...options, quiet: true });
    buildMs = performance.now() - t0;
    writeFileSync(file, bytes);
  }
  return { file, name, buildMs, bytes: statSync(file).size };
}

export function readArrayBuffer(file) {
  const buf = readFileSync(file);
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

export const haveRealData = () => existsSync(DATA);

/** False when a cached snapshot no longer opens with this engine (older format or sections). */
function opens(file) {
  try {
    Engine.open(readArrayBuffer(file));
    return true;
  } catch {
    return false;
  }
}
