import { QueryError } from '../errors.js';
import { ukDayOf } from '../time.js';
import type { Planner } from './planner.js';
import type { Coverage } from './coverage.js';
import type { StreetModel } from './street-model.js';
import type { ItineraryBuilder, Scored } from './itinerary-builder.js';
import { paretoFront, itinerarySignature } from './pareto.js';
import type { Itinerary, LatLon, PlanQuery, PlanResult, StopAccess, StreetMode } from './planner-api.js';

/** Walking radius for access and egress when the request sets no max_walk_distance, metres. */
export const DEFAULT_ACCESS_M = 1000;
/** Wider radius tried when no stop lies within the default one (rural origins), metres. */
export const WIDE_ACCESS_M = 2500;
/** Most transfers an itinerary may have. */
export const MAX_TRANSFERS = 5;
/** Search windows after (arrive-by: before) the requested time, seconds: tried in turn until more than `limit` itineraries are found. */
export const WINDOWS: readonly [number, number][] = [[0, 7200], [7200, 21600], [21600, 50400], [50400, 93600]];
export const DEFAULT_TRANSFER_SLACK_S = 60;
/**
 * The query day is the day of the requested time plus (depart-at) or minus (arrive-by) these ms,
 * so the widest window lies between 6 h before the query day and 44 h after it: the three
 * service days searched (day before, day, day after) then hold every trip running in it, up to
 * GTFS 42:00. (With the day of the time itself, a search from 22:00 would miss the first trips of
 * the day after next, and an arrive-by before 02:00 the 24:xx trips of two days before.)
 */
export const QUERY_DAY_SHIFT_MS = { departAt: 6 * 3_600_000, arriveBy: -20 * 3_600_000 };

/** The walking radius searched around an end with no stop in the access radius: max_walk_distance, else the wide radius (capped by max_total_walk_distance). */
function searchedRadius(q: PlanQuery): number {
  return q.maxWalkM !== null ? Math.min(q.maxWalkM, q.maxTotalWalkM ?? Infinity) : Math.min(WIDE_ACCESS_M, q.maxTotalWalkM ?? Infinity);
}

const byStart = (a: Scored, b: Scored) => a.start - b.start || a.end - b.end || a.transfers - b.transfers;

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
    const access = this.stopsNear(q, q.from, false);
    const egress = this.stopsNear(q, q.to, true);
    if (!access.length) notices.push({ code: 'no_stops_near_origin', message: `No stop with services lies within walking distance (${searchedRadius(q)} m) of the origin.` });
    if (!egress.length) notices.push({ code: 'no_stops_near_destination', message: `No stop with services lies within walking distance (${searchedRadius(q)} m) of the destination.` });
    const { itineraries, nextAvailable, excludedByWalk } = access.length && egress.length ? this.transit(q, access, egress) : { itineraries: [], nextAvailable: false, excludedByWalk: 0 };
    if (access.length && egress.length && !itineraries.length) notices.push(this.emptyNotice(q, excludedByWalk));
    const alternatives: Partial<Record<StreetMode, Itinerary[]>> = {};
    for (const mode of q.alternatives) alternatives[mode] = this.direct(q, mode);
    return { itineraries, nextAvailable, alternatives, streetModel: this.streets.kind, notices };
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
    return { code: 'no_transit_found', message: 'No public transport journey was found within a day of the requested time.' };
  }

  private transit(q: PlanQuery, access: StopAccess[], egress: StopAccess[]): { itineraries: Itinerary[]; nextAvailable: boolean; excludedByWalk: number } {
    const day = ukDayOf(q.time + (q.arriveBy ? QUERY_DAY_SHIFT_MS.arriveBy : QUERY_DAY_SHIFT_MS.departAt));
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
    // Chosen in the order the windows grow, so every itinerary left out lies beyond the chosen ones and a
    // next search from the last start (arrive-by: the earliest end) finds it: depart-at, the soonest `limit`
    // starts; arrive-by, the latest `limit` ends. Listed by start time either way.
    if (q.arriveBy) front.sort((a, b) => b.end - a.end || b.start - a.start || a.transfers - b.transfers);
    else front.sort(byStart);
    const chosen = front.slice(0, q.limit).sort(byStart);
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
