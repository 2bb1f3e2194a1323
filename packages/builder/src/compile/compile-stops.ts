import { ModeBit, STOP_DICTIONARY_COLUMNS } from '@transit/engine';
import type { Dataset, StopRecord, StationRecord } from '../dataset.js';
import { StopKind } from '../dataset.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { sortedOrder } from '../write/string-pool.js';
import { kdSections } from '../write/kd-sections.js';
import { addDictionaryColumn } from '../write/dictionary-column.js';
import { csr } from '../write/csr.js';
import { assignRailCrs } from '../rail/rail-codes.js';

/**
 * The snapshot's stops: every active NaPTAN stop and every stop a timetable uses, in dataset
 * order. Returns the dense order and the model-stop -> dense-stop map.
 */
export function selectStops(ds: Dataset): { stops: StopRecord[]; denseStop: Int32Array } {
  const used = new Set(ds.timetable.stopAtcos);
  const stops = [...ds.stops.values()].filter((s) => s.active || used.has(s.atco));
  const dense = new Map(stops.map((s, i) => [s.atco, i]));
  const denseStop = Int32Array.from(ds.timetable.stopAtcos, (atco) => dense.get(atco) ?? -1);
  return { stops, denseStop };
}

/** GTFS-only stops take their kind from the services calling there. */
export function refineStopKinds(stops: StopRecord[], modes: Uint8Array): void {
  stops.forEach((s, i) => {
    if (s.inNaptan) return;
    if (modes[i] & ModeBit.Rail) s.kind = StopKind.Rail;
    else if (modes[i] & ModeBit.Tram && !(modes[i] & (ModeBit.Bus | ModeBit.Coach))) s.kind = StopKind.Tram;
  });
}

/** Rail stations: the given station list, plus GTFS rail stops that carry a CRS code it lacks. */
export function selectStations(ds: Dataset, stops: StopRecord[]): StationRecord[] {
  assignRailCrs(ds, stops); // rail stops without a CRS stop_code get it from RailReferences / MSN codes
  const stations = new Map(ds.stations);
  for (const s of stops) {
    if (s.kind === StopKind.Rail && s.crs && !stations.has(s.crs)) stations.set(s.crs, { crs: s.crs, name: titleCase(s.name), lat: s.lat, lon: s.lon });
  }
  return [...stations.values()];
}

/** "SHEFFIELD" -> "Sheffield"; mixed-case names are kept as they are. */
function titleCase(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s\-(/&])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

export function writeStops(ds: Dataset, w: SnapshotWriter, stops: StopRecord[], modes: Uint8Array, towards: Uint32Array, towardsNext: Uint32Array): void {
  const pool = ds.pool;
  const col = (f: (s: StopRecord) => string) => Uint32Array.from(stops, (s) => pool.intern(f(s)));
  const atco = col((s) => s.atco);
  w.add('stops.atco', atco)
    .add('stops.naptan', col((s) => s.naptanCode))
    .add('stops.lat', Float64Array.from(stops, (s) => s.lat))
    .add('stops.lon', Float64Array.from(stops, (s) => s.lon))
    .add('stops.type', Uint8Array.from(stops, (s) => s.kind))
    .add('stops.modes', modes)
    .add('stops.byAtco', sortedOrder(pool, atco));
  // Names, streets, localities, bearings...: few distinct values each, so a dictionary per column where it is smaller.
  const strings = { name: col((s) => s.name), shortName: col((s) => s.shortName), indicator: col((s) => s.indicator), street: col((s) => s.street), locality: col((s) => s.locality), town: col((s) => s.town), bearing: col((s) => s.bearing), localityCode: col((s) => s.localityCode), towards, towardsNext };
  for (const c of STOP_DICTIONARY_COLUMNS) addDictionaryColumn(w, `stops.${c}`, strings[c]);
  const kd = kdSections(Float64Array.from(stops, (s) => s.lat), Float64Array.from(stops, (s) => s.lon));
  // Ids only: the engine derives the tree's coordinates from stops.lat / .lon at open.
  w.add('stops.kdIds', kd.ids);
}

export function writeStations(ds: Dataset, w: SnapshotWriter, stations: StationRecord[], stops: StopRecord[]): void {
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
function stationStops(stations: StationRecord[], stops: StopRecord[]): { offsets: Uint32Array; values: Uint32Array } {
  const byCrs = new Map<string, number[]>();
  stops.forEach((s, i) => {
    if (!s.crs) return;
    let list = byCrs.get(s.crs);
    if (!list) byCrs.set(s.crs, (list = []));
    list.push(i);
  });
  return csr(stations.map((st) => byCrs.get(st.crs) ?? []));
}
