import { ModeBit, STOP_DICTIONARY_COLUMNS } from '@transit/engine';
import type { Dataset, StationRecord } from '../dataset.js';
import type { StopTable } from '../stop-table.js';
import { StopKind } from '../dataset.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { sortedOrder } from '../write/string-pool.js';
import { kdSections } from '../write/kd-sections.js';
import { addDictionaryColumn } from '../write/dictionary-column.js';
import { csr } from '../write/csr.js';
import { assignRailCrs } from '../rail/rail-codes.js';

/**
 * The snapshot's stops: every active NaPTAN stop and every stop a timetable uses, in dataset
 * order. Keeps only those in the dataset's table (whose rows become the dense stops) and returns
 * it with the model-stop -> dense-stop map.
 */
export function selectStops(ds: Dataset): { stops: StopTable; denseStop: Int32Array } {
  const used = new Set(ds.timetable.stopAtcos);
  const stops = ds.stops;
  const rows: number[] = [];
  for (let row = 0; row < stops.size; row++) if (stops.active(row) || used.has(stops.atco(row))) rows.push(row);
  stops.keep(rows);
  const denseStop = Int32Array.from(ds.timetable.stopAtcos, (atco) => stops.row(atco));
  return { stops, denseStop };
}

/** GTFS-only stops take their kind from the services calling there. */
export function refineStopKinds(stops: StopTable, modes: Uint8Array): void {
  for (let i = 0; i < stops.size; i++) {
    if (stops.inNaptan(i)) continue;
    if (modes[i] & ModeBit.Rail) stops.setKind(i, StopKind.Rail);
    else if (modes[i] & ModeBit.Tram && !(modes[i] & (ModeBit.Bus | ModeBit.Coach))) stops.setKind(i, StopKind.Tram);
  }
}

/** Rail stations: the given station list, plus GTFS rail stops that carry a CRS code it lacks. */
export function selectStations(ds: Dataset, stops: StopTable): StationRecord[] {
  assignRailCrs(ds, stops); // rail stops without a CRS stop_code get it from RailReferences / MSN codes
  const stations = new Map(ds.stations);
  for (let i = 0; i < stops.size; i++) {
    const crs = stops.crs(i);
    if (stops.kind(i) === StopKind.Rail && crs && !stations.has(crs)) stations.set(crs, { crs, name: titleCase(stops.name(i)), lat: stops.lat.get(i), lon: stops.lon.get(i) });
  }
  return [...stations.values()];
}

/** "SHEFFIELD" -> "Sheffield"; mixed-case names are kept as they are. */
function titleCase(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s\-(/&])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

export function writeStops(ds: Dataset, w: SnapshotWriter, stops: StopTable, modes: Uint8Array, towards: Uint32Array, towardsNext: Uint32Array): void {
  const pool = ds.pool;
  const n = stops.size;
  const col = (text: (i: number) => string) => Uint32Array.from({ length: n }, (_, i) => pool.intern(text(i)));
  const field = (f: Parameters<StopTable['field']>[1]) => col((i) => stops.field(i, f));
  const atco = col((i) => stops.atco(i));
  w.add('stops.atco', atco)
    .add('stops.naptan', field('naptanCode'))
    .add('stops.lat', stops.lat.view().slice())
    .add('stops.lon', stops.lon.view().slice())
    .add('stops.type', Uint8Array.from({ length: n }, (_, i) => stops.kind(i)))
    .add('stops.modes', modes)
    .add('stops.byAtco', sortedOrder(pool, atco));
  // Names, streets, localities, bearings...: few distinct values each, so a dictionary per column where it is smaller.
  const strings = { name: field('name'), shortName: field('shortName'), indicator: field('indicator'), street: field('street'), locality: field('locality'), town: field('town'), bearing: field('bearing'), localityCode: field('localityCode'), towards, towardsNext };
  for (const c of STOP_DICTIONARY_COLUMNS) addDictionaryColumn(w, `stops.${c}`, strings[c]);
  const kd = kdSections(stops.lat.view(), stops.lon.view());
  // Ids only: the engine derives the tree's coordinates from stops.lat / .lon at open.
  w.add('stops.kdIds', kd.ids);
}

export function writeStations(ds: Dataset, w: SnapshotWriter, stations: StationRecord[], stops: StopTable): void {
  const crs = Uint32Array.from(stations, (s) => ds.pool.intern(s.crs));
  const link = stationStops(stations, stops);
  const lat = Float64Array.from(stations, (s) => s.lat);
  const lon = Float64Array.from(stations, (s) => s.lon);
  const kd = kdSections(lat, lon);
  w.add('stations.crs', crs)
    .add('stations.name', Uint32Array.from(stations, (s) => ds.pool.intern(s.name)))
    .add('stations.lat', lat)
    .add('stations.lon', lon)
    .add('stations.byCrs', sortedOrder(ds.pool, crs))
    .add('stations.kdIds', kd.ids)
    .add('stations.kdCoords', kd.coords)
    .add('stations.stopOffsets', link.offsets)
    .add('stations.stops', link.values);
}

/** Station -> the stops (platforms, GTFS rail stops) carrying its CRS code, as CSR. */
function stationStops(stations: StationRecord[], stops: StopTable): { offsets: Uint32Array; values: Uint32Array } {
  const byCrs = new Map<string, number[]>();
  for (let i = 0; i < stops.size; i++) {
    const crs = stops.crs(i);
    if (!crs) continue;
    let list = byCrs.get(crs);
    if (!list) byCrs.set(crs, (list = []));
    list.push(i);
  }
  return csr(stations.map((st) => byCrs.get(st.crs) ?? []));
}
