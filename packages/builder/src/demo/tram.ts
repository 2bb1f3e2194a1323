import { angleBetween, bearingDegrees, compassPoint, offsetMetres } from './geo.js';
import { SPEED } from './running-times.js';
import type { Tier } from './lines.js';
import type { LocalityIndex } from './localities.js';
import type { LinePlan } from './timetable.js';
import type { DemoPattern, DemoStop } from './model.js';

/** Supertram stops: three-letter codes (the real ones where we knew them) and approximate real positions. */
const TRAM_STOPS: readonly [code: string, name: string, street: string, lat: number, lon: number][] = [
  ['MAL', 'Malin Bridge', 'Holme Lane', 53.400648, -1.508212],
  ['MWD', 'Middlewood', 'Middlewood Road', 53.414300, -1.518900],
  ['LEP', 'Leppings Lane', 'Middlewood Road', 53.408200, -1.503600],
  ['HIL', 'Hillsborough', 'Middlewood Road', 53.402003, -1.499977],
  ['LPH', 'Langsett / Primrose View', 'Langsett Road', 53.395755, -1.489350],
  ['INF', 'Infirmary Road', 'Infirmary Road', 53.390885, -1.482469],
  ['SHL', 'Shalesmoor', 'Shalesmoor', 53.388668, -1.477940],
  ['CAT', 'Cathedral', 'Church Street', 53.382579, -1.469054],
  ['CAS', 'Castle Square', 'High Street', 53.383091, -1.466071],
  ['FIZ', 'Fitzalan Square / Ponds Forge', 'Commercial Street', 53.383172, -1.463890],
  ['SHU', 'Sheffield Station / Sheffield Hallam University', 'Sheaf Street', 53.377829, -1.461199],
  ['GRC', 'Granville Road / Sheffield College', 'Granville Road', 53.374387, -1.461315],
  ['PGR', 'Park Grange', 'Park Grange Road', 53.367122, -1.455005],
  ['ABR', 'Arbourthorne Road', 'Park Grange Road', 53.363420, -1.448002],
  ['MRT', 'Manor Top', 'City Road', 53.359706, -1.428664],
  ['GLT', 'Gleadless Townend', 'White Lane', 53.347500, -1.428500],
  ['HER', 'Herdings / Leighton Road', 'Leighton Road', 53.342500, -1.444000],
  ['HEP', 'Herdings Park', 'Raeburn Road', 53.339800, -1.452000],
  ['WHL', 'White Lane', 'White Lane', 53.340000, -1.409500],
  ['BMR', 'Birley Moor Road', 'Birley Moor Road', 53.336900, -1.395500],
  ['CPK', 'Crystal Peaks', 'Peaks Mount', 53.342800, -1.348700],
  ['WTP', 'Waterthorpe', 'Waterthorpe Greenway', 53.334000, -1.342300],
  ['HWY', 'Halfway', 'Station Road', 53.327600, -1.339600],
  ['HYP', 'Hyde Park', 'Park Square', 53.386700, -1.456800],
  ['NUN', 'Nunnery Square', 'Sheffield Parkway', 53.386000, -1.437500],
  ['WBR', 'Woodbourn Road', 'Woodbourn Road', 53.390000, -1.433000],
  ['ATT', 'Attercliffe', 'Attercliffe Road', 53.394700, -1.426000],
  ['ARE', 'Arena / Olympic Legacy Park', 'Attercliffe Road', 53.399500, -1.419000],
  ['VAL', 'Valley Centertainment', 'Broughton Lane', 53.403000, -1.411500],
  ['CAR', 'Carbrook', 'Attercliffe Common', 53.408000, -1.410500],
  ['MST', 'Meadowhall South / Tinsley', 'Meadowhall Road', 53.412800, -1.409000],
  ['MHI', 'Meadowhall Interchange', 'Meadowhall Way', 53.416500, -1.412000],
  ['RMC', 'Rotherham Central', 'Main Street', 53.429600, -1.359300],
  ['PGT', 'Rotherham Parkgate', 'Parkgate Retail World', 53.445000, -1.350000],
];

/** A Supertram line: route id suffix, name, colour-named short name, calls (codes) in direction 0, frequency. */
const TRAM_LINES: readonly { id: string; shortName: string; longName: string; calls: readonly string[]; tier: Tier }[] = [
  { id: 'BLU', shortName: 'Blue', longName: 'Malin Bridge - Halfway via City Centre', tier: 'tram-main',
    calls: ['MAL', 'HIL', 'LPH', 'INF', 'SHL', 'CAT', 'CAS', 'FIZ', 'SHU', 'GRC', 'PGR', 'ABR', 'MRT', 'GLT', 'WHL', 'BMR', 'CPK', 'WTP', 'HWY'] },
  { id: 'YEL', shortName: 'Yellow', longName: 'Middlewood - Meadowhall via City Centre', tier: 'tram-main',
    calls: ['MWD', 'LEP', 'HIL', 'LPH', 'INF', 'SHL', 'CAT', 'CAS', 'FIZ', 'HYP', 'NUN', 'WBR', 'ATT', 'ARE', 'VAL', 'CAR', 'MST', 'MHI'] },
  { id: 'PUR', shortName: 'Purple', longName: 'Herdings Park - Cathedral', tier: 'tram-purple',
    calls: ['HEP', 'HER', 'GLT', 'MRT', 'ABR', 'PGR', 'GRC', 'SHU', 'FIZ', 'CAS', 'CAT'] },
  { id: 'TT', shortName: 'TT', longName: 'Tram Train: Cathedral - Rotherham Parkgate', tier: 'tram-purple',
    calls: ['CAT', 'CAS', 'FIZ', 'HYP', 'NUN', 'WBR', 'ATT', 'ARE', 'VAL', 'CAR', 'MST', 'RMC', 'PGT'] },
];

/**
 * The demo's Supertram network (Blue, Yellow, Purple and the tram-train to Rotherham Parkgate;
 * the operator is invented). Each stop has two platforms, one per direction of travel (platform 1
 * along the first line through it, as drawn in TRAM_LINES); a stop where every line ends has one
 * platform used both ways. ATCO codes `9400ZZSY<code><platform>`.
 */
export function buildTram(localities: LocalityIndex): { stops: DemoStop[]; plans: LinePlan[] } {
  const info = new Map(TRAM_STOPS.map((s) => [s[0], s]));
  const termini = new Set(TRAM_STOPS.map((s) => s[0]).filter((code) => TRAM_LINES.every((l) => !l.calls.includes(code) || l.calls[0] === code || l.calls.at(-1) === code)));
  const along = new Map<string, number>(); // stop -> bearing of platform 1's travel
  const platforms = new Map<string, DemoStop>();
  const stops: DemoStop[] = [];
  const platform = (code: string, travel: number): DemoStop => {
    if (!along.has(code)) along.set(code, travel);
    const p = termini.has(code) || angleBetween(travel, along.get(code)!) <= 90 ? 1 : 2;
    const key = `${code}${p}`;
    let stop = platforms.get(key);
    if (!stop) {
      const [, name, street, lat, lon] = info.get(code)!;
      const facing = p === 1 ? along.get(code)! : along.get(code)! + 180;
      const at = offsetMetres({ lat, lon }, facing - 90, 5);
      stop = {
        atco: `9400ZZSY${key}`, naptanCode: '', name, shortName: name.split(' / ')[0], street, indicator: `Platform ${p}`,
        bearing: compassPoint(facing), locality: localities.nearest(at), lat: at.lat, lon: at.lon,
        stopType: 'PLT', timingPoint: true, active: true, crs: '', platform: String(p),
      };
      platforms.set(key, stop);
      stops.push(stop);
    }
    return stop;
  };
  const calls = (codes: readonly string[]) =>
    codes.map((code, i) => {
      const [prev, next] = [info.get(codes[Math.max(0, i - 1)])!, info.get(codes[Math.min(codes.length - 1, i + 1)])!];
      return platform(code, bearingDegrees({ lat: prev[3], lon: prev[4] }, { lat: next[3], lon: next[4] }));
    });
  const plans = TRAM_LINES.map((line): LinePlan => {
    const id = `OP04-${line.id}`;
    const pattern = (direction: 0 | 1, stopsOf: DemoStop[]): DemoPattern => ({
      id: `${id}-${direction}`, stops: stopsOf, dwell: stopsOf.map(() => false), headsign: stopsOf[stopsOf.length - 1].name, direction,
      fromPlace: stopsOf[0].atco, toPlace: stopsOf[stopsOf.length - 1].atco, hasShape: true,
    });
    const route = { id, agencyId: 'OP04', shortName: line.shortName, longName: line.longName, type: 0 };
    return { route, tier: line.tier, speed: SPEED.tram, full: [pattern(0, calls(line.calls)), pattern(1, calls([...line.calls].reverse()))], blocks: true };
  });
  return { stops, plans };
}

/** Tram stop positions (for the demo street map: every stop reaches the streets). */
export const TRAM_STOP_POSITIONS: readonly { name: string; lat: number; lon: number }[] = TRAM_STOPS.map(([, name, , lat, lon]) => ({ name, lat, lon }));
