import type { AgencyEntry } from '../snapshot/header.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import { transitModeOf } from '../trips/transit-mode.js';
import { FARE_MODES } from './fare-api.js';
import type { FareTables } from './fare-tables.js';

/** Route -> candidate rules as CSR: offsets length routeCount + 1. */
export interface RouteRules {
  offsets: Uint32Array;
  rules: Uint32Array;
}

/**
 * For every route, the fare file rules whose modes and operators fit it, best first: rules naming
 * the route's operator before area-wide ones, then the latest `effective_from`, then file order.
 * Area and date are left to pricing (they depend on the leg). Routes of one mode and operator
 * share one list, so the work is rules x distinct (mode, operator) pairs.
 */
export function routeRules(f: FareTables, tt: TimetableTables, agencies: readonly AgencyEntry[], strings: StringTable): RouteRules {
  const ruleOperators = Array.from({ length: f.ruleCount }, (_, rule) => {
    const codes: string[] = [];
    for (let i = f.ruleOperatorOffsets[rule]; i < f.ruleOperatorOffsets[rule + 1]; i++) codes.push(strings.get(f.ruleOperators[i]).toUpperCase());
    return codes;
  });
  const byKey = new Map<string, number[]>();
  const lists: number[][] = [];
  for (let route = 0; route < tt.routeCount; route++) {
    const modeBit = 1 << FARE_MODES.indexOf(transitModeOf(tt.routeType[route]));
    const agency = agencies[tt.routeAgency[route]];
    const operator = (agency?.noc || agency?.id || '').toUpperCase();
    const key = `${modeBit}|${operator}`;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = candidates(f, ruleOperators, modeBit, operator)));
    lists.push(list);
  }
  return packRouteRules(lists);
}

function candidates(f: FareTables, ruleOperators: string[][], modeBit: number, operator: string): number[] {
  const out: number[] = [];
  for (let rule = 0; rule < f.ruleCount; rule++) {
    if (!(f.ruleModes[rule] & modeBit)) continue;
    const ops = ruleOperators[rule];
    if (ops.length && !ops.includes(operator)) continue;
    out.push(rule);
  }
  const specific = (rule: number) => (ruleOperators[rule].length ? 0 : 1);
  return out.sort((a, b) => specific(a) - specific(b) || f.ruleFromDay[b] - f.ruleFromDay[a] || a - b);
}

/** Packs one rule list per route into the CSR form of {@link RouteRules}. */
export function packRouteRules(lists: readonly (readonly number[])[]): RouteRules {
  const offsets = new Uint32Array(lists.length + 1);
  lists.forEach((l, route) => (offsets[route + 1] = offsets[route] + l.length));
  const rules = new Uint32Array(offsets[lists.length]);
  lists.forEach((l, route) => rules.set(l, offsets[route]));
  return { offsets, rules };
}
