import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '@transit/engine';
import { buildSnapshot } from '@transit/builder';
import { encodeOsmPbf } from '../../packages/builder/src/osm/write-pbf.js';
import { feedFolder } from './gtfs.js';
import { data } from './data.js';

/** Origin of hand-drawn street maps; points are given in metres east and north of it. */
export const ORIGIN = { lat: 53.0, lon: -1.0 };
const M_PER_DEG = (6_371_000 * Math.PI) / 180;

/** WGS84 position of a point `east` / `north` metres from ORIGIN (local plane). */
export function at(east: number, north: number): { lat: number; lon: number } {
  return { lat: ORIGIN.lat + north / M_PER_DEG, lon: ORIGIN.lon + east / (M_PER_DEG * Math.cos((ORIGIN.lat * Math.PI) / 180)) };
}

/** A hand-drawn street map: named points (metres east, north), ways as space-separated point names with OSM tags, stops near the streets. */
export interface StreetMap {
  points: Record<string, [east: number, north: number]>;
  ways: { path: string; tags: Record<string, string> }[];
  stops?: Record<string, [east: number, north: number]>;
}

/** The map as OSM PBF bytes (through the builder's own writer). */
export function streetMapPbf(map: StreetMap): Uint8Array {
  const names = Object.keys(map.points);
  const nodes = names.map((n, i) => ({ id: 1000 + i, ...at(...map.points[n]) }));
  const ways = map.ways.map((w) => ({ refs: w.path.split(/\s+/).map((n) => 1000 + names.indexOf(n)), tags: w.tags }));
  return encodeOsmPbf(nodes, ways);
}

/** Writes bytes to a temp file and returns its path. */
export function tempFile(name: string, bytes: Uint8Array | string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'osm-')), name);
  writeFileSync(file, bytes);
  return file;
}

/** Builds a snapshot of the map through the real builder (its stops as a one-route GTFS feed) and opens it. */
export async function streetMapEngine(map: StreetMap): Promise<Engine> {
  const stops = Object.entries(map.stops ?? { X: [0, 0] });
  const feed = feedFolder(`
    # agency.txt
    agency_id,agency_name,agency_url,agency_timezone
    A,Agency,https://example.org,Europe/London
    # stops.txt
    stop_id,stop_name,stop_lat,stop_lon
    ${stops.map(([id, p]) => `${id},Stop ${id},${at(...p).lat},${at(...p).lon}`).join('\n')}
    # routes.txt
    route_id,agency_id,route_short_name,route_type
    R,A,1,3
    # calendar.txt
    service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
    ALL,1,1,1,1,1,1,1,20260601,20260630
    # trips.txt
    route_id,service_id,trip_id
    R,ALL,T
    # stop_times.txt
    trip_id,stop_sequence,stop_id,arrival_time,departure_time
    ${stops.map(([id], i) => `T,${i + 1},${id},09:${String(i).padStart(2, '0')}:00,09:${String(i).padStart(2, '0')}:00`).join('\n')}
  `);
  const { bytes } = await buildSnapshot({ gtfs: [feed], osm: [tempFile('map.osm.pbf', streetMapPbf(map))], quiet: true, builtAt: '2026-01-01T00:00:00.000Z' });
  return Engine.open(bytes.buffer as ArrayBuffer);
}

/** Real Newport (BODS GTFS + OSM extract of 2023-06-13) built in memory, with its street graph; needs ../shared/data (HAVE_DATA). */
export async function newportStreetsEngine(): Promise<Engine> {
  const { bytes } = await buildSnapshot({
    gtfs: [data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')],
    osm: [data('osm/newport_wales_2023-06-13.osm.pbf')],
    quiet: true,
  });
  return Engine.open(bytes.buffer as ArrayBuffer);
}
