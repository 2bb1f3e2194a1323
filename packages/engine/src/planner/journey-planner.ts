import { QueryError } from '../errors.js';
import { ukDayOf } from '../time.js';
import type { Planner } from './planner.js';
import type { Coverage } from './coverage.js';
import type { StreetModel } from './street-model.js';
import type { ItineraryBuilder, Scored } from './itinerary-builder.js';
import { paretoFront, itinerarySignature } from './pareto.js';
import type { Itinerary, PlanQuery, PlanResult, StopAccess, StreetMode } from './planner-api.js';

/** Walking radius for access and egress when the request sets no max_walk_distance, metres. */
export const DEFAULT_ACCESS_M = 1000;
/** Wider radius tried when no stop lies within the default one (rural origins), metres. */
export const WIDE_ACCESS_M = 2500;
/** Most transfers an itinerary may have. */
export const MAX_TRANSFERS = 5;
/** Search windows after (arrive-by: before) the requested time, seconds: tried in turn until more than `limit` itineraries are found. */
export const WINDOWS: readonly [number, number][] = [[0, 7200], [7200, 21600], [21600, 50400], [50400, 93600]];
export const DEFAULT_TRANSFER_SLACK_S = 60;

/** Why a plan has no (or fewer) itineraries, in words a user can act on. */
export interface PlanNotice {
  code: 'no_stops_near_origin' | 'no_stops_near_destination' | 'no_transit_found' | 'walk_limits_excluded';
  message: string;
}

/**
 * The journey planner: coverage, walking access and egress, range RAPTOR over growing windows
 * until more than `limit` itineraries are found, the Pareto filter (later start, earlier end,
 * fewer transfers; less walking breaks ties), walk limits, then the chosen itineraries' legs and
 * the direct street alternatives.
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
    const radius = Math.min(q.maxWalkM ?? DEFAULT_ACCESS_M, q.maxTotalWalkM ?? Infinity);
    const near = (p: typeof q.from, toPoint: boolean) => {
      const found = this.streets.stopsNear(p, radius, toPoint);
      return found.length || q.maxWalkM !== null ? found : this.streets.stopsNear(p, Math.min(WIDE_ACCESS_M, q.maxTotalWalkM ?? Infinity), toPoint);
    };
    const access = near(q.from, false);
    const egress = near(q.to, true);
    if (!access.length) notices.push({ code: 'no_stops_near_origin', message: `No stop with services lies within walking distance (${radius} m) of the origin.` });
    if (!egress.length) notices.push({ code: 'no_stops_near_destination', message: `No stop with services lies within walking distance (${radius} m) of the destination.` });
    const { itineraries, nextAvailable, excludedByWalk } = access.length && egress.length ? this.transit(q, access, egress) : { itineraries: [], nextAvailable: false, excludedByWalk: 0 };
    if (access.length && egress.length && !itineraries.length) {
      notices.push(excludedByWalk
        ? { code: 'walk_limits_excluded', message: `${excludedByWalk} itineraries were found but walk more than max_total_walk_distance allows.` }
        : { code: 'no_transit_found', message: 'No public transport journey was found within a day of the requested time.' });
    }
    const alternatives: Partial<Record<StreetMode, Itinerary[]>> = {};
    for (const mode of q.alternatives) alternatives[mode] = this.direct(q, mode);
    return { itineraries, nextAvailable, alternatives, streetModel: this.streets.kind, notices };
  }

  private transit(q: PlanQuery, access: StopAccess[], egress: StopAccess[]): { itineraries: Itinerary[]; nextAvailable: boolean; excludedByWalk: number } {
    const day = ukDayOf(q.time);
    const days = this.planner.days;
    days.set(day);
    const t = Math.round((q.time - days.reference) / 1000);
    const accessBy = new Map(access.map((a) => [a.stop, a]));
    const egressBy = new Map(egress.map((a) => [a.stop, a]));
    const found: Scored[] = [];
    const seen = new Set<string>();
    let excludedByWalk = 0;
    for (const [w0, w1] of WINDOWS) {
      const from = q.arriveBy ? t - w1 : t + w0;
      const to = q.arriveBy ? t - w0 : t + w1;
      const candidates = this.planner.range({
        reverse: q.arriveBy, access, egress, from, to, rounds: MAX_TRANSFERS + 2,
        slack: q.transferSlackS ?? DEFAULT_TRANSFER_SLACK_S, modeMask: q.modeMask, maxTransferM: q.maxWalkM ?? Infinity,
      });
      for (const c of candidates) {
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
      if (paretoFront(found).length > q.limit) break;
    }
    const front = paretoFront(found);
    // Depart-at: the soonest `limit`; arrive-by: the latest `limit`. Listed by start time either way.
    front.sort((a, b) => a.start - b.start || a.end - b.end || a.transfers - b.transfers);
    const chosen = q.arriveBy ? front.slice(Math.max(0, front.length - q.limit)) : front.slice(0, q.limit);
    const opts = { steps: q.steps, intermediateStops: q.intermediateStops };
    return {
      itineraries: chosen.map((c) => this.builder.build(c, q.from, q.to, accessBy, egressBy, this.streets, opts)),
      nextAvailable: front.length > chosen.length,
      excludedByWalk,
    };
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
