import { bearingDegrees, compassPoint, offsetMetres } from './geo.js';
import { SPEED } from './running-times.js';
import type { LocalityIndex } from './localities.js';
import type { LinePlan } from './timetable.js';
import type { DemoPattern, DemoStop } from './model.js';

/** Tram stops from Malin Bridge to Manor Top: Supertram's three-letter codes and real positions. */
const TRAM_STOPS: readonly [code: string, name: string, street: string, lat: number, lon: number][] = [
  ['MAL', 'Malin Bridge', 'Holme Lane', 53.400648, -1.508212],
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
];

/**
 * The demo's Supertram-like line: platform 1 serves direction 0 (towards Manor Top), platform 2
 * direction 1; the termini have one platform used both ways. ATCO codes `9400ZZSY<code><platform>`.
 */
export function buildTram(localities: LocalityIndex): { stops: DemoStop[]; plan: LinePlan } {
  const stops: DemoStop[] = [];
  const last = TRAM_STOPS.length - 1;
  const platform = (i: number, p: 1 | 2): DemoStop => {
    const [code, name, street, lat, lon] = TRAM_STOPS[i];
    const [prev, next] = [TRAM_STOPS[Math.max(0, i - 1)], TRAM_STOPS[Math.min(last, i + 1)]];
    const along = bearingDegrees({ lat: prev[3], lon: prev[4] }, { lat: next[3], lon: next[4] });
    const travel = p === 1 ? along : along + 180;
    const at = offsetMetres({ lat, lon }, travel - 90, 5);
    const stop: DemoStop = {
      atco: `9400ZZSY${code}${p}`, naptanCode: '', name, shortName: name.split(' / ')[0], street, indicator: `Platform ${p}`,
      bearing: compassPoint(travel), locality: localities.nearest(at), lat: at.lat, lon: at.lon,
      stopType: 'PLT', timingPoint: true, active: true, crs: '', platform: String(p),
    };
    stops.push(stop);
    return stop;
  };
  const one = TRAM_STOPS.map((_, i) => platform(i, 1));
  const two = TRAM_STOPS.map((_, i) => (i === 0 || i === last ? one[i] : platform(i, 2)));
  const pattern = (direction: 0 | 1, calls: DemoStop[]): DemoPattern => ({
    id: `OP04-T1-${direction}`,
    stops: calls,
    dwell: calls.map(() => false),
    headsign: calls[calls.length - 1].name,
    direction,
    fromPlace: calls[0].atco,
    toPlace: calls[calls.length - 1].atco,
    hasShape: true,
  });
  const route = { id: 'OP04-T1', agencyId: 'OP04', shortName: 'T1', longName: 'Malin Bridge - Manor Top via City Centre', type: 0 };
  return { stops, plan: { route, tier: 'tram', speed: SPEED.tram, full: [pattern(0, one), pattern(1, [...two].reverse())], blocks: true } };
}
