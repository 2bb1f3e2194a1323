import type { Static } from '@sinclair/typebox';
import { LiveOverlay, datedTripRef, encodePolyline, formatUkTimestamp, type Engine, type FareGap, type FareQuote, type Itinerary, type Leg, type LegFare, type LegPlace, type LiveTrip } from '@transit/engine';
import type { Itinerary as ItinerarySchema, JourneyPlan, Leg as LegSchema } from './schemas.js';
import { toLiveVehicle, type LiveContext } from '../timetables/dto.js';

type ItineraryDto = Static<typeof ItinerarySchema>;
type LegDto = Static<typeof LegSchema>;
export type JourneyPlanDto = Static<typeof JourneyPlan>;
type TransitLeg = Extract<Leg, { kind: 'transit' }>;

/** What the journey DTOs need besides the engine's itinerary. */
export interface JourneyDtoContext {
  engine: Engine;
  fares: boolean;
  /** Live overlay and its context when include_live and a vehicle feed is configured. */
  live: { overlay: LiveOverlay; ctx: LiveContext } | null;
}

/** One transit leg's fare for the DTO: its price, or why it has none. */
interface LegFareOut {
  fare: LegFare | null;
  gap: FareGap | null;
}

/** Itinerary DTO; with fares on, `gaps` collects why legs lack a fare (for the plan's notice). */
export function toItinerary(it: Itinerary, c: JourneyDtoContext, gaps?: Set<string>): ItineraryDto {
  const transit = it.legs.filter((l): l is TransitLeg => l.kind === 'transit');
  const quote = c.fares ? priceLegs(transit, c.engine) : null;
  let t = 0;
  const legs = it.legs.map((leg) => {
    const fare = leg.kind === 'transit' && quote ? { fare: quote.legs[t], gap: quote.gaps[t++] } : null;
    if (fare?.gap && gaps) gaps.add(`${leg.mode}:${fare.gap}`);
    return toLeg(leg, c, fare);
  });
  return {
    start_time: formatUkTimestamp(it.start),
    end_time: formatUkTimestamp(it.end),
    duration_s: Math.round((it.end - it.start) / 1000),
    transfers: it.transfers,
    walk_distance_m: Math.round(it.walkDistance),
    fare: quote && {
      amount_gbp: quote.complete ? round2(quote.amountGbp ?? 0) : null,
      complete: quote.complete,
      priced_amount_gbp: !quote.complete && quote.amountGbp !== null ? round2(quote.amountGbp) : null,
    },
    legs,
  };
}

/** The fare quote of an itinerary's transit legs (none: a street-only itinerary, free). */
function priceLegs(transit: TransitLeg[], engine: Engine): FareQuote {
  if (!transit.length) return { amountGbp: 0, complete: true, legs: [], gaps: [] };
  return engine.fares.price(transit.map((l) => ({ tripIdx: l.tripIdx, fromStop: l.from.stopIdx!, toStop: l.to.stopIdx!, departMs: l.start })));
}

/** The `fares_unavailable` notice for the gaps collected over a plan's itineraries; null when every leg was priced. */
export function faresNotice(gaps: ReadonlySet<string>): { code: string; message: string } | null {
  if (!gaps.size) return null;
  const modes = (gap: FareGap) => [...gaps].filter((g) => g.endsWith(`:${gap}`)).map((g) => g.split(':')[0]);
  const parts: string[] = [];
  const noData = modes('no_fare_data');
  const noMatch = modes('no_matching_fare');
  if (noData.length) parts.push(`this snapshot has no fares for some ${noData.join(', ')} legs (fare_unavailable_reason no_fare_data)`);
  if (noMatch.length) parts.push(`no fare rule fits some ${noMatch.join(', ')} legs (fare_unavailable_reason no_matching_fare)`);
  return { code: 'fares_unavailable', message: `Some itineraries have legs without a known fare, so their fare.amount_gbp is null: ${parts.join('; ')}.` };
}

function toLeg(leg: Leg, c: JourneyDtoContext, fare: LegFareOut | null): LegDto {
  const common = {
    from: toPlace(leg.from, c.engine),
    to: toPlace(leg.to, c.engine),
    start_time: formatUkTimestamp(leg.start),
    end_time: formatUkTimestamp(leg.end),
    duration_s: Math.round((leg.end - leg.start) / 1000),
    distance_m: Math.round(leg.distance),
    geometry: encodePolyline(leg.geometry),
  };
  if (leg.kind === 'street') {
    return {
      mode: leg.mode, ...common, line: null, line_name: null, operator: null, operator_code: null, destination: null, trip_id: null, dated_vehicle_journey_ref: null,
      intermediate_stops: null,
      steps: leg.steps && leg.steps.map((s) => ({ relative_direction: s.relativeDirection as never, absolute_direction: s.absoluteDirection as never, street_name: s.streetName, distance_m: Math.round(s.distance), latitude: s.lat, longitude: s.lon })),
      fare: null, fare_unavailable_reason: null, live_vehicle: null, expected_departure_time: null, expected_arrival_time: null,
    };
  }
  const trip = c.engine.tripSummary(leg.tripIdx);
  const live = c.live?.overlay.get(leg.tripIdx, leg.serviceDay);
  return {
    mode: leg.mode, ...common,
    line: trip.line, line_name: trip.lineName, operator: trip.operator, operator_code: trip.operatorCode, destination: trip.destination,
    trip_id: trip.tripId, dated_vehicle_journey_ref: datedTripRef(leg.serviceDay, trip.tripId),
    intermediate_stops: leg.intermediateStops && leg.intermediateStops.map((s) => {
      const stop = c.engine.stop(s.stopIdx);
      return { atcocode: stop.atcocode, name: stop.name, latitude: stop.latitude, longitude: stop.longitude, arrival_time: formatUkTimestamp(s.arrival), departure_time: formatUkTimestamp(s.departure) };
    }),
    steps: null,
    fare: fare?.fare ? { amount_gbp: round2(fare.fare.amountGbp), source: fare.fare.source } : null,
    fare_unavailable_reason: fare?.gap ?? null,
    live_vehicle: live && c.live ? toLiveVehicle(live, trip.operatorCode, trip.destination, c.live.ctx) : null,
    // Stop sequences are 1-based pattern positions, as on boards.
    expected_departure_time: live ? expectedTime(live, leg.boardPos + 1, leg.start) : null,
    expected_arrival_time: live ? expectedTime(live, leg.alightPos + 1, leg.end) : null,
  };
}

/** The live estimate of a call (null when the vehicle has passed it), as a timestamp. */
function expectedTime(live: LiveTrip, sequence: number, aimedMs: number): string | null {
  const expected = LiveOverlay.expected(live, sequence, aimedMs);
  return expected === null ? null : formatUkTimestamp(expected);
}

function toPlace(p: LegPlace, engine: Engine) {
  if (p.stopIdx === null) return { name: p.name, atcocode: null, naptan_code: null, latitude: p.lat, longitude: p.lon };
  const stop = engine.stop(p.stopIdx);
  return { name: stop.name, atcocode: stop.atcocode, naptan_code: stop.naptanCode, latitude: stop.latitude, longitude: stop.longitude };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
