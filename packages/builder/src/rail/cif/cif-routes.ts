import type { TimetableModel } from '../../gtfs/timetable-model.js';
import type { CifSchedule } from './cif-schedule.js';
import { tocName } from '../toc-names.js';

/** GTFS route_type per train status: trains 2, replacement buses (BR) 714, other buses 3, ships 4. */
export function routeTypeOf(s: CifSchedule): number {
  if (s.status === 'B' || s.status === '5') return s.category === 'BR' ? 714 : 3;
  if (s.status === 'S' || s.status === '4') return 4;
  return 2;
}

const ROUTE_SUFFIX: Record<number, string> = { 714: 'replacement bus', 3: 'bus', 4: 'ship' };

/**
 * The route of a CIF schedule, created on first use: one agency per ATOC code (id = the code,
 * name from the TOC table; ZZ when the schedule has no BX), one route per operator and mode
 * (id = the code for trains, e.g. `NT`; `NT-replacement-bus`, `NT-bus`, `NT-ship` otherwise;
 * short name = the code). Keys are shared by every CIF input of a build.
 */
export function cifRouteOf(tt: TimetableModel, s: CifSchedule): number {
  const code = s.atoc || 'ZZ';
  const type = routeTypeOf(s);
  const key = `cif:${code}:${type}`;
  const known = tt.routeByKey.get(key);
  if (known !== undefined) return known;
  let agency = tt.agencyByKey.get(`cif:${code}`);
  if (agency === undefined) {
    agency = tt.agencies.length;
    tt.agencyByKey.set(`cif:${code}`, agency);
    tt.agencies.push({ id: code, name: tocName(code), noc: '', url: '' });
  }
  const suffix = ROUTE_SUFFIX[type];
  tt.routeByKey.set(key, tt.routes.length);
  tt.routes.push({ id: suffix ? `${code}-${suffix.replace(/ /g, '-')}` : code, shortName: code, longName: suffix ? `${tocName(code)} ${suffix}` : tocName(code), agency, type });
  return tt.routes.length - 1;
}
