import { csvText } from './csv-text.js';
import { SPEED } from './running-times.js';
import type { LocalityIndex } from './localities.js';
import type { LinePlan } from './timetable.js';
import type { DemoPattern, DemoStop } from './model.js';

/** Real Yorkshire stations: name, CRS, TIPLOC ('' when the demo line does not call) and position. */
const STATIONS: readonly [name: string, crs: string, tiploc: string, lat: number, lon: number][] = [
  ['Sheffield', 'SHF', 'SHEFFLD', 53.378639, -1.463297],
  ['Meadowhall', 'MHS', 'MEADWHL', 53.417046, -1.411669],
  ['Rotherham Central', 'RMC', 'ROTHCEN', 53.429356, -1.358811],
  ['Swinton (South Yorks)', 'SWN', 'SWINTN', 53.487484, -1.305195],
  ['Mexborough', 'MEX', 'MEXBRGH', 53.490986, -1.28855],
  ['Conisbrough', 'CNS', 'CONBRGH', 53.48885, -1.234333],
  ['Doncaster', 'DON', 'DONC', 53.521469, -1.140225],
  ['Barnsley', 'BNY', '', 53.553978, -1.477688],
  ['Bradford Interchange', 'BDI', '', 53.791196, -1.749701],
  ['Chapeltown', 'CLN', '', 53.464046, -1.466743],
  ['Dewsbury', 'DEW', '', 53.692089, -1.633487],
  ['Halifax', 'HFX', '', 53.720417, -1.854486],
  ['Huddersfield', 'HUD', '', 53.648407, -1.785142],
  ['Leeds', 'LDS', '', 53.795158, -1.549089],
  ['Wakefield Kirkgate', 'WKK', '', 53.67897, -1.488254],
  ['Wakefield Westgate', 'WKF', '', 53.681736, -1.506386],
];

/** Calls of the two operators along Sheffield - Doncaster: Northern stops everywhere, TPE is fast. */
const SERVICES = [
  { agencyId: 'NT', calls: ['SHF', 'MHS', 'RMC', 'SWN', 'MEX', 'CNS', 'DON'], tier: 'rail-stopping', longName: 'Sheffield - Doncaster' },
  { agencyId: 'TP', calls: ['SHF', 'MHS', 'DON'], tier: 'rail-fast', longName: 'Sheffield - Doncaster (fast)' },
] as const;

/** The rail line's station stops (ATCO `9100` + TIPLOC, as in NaPTAN) and one plan per operator. */
export function buildRail(localities: LocalityIndex): { stops: DemoStop[]; plans: LinePlan[] } {
  const byCrs = new Map<string, DemoStop>();
  for (const [name, crs, tiploc, lat, lon] of STATIONS) {
    if (!tiploc) continue;
    byCrs.set(crs, {
      atco: `9100${tiploc}`, naptanCode: '', name: `${name} Rail Station`, shortName: name, street: '', indicator: '', bearing: '',
      locality: localities.nearest({ lat, lon }), lat, lon, stopType: 'RLY', timingPoint: true, active: true, crs, platform: '',
    });
  }
  const plans = SERVICES.map((s): LinePlan => {
    const id = `${s.agencyId}-SHFDON`;
    const pattern = (direction: 0 | 1): DemoPattern => {
      const stops = (direction === 0 ? [...s.calls] : [...s.calls].reverse()).map((crs) => byCrs.get(crs)!);
      const dwell = stops.map((_, i) => i > 0 && i < stops.length - 1);
      const [from, to] = [stops[0], stops[stops.length - 1]];
      return { id: `${id}-${direction}`, stops, dwell, headsign: to.shortName, direction, fromPlace: from.crs, toPlace: to.crs, hasShape: false };
    };
    const route = { id, agencyId: s.agencyId, shortName: '', longName: s.longName, type: 2 };
    return { route, tier: s.tier, speed: SPEED.rail, full: [pattern(0), pattern(1)], blocks: false };
  });
  return { stops: [...byCrs.values()], plans };
}

/** The rail stations CSV, laid out as uk_railway_stations.csv (sorted by name). */
export function railStationsCsv(): string {
  const rows = [...STATIONS].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([name, crs, , lat, lon]) => [name, lat, lon, crs, '', 'england']);
  return csvText(['stationName', 'lat', 'long', 'crsCode', 'iataAirportCode', 'constituentCountry'], rows);
}
