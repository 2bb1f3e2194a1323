import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import { StringEnum } from './param-types.js';

/**
 * TypeBox schemas of the responses: the DTO types in dto.ts are their Static types, and the
 * OpenAPI document renders them (each exported object below becomes a named component).
 */

/** Values of `type` on places and stops (the API contract; the engine uses the same strings). */
export const PLACE_TYPES = ['bus_stop', 'train_station', 'tram_stop', 'settlement', 'postcode'] as const;
export const STOP_TYPES = ['bus_stop', 'train_station', 'tram_stop'] as const;

/** `YYYY-MM-DDThh:mm:ss+hh:mm`, UK local time with its real offset. */
export const Timestamp = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$',
  description: 'UK local time (Europe/London), ISO 8601 with offset: YYYY-MM-DDThh:mm:ss+hh:mm.',
});

const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 degrees.' });
const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 degrees.' });
const text = (description: string) => Type.Union([Type.String(), Type.Null()], { description: `${description} Null when the source has none.` });
const distance = (when: string) => Type.Optional(Type.Integer({ minimum: 0, description: `Great-circle metres from lat/lon, rounded. Present only ${when}.` }));

/** Element of `member` on the places search. */
export const Place = Type.Object(
  {
    type: StringEnum(PLACE_TYPES),
    name: Type.String(),
    description: Type.String({ description: 'Human context, e.g. "Bus stop in Sheffield".' }),
    latitude,
    longitude,
    atcocode: Type.Optional(Type.String({ description: 'National stop code; present on bus_stop and tram_stop results only.' })),
    crs_code: Type.Optional(Type.String({ description: '3-letter CRS code; present on train_station results only.' })),
    distance: distance('when lat/lon were supplied'),
  },
  { title: 'Place', description: 'A place: a stop, rail station, settlement or postcode. Fields that do not apply to a type are omitted, not null.' },
);

/** Element of `member` on the bus stop search. */
export const BusStop = Type.Object(
  {
    type: StringEnum(STOP_TYPES),
    atcocode: Type.String({ description: 'National stop code (NaPTAN ATCO); key of stop boards.' }),
    naptan_code: text('Short stop code (SMS code).'),
    name: Type.String(),
    short_name: text('Short name.'),
    indicator: text('Stop indicator, e.g. "Stand B" or "opp".'),
    street: text('Street.'),
    locality: text('Locality.'),
    town: text('Town.'),
    latitude,
    longitude,
    distance: distance('on a radius (lat/lon) search'),
    towards: text('Commonest destination of journeys calling here, derived from the timetable; the best field for telling apart stops sharing a name.'),
    bearing: text('Compass direction from the stop registry (N, NE, ...); the weakest disambiguator.'),
    towards_next: text('First differently named stop the bus calls at next; separates pairs sharing a destination.'),
  },
  { title: 'BusStop', description: 'A bus, tram or rail stop. Absent text fields are null (never omitted); `distance` appears only on radius searches.' },
);

/** Element of `member` on the rail station search. */
export const RailStation = Type.Object(
  {
    crs_code: Type.String({ pattern: '^[A-Z]{3}$', description: '3-letter CRS code.' }),
    name: Type.String(),
    latitude,
    longitude,
    distance: distance('on a radius (lat/lon) search'),
  },
  { title: 'RailStation', description: 'A rail station.' },
);

/**
 * The error envelope of one HTTP status, titled `title`: `code` is one of `codes` (the codes that
 * status is sent with), `request_time` sits beside `error`.
 */
export function errorEnvelope(title: string, codes: readonly [string, ...string[]], description: string) {
  return Type.Object(
    {
      error: Type.Object({
        code: StringEnum(codes, { description: 'Machine-readable error code; each status has its own codes.' }),
        message: Type.String({ description: 'What went wrong, naming the parameter when one is at fault. A 500 quotes the request id.' }),
      }),
      request_time: Timestamp,
    },
    { title, description },
  );
}

/**
 * The list envelope around `item`, plus `extra` fields, as the component `title`.
 * `results_count` counts every match across all pages; `member` holds at most `limit` of them.
 */
export function listEnvelope<T extends TSchema, E extends TProperties = {}>(title: string, item: T, description: string, extra?: E) {
  return Type.Object(
    {
      request_time: Timestamp,
      page: Type.Integer({ minimum: 1, description: 'The page returned (from 1).' }),
      limit: Type.Integer({ minimum: 1, description: 'The page size used.' }),
      results_count: Type.Integer({ minimum: 0, description: 'Number of matches across all pages, not the length of `member`.' }),
      ...(extra as E),
      member: Type.Array(item, { description: 'This page of results: at most `limit` items, best or nearest first.' }),
    },
    { title, description },
  );
}
