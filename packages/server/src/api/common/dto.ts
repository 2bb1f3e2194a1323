import type { Static } from '@sinclair/typebox';
import type { Place, Station, Stop } from '@transit/engine';
import type { BusStop as BusStopSchema, Place as PlaceSchema, RailStation as RailStationSchema } from './schemas.js';

/** Response shapes (snake_case), typed from the schemas the OpenAPI document publishes. */
export type PlaceDto = Static<typeof PlaceSchema>;
export type BusStopDto = Static<typeof BusStopSchema>;
export type RailStationDto = Static<typeof RailStationSchema>;

/** Engine place → API place: `atcocode` on stops, `crs_code` on stations, `distance` only when computed. */
export function toPlace(p: Place): PlaceDto {
  const dto: PlaceDto = { type: p.type, name: p.name, description: p.description, latitude: p.latitude, longitude: p.longitude };
  if (p.atcocode !== undefined && (p.type === 'bus_stop' || p.type === 'tram_stop')) dto.atcocode = p.atcocode;
  if (p.crsCode !== undefined && p.type === 'train_station') dto.crs_code = p.crsCode;
  if (p.distance !== undefined) dto.distance = Math.round(p.distance);
  return dto;
}

/** Engine stop → API bus stop; absent text stays null, `distance` only on radius searches. */
export function toBusStop(s: Stop): BusStopDto {
  return {
    type: s.type,
    atcocode: s.atcocode,
    naptan_code: s.naptanCode,
    name: s.name,
    short_name: s.shortName,
    indicator: s.indicator,
    street: s.street,
    locality: s.locality,
    town: s.town,
    latitude: s.latitude,
    longitude: s.longitude,
    ...(s.distance !== undefined && { distance: Math.round(s.distance) }),
    towards: s.towards,
    bearing: s.bearing,
    towards_next: s.towardsNext,
  };
}

/** Engine station → API rail station. */
export function toRailStation(s: Station): RailStationDto {
  const dto: RailStationDto = { crs_code: s.crsCode, name: s.name, latitude: s.latitude, longitude: s.longitude };
  if (s.distance !== undefined) dto.distance = Math.round(s.distance);
  return dto;
}
