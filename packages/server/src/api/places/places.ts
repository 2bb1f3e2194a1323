import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../common/endpoint.js';
import { boxParams, pagingParams, pointParams, StringEnum } from '../common/param-types.js';
import { listEnvelope, Place, PLACE_TYPES } from '../common/schemas.js';
import { readBox, readPoint } from '../common/location.js';
import { listBody, paging } from '../common/envelope.js';
import { missingParameter } from '../common/api-error.js';
import { toPlace } from '../common/dto.js';

/** Longest `query` accepted, in characters. */
export const MAX_QUERY_LENGTH = 200;
/** Widest `places` bounding box, in degrees per side. */
export const PLACES_MAX_BOX_DEGREES = 1;

const PlacesQuery = Type.Object({
  query: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_QUERY_LENGTH, description: 'Free text: a stop, station, town or postcode. Case, punctuation and one typo in longer words are forgiven.' })),
  type: Type.Optional(Type.Array(StringEnum(PLACE_TYPES), { description: 'Only these place types. Repeat the parameter or separate values with commas. Default: all types.' })),
  ...pointParams('to rank results by distance and add `distance` to each'),
  ...boxParams(PLACES_MAX_BOX_DEGREES),
  ...pagingParams(20, 100),
});

/** GET /v1/places.json: places by text, near a point, or inside a box. */
export const places = defineEndpoint({
  path: '/v1/places.json',
  operationId: 'searchPlaces',
  tag: 'Places',
  summary: 'Search places (stops, rail stations, settlements, postcodes)',
  description:
    'Supply at least one of `query`, `lat`/`lon` or a bounding box (else 400 missing_parameter). ' +
    '`lat`/`lon` ranks by distance (alone: the nearest places) and adds `distance`; a box restricts results to it and may be combined with both. ' +
    '`query` is echoed back (null when absent).',
  auth: true,
  query: PlacesQuery,
  response: listEnvelope('PlaceList', Place, 'Places, best match first (nearest first without `query`).', {
    query: Type.Union([Type.String(), Type.Null()], { description: 'The `query` parameter as sent, or null.' }),
  }),
  errors: [400],
  cacheable: () => true,
  handle(q, ctx) {
    const near = readPoint(q);
    const box = readBox(q, PLACES_MAX_BOX_DEGREES);
    if (q.query === undefined && !near && !box) throw missingParameter('Supply query, lat and lon, or a bounding box (min_lat, min_lon, max_lat, max_lon).');
    const result = ctx.engine.searchPlaces({ text: q.query, near, box, types: q.type, ...paging(q) });
    return listBody(ctx, q, result, toPlace, { query: q.query ?? null });
  },
});
