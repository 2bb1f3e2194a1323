import { Type } from '@sinclair/typebox';
import { ModeBit, type StreetMode } from '@transit/engine';
import { defineEndpoint } from '../common/endpoint.js';
import { StringEnum } from '../common/param-types.js';
import { JourneyPlan } from './schemas.js';
import { DATE_TIME_PATTERN, MAX_YEAR, MIN_YEAR, parseDateTime } from '../timetables/params.js';
import { faresNotice, toItinerary, type JourneyDtoContext } from './dto.js';
import { LIVE_NOT_CONFIGURED } from '../../live/vehicle-feeds.js';
import { JourneyCursors, cursorBinding } from './cursor.js';

/** Itineraries per request: default and bounds (spec section 7). */
export const JOURNEY_LIMIT = { default: 5, max: 20 };
const STREET_MODES = ['walk', 'bicycle', 'car'] as const;
const SUB_MODES = ['tram', 'rail'] as const;

const coordinate = (what: string, axis: 'lat' | 'lon') =>
  axis === 'lat'
    ? Type.Number({ minimum: -90, maximum: 90, description: `Latitude of the ${what} (WGS84 degrees).` })
    : Type.Number({ minimum: -180, maximum: 180, description: `Longitude of the ${what} (WGS84 degrees).` });
const walkLimit = (what: string) => Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: `${what} Itineraries that walk more are left out (never silently ignored); not applied to the direct walking alternative.` }));

const JourneyQuery = Type.Object({
  from_lat: coordinate('origin', 'lat'),
  from_lon: coordinate('origin', 'lon'),
  to_lat: coordinate('destination', 'lat'),
  to_lon: coordinate('destination', 'lon'),
  datetime: Type.Optional(Type.String({ maxLength: 40, pattern: DATE_TIME_PATTERN, description: `Departure time, or the latest arrival with arrive_by=true. ISO 8601 (YYYY-MM-DDThh:mm[:ss] with an optional offset; without one, UK local time), years ${MIN_YEAR} to ${MAX_YEAR}. Default: now.` })),
  arrive_by: Type.Boolean({ default: false, description: 'true: `datetime` is the latest arrival; the search runs backwards from it.' }),
  modes: Type.Array(StringEnum(STREET_MODES), { minItems: 0, default: ['walk', 'bicycle'], description: 'Direct non-transit alternatives (comma-separated): walk, bicycle, car. An empty value (`modes=`) skips them. Transit itineraries are always returned.' }),
  transit_modes: Type.Array(StringEnum(SUB_MODES), { minItems: 0, default: ['tram', 'rail'], description: 'Optional sub-modes besides bus and coach (always searched): tram, rail. An empty value (`transit_modes=`) searches bus and coach only.' }),
  include_fares: Type.Boolean({ default: true, description: 'Fare estimates: the itinerary `fare` (total, `complete`), each transit leg\'s `fare` or `fare_unavailable_reason`, and a `fares_unavailable` notice when a leg has no known fare. false: every one of these is null (the notice is left out).' }),
  include_live: Type.Boolean({ default: true, description: 'Live vehicle positions and estimates on transit legs whose journey has a matched vehicle now; `live_error` says when feeds are missing, failing or stale. Itineraries are always planned on the timetable.' }),
  include_intermediate_stops: Type.Boolean({ default: false, description: 'List the stops each transit leg calls at between boarding and alighting, with times.' }),
  max_walk_distance: walkLimit('Longest single walking leg, metres (also bounds the search for stops near each end; default search radius 1000 m, widened to 2500 m when no stop is nearer).'),
  max_total_walk_distance: walkLimit('Most walking over all legs of an itinerary, metres.'),
  include_steps: Type.Boolean({ default: false, description: 'Turn-by-turn steps on walking legs and street alternatives (only when the snapshot has a street graph; see street_model).' }),
  limit: Type.Integer({ minimum: 1, maximum: JOURNEY_LIMIT.max, default: JOURNEY_LIMIT.default, description: `Most transit itineraries (1-${JOURNEY_LIMIT.max}).` }),
  page_cursor: Type.Optional(Type.String({
    maxLength: 200,
    description: 'Additional parameter. `next_page` or `previous_page` of an earlier answer, unchanged: searches that page\'s window instead of the one from `datetime` (which is then ignored). Send the same ends, `arrive_by`, `transit_modes` and walk limits as the answer it came from (`limit` and the output options may change). A cursor that is malformed, altered, issued for another query or by an earlier snapshot is 400 `invalid_parameter` naming page_cursor.',
  })),
});

/** GET /v1/journey.json: door-to-door journeys by public transport, with direct walk, cycle and car alternatives. */
export const journey = defineEndpoint({
  path: '/v1/journey.json',
  operationId: 'planJourney',
  tag: 'Journeys',
  summary: 'Plan a door-to-door journey',
  description:
    'Transit itineraries between two coordinates inside the routing coverage area (422 `outside_coverage` otherwise, never an empty list): walk to a stop, ride one or more buses, trams or trains (at most 5 changes, at least 60 s to change), walk to the destination. ' +
    'The search (range RAPTOR over the timetable) covers one window after `datetime` (arrive_by: before it), sized from the query as OpenTripPlanner\'s dynamic search window is: 20 minutes + half the shortest possible travel time (a lower bound from the timetable) + the wait for the first departure towards the destination near the origin, rounded up to 10 minutes, at least 40 minutes and at most 3 hours (`search_window_s`): short in a busy centre, longer where service is sparse. When the window holds no journey, the search is extended once: to the earliest departure after it (arrive_by: the latest arrival before it), that day or the next (the day before), of a journey that no other journey after the window beats (none leaves later and arrives no later with no more changes), and a window of the same length from there, which holds that journey. So a direct bus that leaves earlier and arrives later than a journey with a change is found, but a journey that leaves earlier only to arrive later with as many changes (waiting overnight, say) does not move the window. ' +
    'More itineraries come by page: `next_page` (later departures; arrive_by: earlier arrivals) and `previous_page` (the other way) are opaque cursors, null when there is nothing more; pass one back as `page_cursor` with the same query. A page keeps the `limit` itineraries nearest its start (never splitting two that leave, or arrive, at the same second), and the next page starts right after the last one kept, so pages neither repeat nor skip an itinerary. Cursors are signed for the query and the timetable snapshot: after a timetable update, search again. ' +
    'Walking transfers join stops up to 400 m apart. Fares come from the snapshot\'s fare model (a documented data file; GTFS fares where the feed has them). ' +
    '`notices` says why nothing was found (no stop near an end, no service, walk limits).',
  auth: true,
  query: JourneyQuery,
  response: JourneyPlan,
  errors: [400, 422],
  cacheable: (q) => !q.include_live,
  handle(q, ctx) {
    const engine = ctx.engine;
    const cursors = JourneyCursors.of(engine);
    const binding = cursorBinding(q);
    const page = q.page_cursor === undefined ? null : cursors.decode(q.page_cursor, binding);
    const time = page ? (q.arrive_by ? page.end : page.start) : q.datetime === undefined ? Date.now() : parseDateTime(q.datetime);
    let modeMask = ModeBit.Bus | ModeBit.Coach;
    if (q.transit_modes.includes('tram')) modeMask |= ModeBit.Tram;
    if (q.transit_modes.includes('rail')) modeMask |= ModeBit.Rail;
    const plan = engine.planJourney({
      from: { lat: q.from_lat, lon: q.from_lon }, to: { lat: q.to_lat, lon: q.to_lon }, time, arriveBy: q.arrive_by, modeMask, limit: q.limit,
      maxWalkM: q.max_walk_distance ?? null, maxTotalWalkM: q.max_total_walk_distance ?? null,
      intermediateStops: q.include_intermediate_stops, steps: q.include_steps, alternatives: [...new Set(q.modes)] as StreetMode[], page,
    });
    const vehicles = q.include_live ? ctx.live.vehicles : null;
    const nowMs = Date.now();
    const c: JourneyDtoContext = { engine, fares: q.include_fares, live: vehicles ? { overlay: vehicles.overlay(nowMs), ctx: { nowMs, simulated: vehicles.simulated } } : null };
    const gaps = new Set<string>();
    const itineraries = plan.itineraries.map((it) => toItinerary(it, c, gaps));
    const fareNotice = faresNotice(gaps);
    const coverage = engine.coverage;
    const bbox = coverage?.bbox ?? [engine.info.bbox.minLat, engine.info.bbox.minLon, engine.info.bbox.maxLat, engine.info.bbox.maxLon];
    return {
      request_time: ctx.requestTime,
      coverage: { area: coverage?.name ?? 'snapshot', bbox },
      next_available: plan.nextAvailable,
      search_window_s: plan.searchWindowS,
      next_page: plan.nextPage && cursors.encode(plan.nextPage, binding),
      previous_page: plan.previousPage && cursors.encode(plan.previousPage, binding),
      live_error: !q.include_live ? null : vehicles ? vehicles.liveError(nowMs) : LIVE_NOT_CONFIGURED,
      street_model: plan.streetModel,
      notices: fareNotice ? [...plan.notices, fareNotice] : plan.notices,
      itineraries,
      alternatives: Object.fromEntries(Object.entries(plan.alternatives).map(([mode, list]) => [mode, { itineraries: list!.map((it) => toItinerary(it, c)) }])),
    };
  },
});
