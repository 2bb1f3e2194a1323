import { Type, type TLiteral, type TUnion, type SchemaOptions } from '@sinclair/typebox';

/**
 * A string restricted to `values`, as a TypeBox union of literals: the parser reads it as an
 * enum and the OpenAPI generator renders it as `{ type: string, enum: [...] }`.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options?: SchemaOptions): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
}

/** Optional `lat`/`lon` pair (WGS84 degrees). Both or neither. */
export function pointParams(purpose: string) {
  return {
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: `Latitude (WGS84 degrees) ${purpose}. Requires \`lon\`.` })),
    lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: `Longitude (WGS84 degrees) ${purpose}. Requires \`lat\`.` })),
  };
}

/** `max_points` of the map layers (streets, shapes): the answer stops growing there and says `truncated`. */
export function maxPointsParam(what: string) {
  return Type.Integer({ minimum: 100, maximum: 100_000, default: 20_000, description: `Stop adding ${what} after this many points (then \`truncated\` is true).` });
}

/** Optional bounding box; all four or none. `maxSpan` (degrees per side) is stated in the descriptions. */
export function boxParams(maxSpan: number | null) {
  const span = maxSpan === null ? '' : ` The box may span at most ${maxSpan} degree(s) of latitude and of longitude.`;
  const edge = (what: string, min: number, max: number) =>
    Type.Optional(Type.Number({ minimum: min, maximum: max, description: `${what} of the bounding box (WGS84 degrees). Give all four of min_lat, min_lon, max_lat, max_lon.${span}` }));
  return {
    min_lat: edge('Southern edge', -90, 90),
    min_lon: edge('Western edge', -180, 180),
    max_lat: edge('Northern edge', -90, 90),
    max_lon: edge('Eastern edge', -180, 180),
  };
}

/** Highest `page` accepted by every list endpoint. */
export const MAX_PAGE = 10_000;

/** `limit` and `page` of a list endpoint. */
export function pagingParams(defaultLimit: number, maxLimit: number) {
  return {
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit, description: `Results per page (at most ${maxLimit}).` }),
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: 'Page number, from 1.' }),
  };
}
