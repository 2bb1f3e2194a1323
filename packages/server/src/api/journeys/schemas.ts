import { Type, type TSchema } from '@sinclair/typebox';
import { StringEnum } from '../common/param-types.js';
import { Timestamp } from '../common/schemas.js';
import { LiveVehicle } from '../timetables/schemas.js';

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

/** Why a transit leg has no fare (engine FareGap). */
export const FARE_GAPS = ['no_fare_data', 'no_matching_fare'] as const;

export const LEG_MODES = ['walk', 'bicycle', 'car', 'bus', 'coach', 'tram', 'rail', 'ferry', 'other'] as const;
export const RELATIVE_DIRECTIONS = ['depart', 'continue', 'slightly_left', 'left', 'hard_left', 'slightly_right', 'right', 'hard_right', 'uturn_left', 'uturn_right', 'arrive'] as const;

const LegPlace = Type.Object(
  {
    name: Type.String({ description: 'Stop name, or "Origin" / "Destination" for the requested coordinates.' }),
    atcocode: nullable(Type.String(), 'ATCO code when the place is a stop.'),
    naptan_code: nullable(Type.String(), 'NaPTAN SMS code when the stop has one.'),
    latitude: Type.Number(),
    longitude: Type.Number(),
  },
  { title: 'LegPlace' },
);

const Step = Type.Object(
  {
    relative_direction: StringEnum(RELATIVE_DIRECTIONS, { description: 'Turn at this step relative to the way so far.' }),
    absolute_direction: StringEnum(['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'], { description: 'Compass heading leaving the step.' }),
    street_name: Type.String({ description: 'Street (OpenStreetMap name, else ref); "" for an unnamed path.' }),
    distance_m: Type.Integer({ minimum: 0, description: 'Metres to the next step.' }),
    latitude: Type.Number(),
    longitude: Type.Number(),
  },
  { title: 'WalkStep' },
);

const IntermediateStop = Type.Object(
  { atcocode: Type.String(), name: Type.String(), latitude: Type.Number(), longitude: Type.Number(), arrival_time: Timestamp, departure_time: Timestamp },
  { title: 'IntermediateStop' },
);

const LegFare = Type.Object(
  { amount_gbp: Type.Number({ minimum: 0 }), source: Type.String({ description: 'Where the figure comes from (fare file rule or GTFS fare).' }) },
  { title: 'LegFare' },
);

export const Leg = Type.Object(
  {
    mode: StringEnum(LEG_MODES),
    from: LegPlace,
    to: LegPlace,
    start_time: Timestamp,
    end_time: Timestamp,
    duration_s: Type.Integer({ minimum: 0 }),
    distance_m: Type.Integer({ minimum: 0, description: 'Along the street path or the vehicle path (straight line x detour factor without a street graph).' }),
    geometry: Type.String({ description: 'Encoded polyline (precision 5) of the leg: the street path, or the vehicle shape between the two stops (straight lines between stops when the feed has no shape).' }),
    line: nullable(Type.String(), 'Transit legs: line number (TOC code for rail). Null on street legs.'),
    line_name: nullable(Type.String(), 'Transit legs: line name.'),
    operator: nullable(Type.String(), 'Transit legs: operator name.'),
    operator_code: nullable(Type.String(), 'Transit legs: operator code (NOC, else agency id).'),
    destination: nullable(Type.String(), 'Transit legs: where the vehicle is going (headsign).'),
    trip_id: nullable(Type.String(), 'Transit legs: the journey, usable with /v1/bus/services/{trip_id}.json or /v1/train/services.'),
    dated_vehicle_journey_ref: nullable(Type.String(), 'Transit legs: YYYY-MM-DD:trip_id (fixes the service date).'),
    intermediate_stops: nullable(Type.Array(IntermediateStop), 'With include_intermediate_stops, transit legs: the calls strictly between `from` and `to`, in order (with `from` and `to`, every stop the leg calls at). Null otherwise.'),
    steps: nullable(Type.Array(Step), 'With include_steps, street legs following the street graph: turn-by-turn steps. Null otherwise (and on straight-line legs, which have no streets to name).'),
    fare: nullable(LegFare, 'With include_fares, transit legs with a known fare: what this leg is charged (after day caps; 0 when a cap or a transfer covers it). Null on street legs, on transit legs without a known fare (see fare_unavailable_reason), and on every leg with include_fares=false.'),
    fare_unavailable_reason: nullable(
      StringEnum(FARE_GAPS),
      'Additional field. With include_fares, transit legs without a known fare: no_fare_data (the snapshot has no fare source for this mode and operator: rail fares are never loaded, coaches have none in the bundled fare file) or no_matching_fare (fares exist for the operator, but none covers this leg: area, distance or date). Null on priced legs, street legs, and with include_fares=false.',
    ),
    live_vehicle: nullable(LiveVehicle, 'With include_live, transit legs whose journey has a matched live vehicle now: its position, match and delay. Null otherwise.'),
    expected_departure_time: nullable(Timestamp, 'Additional field. With include_live, transit legs whose vehicle has not yet passed `from`: the live estimate of the departure there (start_time plus the delay at the vehicle; never before the timetable at the first stop). Null otherwise.'),
    expected_arrival_time: nullable(Timestamp, 'Additional field. With include_live, transit legs whose vehicle has not yet passed `to`: the live estimate of the arrival there (end_time plus the delay at the vehicle). Null otherwise.'),
  },
  { title: 'JourneyLeg' },
);

export const Itinerary = Type.Object(
  {
    start_time: Timestamp,
    end_time: Timestamp,
    duration_s: Type.Integer({ minimum: 0 }),
    transfers: Type.Integer({ minimum: 0, description: 'Additional field. Changes between vehicles.' }),
    walk_distance_m: Type.Integer({ minimum: 0, description: 'Additional field. Walking metres over all legs.' }),
    fare: nullable(
      Type.Object(
        {
          amount_gbp: nullable(Type.Number({ minimum: 0 }), 'Total after day caps, pounds, when every transit leg has a known fare (0 for an itinerary with no transit leg); null when any leg\'s fare is unknown, never 0 for an unknown fare.'),
          complete: Type.Boolean({ description: 'True only when every transit leg has a known fare.' }),
          priced_amount_gbp: nullable(Type.Number({ minimum: 0 }), 'Additional field. When some but not all legs are priced: the sum of the priced legs (a lower bound of the total). Null otherwise.'),
        },
        { title: 'ItineraryFare' },
      ),
      'With include_fares (the default), the itinerary\'s fare estimate. Null with include_fares=false: then no fare field of the itinerary or its legs carries a value (leg `fare` and `fare_unavailable_reason` are null too).',
    ),
    legs: Type.Array(Leg),
  },
  { title: 'Itinerary' },
);

const alternative = (mode: string) => Type.Optional(Type.Object({ itineraries: Type.Array(Itinerary) }, { description: `Present when ${mode} is in \`modes\`: one direct ${mode} itinerary (empty when no way exists).` }));

export const JourneyPlan = Type.Object(
  {
    request_time: Timestamp,
    coverage: Type.Object(
      {
        area: Type.String({ description: 'Name of the routing coverage area.' }),
        bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4, description: 'Bounding box of the area: min latitude, min longitude, max latitude, max longitude.' }),
      },
      { title: 'Coverage' },
    ),
    next_available: Type.Boolean({
      description: 'True when the search window held more itineraries than `limit`: later ones (arrive_by: earlier-arriving ones), on the next page.',
    }),
    search_window_s: Type.Integer({
      minimum: 0,
      description: 'Additional field. Length of the search window, seconds: departures (arrive_by: arrivals) in it were searched. Sized from the query (see the endpoint description), or the page\'s; 0 when no transit search ran (no stop near an end).',
    }),
    next_page: nullable(
      Type.String(),
      'Additional field. Cursor of the next page (later departures; arrive_by: earlier arrivals): pass it as `page_cursor` with the same query. Null when nothing was found even after the one extension past the window (no journey that day or the next).',
    ),
    previous_page: nullable(
      Type.String(),
      'Additional field. Cursor of the previous page (earlier departures; arrive_by: later arrivals), as `page_cursor`. Null only when a first search found nothing at all: earlier windows are neither searched ahead nor extended, so a previous page may hold no itinerary and still carry its own `previous_page`.',
    ),
    live_error: nullable(
      Type.String(),
      'Additional field, as on stop boards. Null when include_live is false or every vehicle feed is healthy. Otherwise why legs may lack live data: no vehicle feed configured; a feed failing (since when, how many polls, the last error); a feed stale (no new document for 5 minutes). Itineraries are planned on the timetable either way.',
    ),
    street_model: StringEnum(['osm', 'straight_line'], { description: 'Additional field. osm: street legs follow the OpenStreetMap street graph built into the snapshot; straight_line: no street graph, so walking and the alternatives use the straight line x 1.3 (distance) at 4.8 km/h walking, 15 km/h cycling, 30 km/h driving.' }),
    notices: Type.Array(
      Type.Object({ code: Type.String(), message: Type.String() }, { title: 'JourneyNotice' }),
      { description: 'Additional field. Why there are no (or few) itineraries: no_stops_near_origin, no_stops_near_destination, no_transit_found, walk_limits_excluded; and fares_unavailable (with include_fares) when a returned itinerary has a transit leg without a known fare, naming the modes and reasons.' },
    ),
    itineraries: Type.Array(Itinerary, { description: 'Transit itineraries, by start time. Depart-at: the soonest-leaving `limit` of the Pareto set (later start, earlier end, fewer transfers; less walking breaks ties). Arrive-by: the latest-arriving `limit`.' }),
    alternatives: Type.Object({ walk: alternative('walk'), bicycle: alternative('bicycle'), car: alternative('car') }, { title: 'JourneyAlternatives' }),
  },
  { title: 'JourneyPlan' },
);
