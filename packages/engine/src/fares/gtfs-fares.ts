import { NONE } from '../snapshot/format.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { FareTables } from './fare-tables.js';
import { packRouteRules, type RouteRules } from './route-rules.js';

/**
 * GTFS fares v1 (fare_attributes.txt + fare_rules.txt) matched against one leg. A rule matches
 * when each of its route, origin zone (boarding stop) and destination zone (alighting stop) is
 * empty or equal; a fare with contains_id rows also needs the zones the leg passes through, ends
 * included, to be exactly its contains set. Among matching fares the cheapest wins.
 */
export class GtfsFares {
  /** Route -> candidate GTFS rules (its own and its scope's route-less ones, agency permitting). */
  private readonly byRoute: RouteRules;

  constructor(
    private readonly f: FareTables,
    private readonly tt: TimetableTables,
  ) {
    this.byRoute = gtfsRouteRules(f, tt);
  }

  /** True when the route's feed has GTFS fares. */
  covers(route: number): boolean {
    return this.f.routeScope[route] !== NONE;
  }

  /** Cheapest fare matching the leg, or NONE. Does not allocate. */
  cheapest(tripIdx: number, fromStop: number, toStop: number): number {
    const f = this.f;
    const route = this.tt.tripRoute[tripIdx];
    let best = NONE;
    for (let i = this.byRoute.offsets[route]; i < this.byRoute.offsets[route + 1]; i++) {
      const rule = this.byRoute.rules[i];
      const fare = f.gtfsRuleFare[rule];
      if (best !== NONE && f.gtfsFarePence[fare] >= f.gtfsFarePence[best]) continue;
      if (this.ruleMatches(rule, tripIdx, fromStop, toStop)) best = fare;
    }
    return best;
  }

  /** True when some rule of `fare` matches the leg (a ticket of that fare is valid on it). */
  fareMatches(fare: number, tripIdx: number, fromStop: number, toStop: number): boolean {
    const route = this.tt.tripRoute[tripIdx];
    for (let i = this.byRoute.offsets[route]; i < this.byRoute.offsets[route + 1]; i++) {
      const rule = this.byRoute.rules[i];
      if (this.f.gtfsRuleFare[rule] === fare && this.ruleMatches(rule, tripIdx, fromStop, toStop)) return true;
    }
    return false;
  }

  private ruleMatches(rule: number, tripIdx: number, fromStop: number, toStop: number): boolean {
    const f = this.f;
    const origin = f.gtfsRuleOrigin[rule];
    if (origin !== NONE && !this.inZone(fromStop, origin)) return false;
    const destination = f.gtfsRuleDestination[rule];
    if (destination !== NONE && !this.inZone(toStop, destination)) return false;
    const fare = f.gtfsRuleFare[rule];
    if (f.gtfsFareContainsOffsets[fare] === f.gtfsFareContainsOffsets[fare + 1]) return true;
    return this.visitsExactly(fare, tripIdx, fromStop, toStop);
  }

  private inZone(stop: number, zone: number): boolean {
    const f = this.f;
    for (let i = f.stopZoneOffsets[stop]; i < f.stopZoneOffsets[stop + 1]; i++) if (f.stopZones[i] === zone) return true;
    return false;
  }

  /** The zones of the calls from boarding to alighting are exactly the fare's contains set. */
  private visitsExactly(fare: number, tripIdx: number, fromStop: number, toStop: number): boolean {
    const { f, tt } = this;
    const p = tt.tripPattern[tripIdx];
    const end = tt.patternStopOffsets[p + 1];
    let first = tt.patternStopOffsets[p];
    while (first < end && tt.patternStops[first] !== fromStop) first++;
    let last = first;
    while (last < end && tt.patternStops[last] !== toStop) last++;
    if (last >= end) return false;
    const [c0, c1] = [f.gtfsFareContainsOffsets[fare], f.gtfsFareContainsOffsets[fare + 1]];
    for (let pos = first; pos <= last; pos++) {
      const stop = tt.patternStops[pos];
      for (let z = f.stopZoneOffsets[stop]; z < f.stopZoneOffsets[stop + 1]; z++) {
        if (!sortedHas(f.gtfsFareContains, c0, c1, f.stopZones[z])) return false;
      }
    }
    for (let c = c0; c < c1; c++) {
      let seen = false;
      for (let pos = first; pos <= last && !seen; pos++) seen = this.inZone(tt.patternStops[pos], f.gtfsFareContains[c]);
      if (!seen) return false;
    }
    return true;
  }
}

/** Binary search for v in the ascending run values[from, to). */
function sortedHas(values: Uint32Array, from: number, to: number, v: number): boolean {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && values[lo] === v;
}

/** Route -> GTFS rules that can apply: rules naming it, and route-less rules of its scope whose fare's agency (if any) runs it. */
function gtfsRouteRules(f: FareTables, tt: TimetableTables): RouteRules {
  const lists: number[][] = Array.from({ length: tt.routeCount }, () => []);
  const wildcardByScope = new Map<number, number[]>();
  for (let rule = 0; rule < f.gtfsRuleFare.length; rule++) {
    const route = f.gtfsRuleRoute[rule];
    if (route !== NONE) lists[route]?.push(rule);
    else {
      const scope = f.gtfsFareScope[f.gtfsRuleFare[rule]];
      let l = wildcardByScope.get(scope);
      if (!l) wildcardByScope.set(scope, (l = []));
      l.push(rule);
    }
  }
  for (let route = 0; route < tt.routeCount; route++) {
    const scope = f.routeScope[route];
    for (const rule of scope === NONE ? [] : wildcardByScope.get(scope) ?? []) {
      const agency = f.gtfsFareAgency[f.gtfsRuleFare[rule]];
      if (agency === NONE || agency === tt.routeAgency[route]) lists[route].push(rule);
    }
  }
  return packRouteRules(lists);
}
