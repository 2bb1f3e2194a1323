import { NONE } from '../snapshot/format.js';
import type { AgencyEntry } from '../snapshot/header.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StopTable } from '../stops/stop-table.js';
import { distanceMetres } from '../spatial/geo.js';
import { ukDayOf } from '../time.js';
import type { FareGap, FareLeg, FareQuote, LegFare } from './fare-api.js';
import type { FareTables } from './fare-tables.js';
import { routeRules, type RouteRules } from './route-rules.js';
import { GtfsFares } from './gtfs-fares.js';
import { GtfsFaresV2 } from './gtfs-fares-v2.js';

/**
 * Fare estimates for itineraries (docs/fares.md). Each leg is priced by, first, the GTFS fares
 * v2 of its route's feed, then its v1 fares, when the feed has them (and one fits the leg), else
 * the first fare file rule that fits its mode, operator, area (boarding and alighting stop both
 * inside), date and distance. Legs priced under rules of one product share that product's day
 * cap: the leg that reaches the cap pays the remainder, later ones nothing. All lookups are built at construction.
 */
export class FareModel {
  private readonly byRoute: RouteRules;
  private readonly gtfs: GtfsFares;
  private readonly v2: GtfsFaresV2;
  /** Rule -> dense product index (cap group). */
  private readonly productOf: Uint32Array;
  /** Scratch: pence charged so far per product in the current quote; reset after each quote. */
  private readonly spent: Uint32Array;
  private readonly touched: Uint32Array;
  /** Single fare of the rule ruleFor last returned, pence. */
  private matchedPence = 0;

  constructor(
    private readonly f: FareTables,
    private readonly tt: TimetableTables,
    agencies: readonly AgencyEntry[],
    private readonly strings: StringTable,
    private readonly stops: StopTable,
  ) {
    this.byRoute = routeRules(f, tt, agencies, strings);
    this.gtfs = new GtfsFares(f, tt);
    this.v2 = new GtfsFaresV2(f.v2, tt, strings);
    const products = new Map<number, number>();
    this.productOf = Uint32Array.from(f.ruleProduct, (p) => products.get(p) ?? products.set(p, products.size).get(p)!);
    this.spent = new Uint32Array(products.size);
    this.touched = new Uint32Array(products.size);
  }

  /**
   * Prices the transit legs of one itinerary, in order. Called per itinerary: allocates only the
   * quote. complete = every leg priced; amountGbp = the sum after caps (null when nothing priced).
   */
  price(legs: readonly FareLeg[]): FareQuote {
    const out: (LegFare | null)[] = new Array(legs.length);
    const gaps: (FareGap | null)[] = new Array(legs.length);
    let total = 0;
    let priced = 0;
    let touchedCount = 0;
    let ticket = NONE; // GTFS fare bought earlier in the itinerary, for its transfers
    let ticketMs = 0;
    let transfersLeft = 0;
    this.v2.begin();
    for (let i = 0; i < legs.length; i++) {
      const leg = legs[i];
      const route = this.tt.tripRoute[leg.tripIdx];
      out[i] = null;
      if (this.v2.covers(route) && this.v2.price(i, leg, out)) total += this.v2.charged;
      else if (this.gtfs.covers(route)) {
        const f = this.f;
        const windowOk = ticket !== NONE && (f.gtfsFareTransferSeconds[ticket] === NONE || leg.departMs - ticketMs <= f.gtfsFareTransferSeconds[ticket] * 1000);
        if (windowOk && transfersLeft > 0 && this.gtfs.fareMatches(ticket, leg.tripIdx, leg.fromStop, leg.toStop)) {
          transfersLeft--;
          out[i] = this.gtfsFare(ticket, 0);
        } else {
          const fare = this.gtfs.cheapest(leg.tripIdx, leg.fromStop, leg.toStop);
          if (fare !== NONE) {
            ticket = fare;
            ticketMs = leg.departMs;
            transfersLeft = f.gtfsFareTransfers[fare] === 255 ? Infinity : f.gtfsFareTransfers[fare];
            out[i] = this.gtfsFare(fare, f.gtfsFarePence[fare]);
            total += f.gtfsFarePence[fare];
          }
        }
      }
      if (out[i] === null) {
        const rule = this.ruleFor(route, leg);
        if (rule !== NONE) {
          let pence = this.matchedPence;
          const cap = this.f.ruleDayCapPence[rule];
          if (cap !== NONE) {
            const p = this.productOf[rule];
            const before = this.spent[p];
            pence = Math.min(pence, cap > before ? cap - before : 0);
            if (before === 0 && pence > 0) this.touched[touchedCount++] = p; // each product once: reset below
            this.spent[p] = before + pence;
          }
          out[i] = { amountGbp: pence / 100, currency: 'GBP', source: this.strings.get(this.f.ruleSource[rule]), fareId: this.strings.get(this.f.ruleId[rule]) };
          total += pence;
        }
      }
      if (out[i] !== null) priced++;
      gaps[i] = out[i] !== null ? null : this.hasFareData(route) ? 'no_matching_fare' : 'no_fare_data';
    }
    for (let t = 0; t < touchedCount; t++) this.spent[this.touched[t]] = 0;
    return { amountGbp: priced || !legs.length ? total / 100 : null, complete: priced === legs.length, legs: out, gaps };
  }

  /** Some fare source could price the route: its feed's GTFS fares (v2 or v1) or a fare file rule for its mode and operator. */
  private hasFareData(route: number): boolean {
    return this.v2.covers(route) || this.gtfs.covers(route) || this.byRoute.offsets[route + 1] > this.byRoute.offsets[route];
  }

  /** First candidate rule of the route in force on the leg's date whose area holds both stops and whose bands reach its length (its fare left in matchedPence); NONE when none. */
  private ruleFor(route: number, leg: FareLeg): number {
    const f = this.f;
    const areas = f.stopAreas[leg.fromStop] & f.stopAreas[leg.toStop];
    if (areas === 0) return NONE;
    const day = ukDayOf(leg.departMs);
    for (let i = this.byRoute.offsets[route]; i < this.byRoute.offsets[route + 1]; i++) {
      const rule = this.byRoute.rules[i];
      if (!(areas & (1 << f.ruleArea[rule]))) continue;
      if (day < f.ruleFromDay[rule] || (f.ruleToDay[rule] !== NONE && day > f.ruleToDay[rule])) continue;
      const pence = this.bandPence(rule, leg);
      if (pence !== NONE) {
        this.matchedPence = pence;
        return rule;
      }
    }
    return NONE;
  }

  /** Single fare of the rule's band for the leg's straight-line length, pence; NONE past its last band. */
  private bandPence(rule: number, leg: FareLeg): number {
    const f = this.f;
    const [first, end] = [f.ruleBandOffsets[rule], f.ruleBandOffsets[rule + 1]];
    if (end - first === 1 && f.bandUpToMetres[first] === NONE) return f.bandPence[first];
    const s = this.stops;
    const metres = distanceMetres(s.lat[leg.fromStop], s.lon[leg.fromStop], s.lat[leg.toStop], s.lon[leg.toStop]);
    for (let b = first; b < end; b++) if (f.bandUpToMetres[b] === NONE || metres <= f.bandUpToMetres[b]) return f.bandPence[b];
    return NONE;
  }

  private gtfsFare(fare: number, pence: number): LegFare {
    return { amountGbp: pence / 100, currency: 'GBP', source: this.strings.get(this.f.gtfsFareSource[fare]), fareId: this.strings.get(this.f.gtfsFareId[fare]) };
  }
}
