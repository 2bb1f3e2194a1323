import { csvText } from './csv-text.js';
import { SPEED } from './running-times.js';
import type { Tier } from './lines.js';
import type { LocalityIndex } from './localities.js';
import type { LinePlan } from './timetable.js';
import type { DemoPattern, DemoStop } from './model.js';

/**
 * Real Yorkshire stations: name, CRS, TIPLOC (the real one where we knew it, else a TIPLOC-like
 * code) and approximate real position. York lies outside the South and West Yorkshire journey
 * coverage: its trains show on boards, but journeys to York are refused (422 outside_coverage).
 */
const STATIONS: readonly [name: string, crs: string, tiploc: string, lat: number, lon: number][] = [
  ['Sheffield', 'SHF', 'SHEFFLD', 53.378639, -1.463297],
  ['Meadowhall', 'MHS', 'MEADWHL', 53.417046, -1.411669],
  ['Rotherham Central', 'RMC', 'ROTHCEN', 53.429356, -1.358811],
  ['Swinton (South Yorks)', 'SWN', 'SWINTN', 53.487484, -1.305195],
  ['Mexborough', 'MEX', 'MEXBRGH', 53.490986, -1.28855],
  ['Conisbrough', 'CNS', 'CONBRGH', 53.48885, -1.234333],
  ['Doncaster', 'DON', 'DONC', 53.521469, -1.140225],
  ['Chapeltown', 'CLN', 'CHPLTWN', 53.464046, -1.466743],
  ['Elsecar', 'ELR', 'ELSECAR', 53.49895, -1.42776],
  ['Wombwell', 'WOM', 'WOMBWEL', 53.51765, -1.41595],
  ['Barnsley', 'BNY', 'BNSLY', 53.553978, -1.477688],
  ['Darton', 'DRT', 'DARTON', 53.58725, -1.5303],
  ['Wakefield Kirkgate', 'WKK', 'WKFLDKG', 53.67897, -1.488254],
  ['Wakefield Westgate', 'WKF', 'WKFLDWG', 53.681736, -1.506386],
  ['Outwood', 'OUT', 'OUTWOOD', 53.71495, -1.51065],
  ['Leeds', 'LDS', 'LEEDS', 53.795158, -1.549089],
  ['Bolton-upon-Dearne', 'BTD', 'BLTNOND', 53.51893, -1.31217],
  ['Goldthorpe', 'GOE', 'GLDTHRP', 53.53395, -1.31285],
  ['Thurnscoe', 'THC', 'THURNSC', 53.54640, -1.30885],
  ['Moorthorpe', 'MRP', 'MOORTHP', 53.59508, -1.30500],
  ['Fitzwilliam', 'FZW', 'FTZWLM', 53.63250, -1.37420],
  ['Sandal & Agbrigg', 'SNA', 'SNDLAAG', 53.66310, -1.48135],
  ['Bramley (West Yorks)', 'BLE', 'BRMLY', 53.80530, -1.63725],
  ['New Pudsey', 'NPD', 'NPUDSEY', 53.80445, -1.68100],
  ['Bradford Interchange', 'BDI', 'BRADIN', 53.791196, -1.749701],
  ['Shipley', 'SHY', 'SHIPLEY', 53.83300, -1.77335],
  ['Frizinghall', 'FZH', 'FRZNGHL', 53.82040, -1.76900],
  ['Bradford Forster Square', 'BDQ', 'BRADFS', 53.79660, -1.75300],
  ['Cottingley', 'COT', 'COTNGLY', 53.76770, -1.58770],
  ['Morley', 'MLY', 'MORLEY', 53.74985, -1.59090],
  ['Batley', 'BTL', 'BATLEY', 53.70945, -1.62275],
  ['Dewsbury', 'DEW', 'DEWSBRY', 53.692089, -1.633487],
  ['Mirfield', 'MIR', 'MIRFLD', 53.67165, -1.69265],
  ['Huddersfield', 'HUD', 'HDRSFLD', 53.648407, -1.785142],
  ['Halifax', 'HFX', 'HALIFAX', 53.720417, -1.854486],
  ['Dodworth', 'DOD', 'DODWRTH', 53.54430, -1.53100],
  ['Penistone', 'PNS', 'PNSTONE', 53.52550, -1.62260],
  ['Denby Dale', 'DBD', 'DENBYDL', 53.57230, -1.66330],
  ['Cross Gates', 'CRG', 'CRSGATE', 53.80500, -1.45200],
  ['Garforth', 'GRF', 'GARFRTH', 53.79655, -1.38250],
  ['York', 'YRK', 'YORK', 53.95800, -1.09330],
];

/** A train service: operator, calling points (CRS) in direction 0, frequency tier and name. */
interface RailService {
  id: string;
  agencyId: string;
  calls: readonly string[];
  tier: Tier;
  longName: string;
  /** Minutes added to the tier's band starts, per direction: trains sharing a corridor interleave. */
  shift?: readonly [number, number];
}

/**
 * The region's main rail corridors, with realistic calling patterns and frequencies (simplified:
 * one pattern per service, the same all day). Sheffield - Leeds runs four trains an hour in the
 * daytime, about every 15 minutes: two via Barnsley and Wakefield Kirkgate (:10, :40 from
 * Sheffield), one CrossCountry via Wakefield Westgate (:25), one via Rotherham and Moorthorpe (:55); from
 * Leeds at :05, :20, :35 and :50.
 */
const SERVICES: readonly RailService[] = [
  { id: 'NT-SHFDON', agencyId: 'NT', calls: ['SHF', 'MHS', 'RMC', 'SWN', 'MEX', 'CNS', 'DON'], tier: 'rail-stopping', longName: 'Sheffield - Doncaster' },
  { id: 'TP-SHFDON', agencyId: 'TP', calls: ['SHF', 'MHS', 'DON'], tier: 'rail-fast', longName: 'Sheffield - Doncaster (fast)' },
  { id: 'NT-SHFLDSB', agencyId: 'NT', calls: ['SHF', 'MHS', 'CLN', 'ELR', 'WOM', 'BNY', 'DRT', 'WKK', 'OUT', 'LDS'], tier: 'rail-stopping', longName: 'Sheffield - Leeds via Barnsley, Wakefield Kirkgate', shift: [5, 0] },
  { id: 'NT-SHFLDSM', agencyId: 'NT', calls: ['SHF', 'MHS', 'RMC', 'SWN', 'BTD', 'GOE', 'THC', 'MRP', 'FZW', 'SNA', 'WKF', 'OUT', 'LDS'], tier: 'rail-fast', longName: 'Sheffield - Leeds via Rotherham, Moorthorpe', shift: [35, 30] },
  { id: 'XC-SHFLDS', agencyId: 'XC', calls: ['SHF', 'WKF', 'LDS'], tier: 'rail-fast', longName: 'Sheffield - Leeds (CrossCountry)', shift: [5, 0] },
  { id: 'GR-LDSDON', agencyId: 'GR', calls: ['LDS', 'WKF', 'DON'], tier: 'rail-stopping', longName: 'Leeds - Doncaster via Wakefield Westgate (towards London)' },
  { id: 'NT-LDSBDI', agencyId: 'NT', calls: ['LDS', 'BLE', 'NPD', 'BDI', 'HFX'], tier: 'rail-frequent', longName: 'Leeds - Halifax via Bradford Interchange' },
  { id: 'NT-LDSBDQ', agencyId: 'NT', calls: ['LDS', 'SHY', 'FZH', 'BDQ'], tier: 'rail-stopping', longName: 'Leeds - Bradford Forster Square via Shipley' },
  { id: 'TP-LDSHUD', agencyId: 'TP', calls: ['LDS', 'DEW', 'HUD'], tier: 'rail-frequent', longName: 'Leeds - Huddersfield (TransPennine)' },
  { id: 'NT-LDSHUD', agencyId: 'NT', calls: ['LDS', 'COT', 'MLY', 'BTL', 'DEW', 'MIR', 'HUD'], tier: 'rail-fast', longName: 'Leeds - Huddersfield via Morley, Dewsbury' },
  { id: 'NT-WKFHUD', agencyId: 'NT', calls: ['LDS', 'OUT', 'WKF', 'WKK', 'MIR', 'HUD'], tier: 'rail-fast', longName: 'Leeds - Huddersfield via Wakefield Westgate, Wakefield Kirkgate' },
  { id: 'NT-SHFHUD', agencyId: 'NT', calls: ['SHF', 'MHS', 'BNY', 'DOD', 'PNS', 'DBD', 'HUD'], tier: 'rail-fast', longName: 'Sheffield - Huddersfield via Barnsley, Penistone' },
  { id: 'TP-LDSYRK', agencyId: 'TP', calls: ['LDS', 'GRF', 'YRK'], tier: 'rail-stopping', longName: 'Leeds - York (TransPennine)' },
  { id: 'NT-LDSYRK', agencyId: 'NT', calls: ['LDS', 'CRG', 'GRF', 'YRK'], tier: 'rail-fast', longName: 'Leeds - York via Cross Gates, Garforth' },
];

/** The stations' stops (ATCO `9100` + TIPLOC, as in NaPTAN) and one plan per service. */
export function buildRail(localities: LocalityIndex): { stops: DemoStop[]; plans: LinePlan[] } {
  const byCrs = new Map<string, DemoStop>();
  for (const [name, crs, tiploc, lat, lon] of STATIONS) {
    byCrs.set(crs, {
      atco: `9100${tiploc}`, naptanCode: '', name: `${name} Rail Station`, shortName: name, street: '', indicator: '', bearing: '',
      locality: localities.nearest({ lat, lon }), lat, lon, stopType: 'RLY', timingPoint: true, active: true, crs, platform: '',
    });
  }
  const plans = SERVICES.map((s): LinePlan => {
    const pattern = (direction: 0 | 1): DemoPattern => {
      const stops = (direction === 0 ? [...s.calls] : [...s.calls].reverse()).map((crs) => byCrs.get(crs)!);
      const dwell = stops.map((_, i) => i > 0 && i < stops.length - 1);
      const [from, to] = [stops[0], stops[stops.length - 1]];
      return { id: `${s.id}-${direction}`, stops, dwell, headsign: to.shortName, direction, fromPlace: from.crs, toPlace: to.crs, hasShape: false };
    };
    const route = { id: s.id, agencyId: s.agencyId, shortName: '', longName: s.longName, type: 2 };
    return { route, tier: s.tier, speed: SPEED.rail, full: [pattern(0), pattern(1)], blocks: false, shift: s.shift };
  });
  return { stops: [...byCrs.values()], plans };
}

/** The rail stations CSV, laid out as uk_railway_stations.csv (sorted by name). */
export function railStationsCsv(): string {
  const rows = [...STATIONS].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([name, crs, , lat, lon]) => [name, lat, lon, crs, '', 'england']);
  return csvText(['stationName', 'lat', 'long', 'crsCode', 'iataAirportCode', 'constituentCountry'], rows);
}
