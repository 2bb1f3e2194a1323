import { QueryError } from '../errors.js';
import { ukDayOf } from '../time.js';
import type { Planner } from './planner.js';
import type { Coverage } from './coverage.js';
import type { StreetModel } from './street-model.js';
import type { ItineraryBuilder, Scored } from './itinerary-builder.js';
import { paretoFront, itinerarySignature } from './pareto.js';
import { UNREACHED, type Itinerary, type LatLon, type PlanQuery, type PlanResult, type SearchPage, type StopAccess, type StreetMode } from './planner-api.js';
import type { RangeQuery, WindowEstimate } from './range-search.js';

/** Walking radius for access and egress when the request sets no max_walk_distance, metres. */
export const DEFAULT_ACCESS_M = 1000;
/** Wider radius tried when no stop lies within the default one (rural origins), metres. */
export const WIDE_ACCESS_M = 2500;
/** Most transfers an itinerary may have. */
export const MAX_TRANSFERS = 5;
/**
 * The search window, OpenTripPlanner's dynamic search window: base + transit x the lower bound on
 * the door-to-door time + wait x the wait for the first departure towards the destination, rounded
 * up to a step and clamped: about 40 minutes in a busy centre, up to 3 hours where service is
 * sparse. Seconds, except the coefficients.
 */
export const SEARCH_WINDOW = { baseS: 1200, transitCoefficient: 0.5, waitCoefficient: 1, minS: 2400, maxS: 10_800, stepS: 600 } as const;

/** The window for a query's estimate (`RangeSearch.estimate`), seconds. */
export function searchWindowSeconds(est: WindowEstimate): number {
  const w = SEARCH_WINDOW;
  if (est.minTransitS >= UNREACHED) return w.minS; // the bounds say nothing reaches the destination: nothing to widen for
  const raw = w.baseS + w.transitCoefficient * est.minTransitS + w.waitCoefficient * Math.min(est.firstWaitS, w.maxS);
  return Math.min(w.maxS, Math.max(w.minS, Math.ceil(raw / w.stepS) * w.stepS));
}

/**
 * How far past the narrowest search window the target bounds reach, seconds: the horizon
 * (`RangeQuery.horizonS`, `BOUNDS_HORIZON_S`) bounds the Dijkstra from the destination to a few
 * hours of riding around it. A stop past it reads max(horizon, landmark bound): the same journeys,
 * with weaker pruning there.
 */
export const BOUNDS_JOURNEY_S = 10_800;
/**
 * The target bounds' horizon for the estimate and every window, seconds (3 h 40): one Dijkstra per
 * destination, of a few thousand stops on a national snapshot (to 6 hours, tens of thousands).
 */
export const BOUNDS_HORIZON_S = SEARCH_WINDOW.minS + BOUNDS_JOURNEY_S;

export const DEFAULT_TRANSFER_SLACK_S = 60;
/**
 * The query day is the day of the window's anchor (depart-at: its start; arrive-by: its end) plus
 * (depart-at) or minus (arrive-by) these ms, so the window and its one extension (to the end of the
 * next day, arrive-by the start of the day before) lie in the three service days searched (day
 * before, day, day after), up to GTFS 42:00.
 */
export const QUERY_DAY_SHIFT_MS = { departAt: 6 * 3_600_000, arriveBy: -20 * 3_600_000 };

/** The walking radius searched around an end with no stop in the access radius: max_walk_distance, else the wide radius (capped by max_total_walk_distance). */
function searchedRadius(q: PlanQuery): number {
  return q.maxWalkM !== null ? Math.min(q.maxWalkM, q.maxTotalWalkM ?? Infinity) : Math.min(WIDE_ACCESS_M, q.maxTotalWalkM ?? Infinity);
}

const byStart = (a: Scored, b: Scored) => a.start - b.start || a.end - b.end || a.transfers - b.transfers;

/** What the transit search answers before the itineraries are built. */
interface TransitAnswer {
  itineraries: Itinerary[];
  nextAvailable: boolean;
  excludedByWalk: number;
  searchWindowS: number;
  window: SearchPage | null;
  nextPage: SearchPage | null;
  previousPage: SearchPage | null;
}

const NO_TRANSIT: TransitAnswer = { itineraries: [], nextAvailable: false, excludedByWalk: 0, searchWindowS: 0, window: null, nextPage: null, previousPage: null };

/** Why a plan has no (or fewer) itineraries, in words a user can act on. */
export interface PlanNotice {
  code: 'no_stops_near_origin' | 'no_stops_near_destination' | 'no_transit_found' | 'walk_limits_excluded';
  message: string;
}

/**
 * The journey planner: coverage, walking access and egress, range RAPTOR over one search window
 * sized from the query (or a page's window), one extension when it holds nothing, the Pareto filter
 * (later start, earlier end, fewer transfers; less walking breaks ties), walk limits, the `limit`
 * nearest the page's end with the windows of the next and previous pages, then the chosen
 * itineraries' legs and the direct street alternatives.
 */
export class JourneyPlanner {
  constructor(
    private readonly planner: Planner,
    private readonly streets: StreetModel,
    private readonly builder: ItineraryBuilder,
    readonly coverage: Coverage | null,
  ) {}

  plan(q: PlanQuery): PlanResult & { notices: PlanNotice[] } {
    for (const [p, which] of [[q.from, 'origin'], [q.to, 'destination']] as const) {
      if (this.coverage && !this.coverage.contains(p.lat, p.lon)) {
        throw new QueryError('outside_coverage', `The ${which} (${p.lat}, ${p.lon}) lies outside the routing coverage area (${this.coverage.name}).`);
      }
    }
    const notices: PlanNotice[] = [];
    const access = this.stopsNear(q, q.from, false);
    const egress = this.stopsNear(q, q.to, true);
    if (!access.length) notices.push({ code: 'no_stops_near_origin', message: `No stop with services lies within walking distance (${searchedRadius(q)} m) of the origin.` });
    if (!egress.length) notices.push({ code: 'no_stops_near_destination', message: `No stop with services lies within walking distance (${searchedRadius(q)} m) of the destination.` });
    const { excludedByWalk, ...found } = access.length && egress.length ? this.transit(q, access, egress) : NO_TRANSIT;
    if (access.length && egress.length && !found.itineraries.length) notices.push(this.emptyNotice(q, excludedByWalk));
    const alternatives: Partial<Record<StreetMode, Itinerary[]>> = {};
    for (const mode of q.alternatives) alternatives[mode] = this.direct(q, mode);
    return { ...found, alternatives, streetModel: this.streets.kind, notices };
  }

  /** Stops within walking reach of an end: the access radius, widened for rural ends only when no max_walk_distance was given. */
  private stopsNear(q: PlanQuery, p: LatLon, toPoint: boolean): StopAccess[] {
    const found = this.streets.stopsNear(p, Math.min(q.maxWalkM ?? DEFAULT_ACCESS_M, q.maxTotalWalkM ?? Infinity), toPoint);
    return found.length || q.maxWalkM !== null ? found : this.streets.stopsNear(p, searchedRadius(q), toPoint);
  }

  /** Why a plan with stops at both ends found nothing: the walk limits (when journeys exist without them) or no service. */
  private emptyNotice(q: PlanQuery, excludedByWalk: number): PlanNotice {
    if (excludedByWalk) return { code: 'walk_limits_excluded', message: `${excludedByWalk} itineraries were found but walk more than max_total_walk_distance allows.` };
    if (q.maxWalkM !== null || q.maxTotalWalkM !== null) {
      // Stops and transfers beyond the limits are never searched: only a search without them tells whether the limits emptied the answer.
      const free: PlanQuery = { ...q, maxWalkM: null, maxTotalWalkM: null, limit: 1 };
      const access = this.stopsNear(free, q.from, false);
      const egress = this.stopsNear(free, q.to, true);
      if (access.length && egress.length && this.transit(free, access, egress).itineraries.length) {
        const limits = [q.maxWalkM !== null && `max_walk_distance (${q.maxWalkM} m)`, q.maxTotalWalkM !== null && `max_total_walk_distance (${q.maxTotalWalkM} m)`].filter(Boolean).join(' and ');
        return { code: 'walk_limits_excluded', message: `Itineraries were found but walk farther than ${limits} allows.` };
      }
    }
    return { code: 'no_transit_found', message: 'No public transport journey was found in the search window, nor by the next one leaving (arrive-by: arriving) that day or the next (the day before).' };
  }

  /**
   * One window (the page's, or one sized from the query), searched once; when it holds nothing, one
   * extension to the earliest departure (arrive-by: the latest arrival) after it of a journey that
   * no journey after it dominates (`RangeSearch.nextDeparture`), and a window of the same width
   * from there, whose front then holds that journey. Windows are
   * handled in search order, u: the departure, or the negated arrival for arrive-by, so a window is
   * u in [lo, hi) either way and "next" is increasing u.
   */
  private transit(q: PlanQuery, access: StopAccess[], egress: StopAccess[]): TransitAnswer {
    const page = q.page ?? null;
    const anchorMs = page ? (q.arriveBy ? page.end : page.start) : q.time;
    const days = this.planner.days;
    days.set(ukDayOf(anchorMs + (q.arriveBy ? QUERY_DAY_SHIFT_MS.arriveBy : QUERY_DAY_SHIFT_MS.departAt)));
    const seconds = (ms: number) => Math.round((ms - days.reference) / 1000);
    const u = (realS: number) => (q.arriveBy ? -realS : realS);
    const accessBy = new Map(access.map((a) => [a.stop, a]));
    const egressBy = new Map(egress.map((a) => [a.stop, a]));
    const base: RangeQuery = {
      reverse: q.arriveBy, access, egress, from: 0, to: 0, rounds: MAX_TRANSFERS + 2,
      slack: q.transferSlackS ?? DEFAULT_TRANSFER_SLACK_S, modeMask: q.modeMask, maxTransferM: q.maxWalkM ?? Infinity,
    };
    let lo: number, width: number;
    if (page) {
      lo = q.arriveBy ? -seconds(page.end) : seconds(page.start);
      width = Math.round((page.end - page.start) / 1000);
    } else {
      lo = u(seconds(q.time));
      width = searchWindowSeconds(this.planner.estimate({ ...base, horizonS: BOUNDS_HORIZON_S }, lo));
    }
    // The estimate's horizon, whatever the width: its bounds serve the window (past the horizon the landmarks do).
    base.horizonS = BOUNDS_HORIZON_S;
    const towards = page?.towards ?? 'next';
    const askedLo = lo;
    let found = this.searchWindow(q, base, lo, lo + width, accessBy, egressBy);
    if (!found.front.length && !found.excludedByWalk && towards === 'next') {
      const next = this.planner.nextDeparture(base, lo + width);
      if (next !== null) {
        lo = next;
        // Its departures wait out the gap that emptied the first window: when that one proved dear, latest-departure pruning pays from this one's first run.
        found = this.searchWindow(q, { ...base, afterEmpty: true }, lo, lo + width, accessBy, egressBy);
      }
    }
    const key = (c: Scored) => u(q.arriveBy ? c.end : c.start);
    const front = found.front.sort((a, b) => key(a) - key(b) || byStart(a, b));
    const chosen = pick(front, q.limit, towards, key);
    // The part of the window this page covers: up to the last itinerary kept when it left some out.
    const cropped = chosen.length < front.length;
    // `pick` lists the kept ones from the page's end inwards: the last of them is the cut.
    const coveredLo = cropped && towards === 'previous' ? key(chosen[chosen.length - 1]) : lo;
    const coveredHi = cropped && towards === 'next' ? key(chosen[chosen.length - 1]) + 1 : lo + width;
    const toPage = (a: number, b: number, dir: SearchPage['towards']): SearchPage => {
      const ms = (s: number) => days.reference + s * 1000;
      return q.arriveBy ? { start: ms(-b), end: ms(-a), towards: dir } : { start: ms(a), end: ms(b), towards: dir };
    };
    // This page as asked for: the page a cursor from here leads to comes back to it exactly.
    const asked = page ? { start: page.start, end: page.end, towards } : toPage(askedLo, askedLo + width, 'next');
    const back = page?.cameFrom ?? null;
    const link = (via: SearchPage['towards'], computed: SearchPage | null): SearchPage | null => {
      const returnVia = via === 'next' ? 'previous' : 'next';
      if (back && back.via === via) return { start: back.start, end: back.end, towards: back.towards, cameFrom: { ...asked, via: returnVia } };
      return computed && { ...computed, cameFrom: { ...asked, via: returnVia } };
    };
    const nothing = !front.length;
    chosen.sort(byStart);
    const opts = { steps: q.steps, intermediateStops: q.intermediateStops };
    return {
      itineraries: chosen.map((c) => this.builder.build(c, q.from, q.to, accessBy, egressBy, this.streets, opts)),
      nextAvailable: cropped,
      excludedByWalk: found.excludedByWalk,
      searchWindowS: width,
      window: toPage(lo, lo + width, towards),
      nextPage: link('next', nothing && towards === 'next' ? null : toPage(coveredHi, coveredHi + width, 'next')),
      previousPage: link('previous', nothing && !page ? null : toPage(coveredLo - width, coveredLo, 'previous')),
    };
  }

  /** The Pareto front of the journeys in the window u in [lo, hi) (search order), walk limits applied. */
  private searchWindow(q: PlanQuery, base: RangeQuery, lo: number, hi: number, accessBy: Map<number, StopAccess>, egressBy: Map<number, StopAccess>): { front: Scored[]; excludedByWalk: number } {
    // Forward: departures in [from, to). Reverse: arrivals in (from, to], that is u = -arrival in [lo, hi).
    const from = q.arriveBy ? -hi : lo;
    const to = q.arriveBy ? -lo : hi;
    const found: Scored[] = [];
    const seen = new Set<string>();
    let excludedByWalk = 0;
    for (const c of this.planner.range({ ...base, from, to })) {
      const s = this.builder.score(c, accessBy, egressBy);
      if (!s) continue;
      if (q.arriveBy ? s.end <= from || s.end > to : s.start < from || s.start >= to) continue;
      const sig = itinerarySignature(s);
      if (seen.has(sig)) continue;
      seen.add(sig);
      if (q.maxTotalWalkM !== null && s.walk > q.maxTotalWalkM) {
        excludedByWalk++;
        continue;
      }
      found.push(s);
    }
    return { front: paretoFront(found), excludedByWalk };
  }

  /** The direct street alternative of one mode: leave at the time, or arrive by it. No distance cap. */
  private direct(q: PlanQuery, mode: StreetMode): Itinerary[] {
    const path = this.streets.route(q.from, q.to, mode, q.steps);
    if (!path) return [];
    const start = q.arriveBy ? q.time - path.duration * 1000 : q.time;
    const end = start + path.duration * 1000;
    return [{
      start, end, transfers: 0, walkDistance: mode === 'walk' ? path.distance : 0,
      legs: [{ kind: 'street', mode, from: { name: 'Origin', stopIdx: null, ...q.from }, to: { name: 'Destination', stopIdx: null, ...q.to }, start, end, distance: path.distance, geometry: path.geometry, steps: path.steps }],
    }];
  }
}

/**
 * The `limit` itineraries of a front sorted by `key` nearest the page's end: the first (towards
 * 'next') or the last, listed from that end inwards. Never cuts between two of the same key (the next page starts after the last
 * key kept): it keeps fewer, or all of that key when they alone exceed the limit.
 */
function pick(front: Scored[], limit: number, towards: SearchPage['towards'], key: (c: Scored) => number): Scored[] {
  if (front.length <= limit) return front.slice();
  const ordered = towards === 'next' ? front : front.slice().reverse();
  const edge = key(ordered[limit - 1]);
  let n = limit;
  if (key(ordered[limit]) === edge) {
    while (n > 0 && key(ordered[n - 1]) === edge) n--;
    if (n === 0) while (n < ordered.length && key(ordered[n]) === edge) n++;
  }
  return ordered.slice(0, n);
}
