import { NONE } from '../snapshot/format.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { FareLeg, LegFare } from './fare-api.js';
import type { FareTablesV2 } from './fare-tables-v2.js';
import { packRouteRules, type RouteRules } from './route-rules.js';

/**
 * GTFS fares v2 (docs/fares.md "How a leg is priced"). A leg takes the first fare_leg_rules row
 * of its route's candidates (highest rule_priority, then cheapest product, then file order) whose
 * from and to areas fit its boarding and alighting stops. An empty field matches anything when
 * the feed's fare_leg_rules.txt has a rule_priority column; without one it matches only values no
 * rule lists (the spec's "empty semantics"). Between two consecutive legs of one feed, a
 * fare_transfer_rules row between their leg groups may replace or add to the second leg's fare.
 */
export class GtfsFaresV2 {
  /** Route -> candidate leg rules, best first (network already matched). */
  private readonly byRoute: RouteRules;
  /** Area -> named as some rule's from_area_id / to_area_id (1) or not (0). */
  private readonly fromListed: Uint8Array;
  private readonly toListed: Uint8Array;
  /** Leg group -> named as some transfer rule's from / to leg group. */
  private readonly fromGroupListed: Uint8Array;
  private readonly toGroupListed: Uint8Array;
  /** Scope -> its transfer rules, CSR. */
  private readonly transferOffsets: Uint32Array;

  // Per-quote state: the previous v2-priced leg and the transfer chain it ends (reset by begin()).
  private prevIdx = -1;
  private prevScope = NONE;
  private prevGroup = NONE;
  private prevDepMs = 0;
  private prevArrMs = 0;
  private prevPence = 0;
  /** The previous leg paid its own leg fare (no transfer rule covered it). */
  private prevOwnFare = false;
  /** Transfers so far in the current same-group chain (0 = none) and the chain's first leg times. */
  private chainCount = 0;
  private chainDepMs = 0;
  private chainArrMs = 0;
  /** Pence the last price() call added to the quote (negative when a type 2 transfer lowers the previous leg). */
  charged = 0;

  constructor(
    private readonly v: FareTablesV2,
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
  ) {
    this.fromListed = listed(v.areaId.length, v.legFromArea);
    this.toListed = listed(v.areaId.length, v.legToArea);
    this.fromGroupListed = listed(v.legGroupId.length, v.transferFromGroup);
    this.toGroupListed = listed(v.legGroupId.length, v.transferToGroup);
    this.byRoute = this.routeCandidates();
    const scopes = v.scopePriority.length;
    this.transferOffsets = new Uint32Array(scopes + 1);
    for (let t = 0; t < v.transferRuleCount; t++) this.transferOffsets[v.transferScope[t] + 1]++;
    for (let s = 0; s < scopes; s++) this.transferOffsets[s + 1] += this.transferOffsets[s];
  }

  /** True when the route's feed has GTFS fares v2. */
  covers(route: number): boolean {
    return this.v.routeScope[route] !== NONE;
  }

  /** Starts a new quote. */
  begin(): void {
    this.prevIdx = -1;
    this.chainCount = 0;
  }

  /**
   * Prices leg `i` of the quote into out[i] (and may rewrite out[i - 1] for a type 2 transfer);
   * `charged` says what it added. False when no leg rule fits (out untouched). Legs must come in
   * order; allocates only the LegFare objects.
   */
  price(i: number, leg: FareLeg, out: (LegFare | null)[]): boolean {
    const v = this.v;
    const route = this.tt.tripRoute[leg.tripIdx];
    const rule = this.legRule(route, leg.fromStop, leg.toStop);
    if (rule === NONE) return false;
    const scope = v.routeScope[route];
    const group = v.legGroup[rule];
    const depMs = leg.departMs;
    const arrMs = this.arrivalMs(leg);
    const legPence = Math.max(0, v.productPence[v.legProduct[rule]]);
    let transfer = NONE;
    const chained = this.chainCount > 0 && this.prevGroup === group;
    if (i > 0 && this.prevIdx === i - 1 && this.prevScope === scope && group !== NONE && this.prevGroup !== NONE) {
      const count = chained ? this.chainCount + 1 : 1;
      const startDep = chained ? this.chainDepMs : this.prevDepMs;
      const startArr = chained ? this.chainArrMs : this.prevArrMs;
      transfer = this.transferRule(scope, this.prevGroup, group, count, startDep, startArr, depMs, arrMs);
    }
    let pence = legPence;
    this.charged = 0;
    if (transfer === NONE) {
      out[i] = this.fare(pence, v.productId[v.legProduct[rule]], v.productSource[v.legProduct[rule]]);
    } else {
      const product = v.transferProduct[transfer];
      const transferPence = product === NONE ? 0 : v.productPence[product];
      const shownProduct = product === NONE ? v.legProduct[rule] : product;
      const type = v.transferType[transfer];
      if (type === 1) pence = Math.max(0, legPence + transferPence);
      else if (type === 0 || !this.prevOwnFare) pence = Math.max(0, transferPence);
      else {
        // Type 2 after a leg that bought its own fare: the pair costs AB, charged on the first leg.
        const pair = Math.max(0, transferPence);
        out[i - 1] = this.fare(pair, v.productId[shownProduct], v.transferSource[transfer]);
        this.charged = pair - this.prevPence;
        pence = 0;
      }
      out[i] = this.fare(pence, v.productId[type === 1 ? v.legProduct[rule] : shownProduct], v.transferSource[transfer]);
      if (this.prevGroup === group) {
        if (!chained) {
          this.chainDepMs = this.prevDepMs;
          this.chainArrMs = this.prevArrMs;
        }
        this.chainCount++;
      } else this.chainCount = 0;
    }
    if (transfer === NONE) this.chainCount = 0;
    this.charged += pence;
    this.prevIdx = i;
    this.prevScope = scope;
    this.prevGroup = group;
    this.prevDepMs = depMs;
    this.prevArrMs = arrMs;
    this.prevPence = pence;
    this.prevOwnFare = transfer === NONE;
    return true;
  }

  /** The best leg rule fitting the leg's stops among the route's candidates, or NONE. Does not allocate. */
  legRule(route: number, fromStop: number, toStop: number): number {
    const v = this.v;
    const anyEmpty = v.scopePriority[v.routeScope[route]] === 1;
    for (let i = this.byRoute.offsets[route]; i < this.byRoute.offsets[route + 1]; i++) {
      const rule = this.byRoute.rules[i];
      if (!this.areaFits(v.legFromArea[rule], fromStop, this.fromListed, anyEmpty)) continue;
      if (this.areaFits(v.legToArea[rule], toStop, this.toListed, anyEmpty)) return rule;
    }
    return NONE;
  }

  /** A rule's area fits a stop: the stop is in it, or it is empty and (anything goes, or no rule lists any area of the stop). */
  private areaFits(area: number, stop: number, listedAreas: Uint8Array, anyEmpty: boolean): boolean {
    const v = this.v;
    for (let i = v.stopAreaOffsets[stop]; i < v.stopAreaOffsets[stop + 1]; i++) {
      const a = v.stopAreas[i];
      if (a === area) return true;
      if (area === NONE && !anyEmpty && listedAreas[a]) return false;
    }
    return area === NONE;
  }

  /**
   * The transfer rule of the scope between the two leg groups for the `count`-th transfer of a
   * chain whose first leg departed at startDep and arrived at startArr (epoch ms): the lowest
   * transfer_count that allows it, then the cheapest, then file order; NONE when none applies.
   */
  private transferRule(scope: number, fromGroup: number, toGroup: number, count: number, startDep: number, startArr: number, depMs: number, arrMs: number): number {
    const v = this.v;
    let best = NONE;
    let bestCount = 0;
    for (let t = this.transferOffsets[scope]; t < this.transferOffsets[scope + 1]; t++) {
      const from = v.transferFromGroup[t];
      const to = v.transferToGroup[t];
      if (from === NONE ? this.fromGroupListed[fromGroup] === 1 : from !== fromGroup) continue;
      if (to === NONE ? this.toGroupListed[toGroup] === 1 : to !== toGroup) continue;
      const limit = v.transferCount[t] > 0 ? v.transferCount[t] : Infinity;
      if (count > limit) continue;
      if (v.transferSeconds[t] !== NONE) {
        const type = v.transferDurationType[t];
        const span = (type === 0 || type === 3 ? arrMs : depMs) - (type >= 2 ? startArr : startDep);
        if (span > v.transferSeconds[t] * 1000) continue;
      }
      if (best === NONE || limit < bestCount || (limit === bestCount && this.transferPence(t) < this.transferPence(best))) {
        best = t;
        bestCount = limit;
      }
    }
    return best;
  }

  private transferPence(t: number): number {
    const product = this.v.transferProduct[t];
    return product === NONE ? 0 : this.v.productPence[product];
  }

  /** Epoch ms of the leg's arrival at toStop: its departure plus the trip's scheduled run between the two stops. */
  private arrivalMs(leg: FareLeg): number {
    const tt = this.tt;
    const p = tt.tripPattern[leg.tripIdx];
    const first = tt.patternStopOffsets[p];
    const end = tt.patternStopOffsets[p + 1];
    let from = first;
    while (from < end && tt.patternStops[from] !== leg.fromStop) from++;
    let to = from;
    while (to < end && tt.patternStops[to] !== leg.toStop) to++;
    if (to >= end) return leg.departMs;
    return leg.departMs + (tt.arrivalAt(leg.tripIdx, to - first) - tt.departureAt(leg.tripIdx, from - first)) * 1000;
  }

  private fare(pence: number, id: number, source: number): LegFare {
    return { amountGbp: pence / 100, currency: 'GBP', source: this.strings.get(source), fareId: this.strings.get(id) };
  }

  /** Route -> leg rules of its scope whose network fits it, by rule_priority (highest first), then product price, then file order. */
  private routeCandidates(): RouteRules {
    const { v, tt } = this;
    const networkListed = listed(v.networkId.length, v.legNetwork);
    const byKey = new Map<string, number[]>();
    const lists: number[][] = [];
    for (let route = 0; route < tt.routeCount; route++) {
      const scope = v.routeScope[route];
      const network = v.routeNetwork[route];
      const key = `${scope}|${network}`;
      let list = byKey.get(key);
      if (!list) {
        list = [];
        const anyEmpty = scope !== NONE && v.scopePriority[scope] === 1;
        for (let rule = 0; scope !== NONE && rule < v.legRuleCount; rule++) {
          if (v.legScope[rule] !== scope) continue;
          const n = v.legNetwork[rule];
          if (n === NONE ? anyEmpty || network === NONE || !networkListed[network] : n === network) list.push(rule);
        }
        const pence = (rule: number) => v.productPence[v.legProduct[rule]];
        list.sort((a, b) => v.legPriority[b] - v.legPriority[a] || pence(a) - pence(b) || a - b);
        byKey.set(key, list);
      }
      lists.push(list);
    }
    return packRouteRules(lists);
  }
}

/** Index -> 1 when some entry of `refs` names it (NONE entries ignored). */
function listed(count: number, refs: Uint32Array): Uint8Array {
  const out = new Uint8Array(count);
  for (const r of refs) if (r !== NONE) out[r] = 1;
  return out;
}
