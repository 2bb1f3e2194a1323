import type { PlaceType } from '../api.js';
import { QueryError } from '../errors.js';

/**
 * Place ids are one dense range over four kinds, in this order (the order of ties in results):
 * settlements [0, S), rail stations [S, S+T), stops [S+T, S+T+P), postcodes [S+T+P, ...).
 * A station's place id is S + stationIdx, a stop's S + T + stopIdx, a postcode's
 * S + T + P + its position in code order. Settlements, stations and stops are "indexed" (they
 * have words); postcodes are searched by code only.
 */
export const PlaceBit = {
  BusStop: 1,
  TramStop: 2,
  TrainStation: 4,
  Settlement: 8,
  Postcode: 16,
} as const;

export const ALL_PLACE_BITS = 31;

/** Accepts a place: returns a non-zero PlaceBit (TrainStation exactly when it is a station: the CRS rule), or 0 to skip it. */
export type KindFilter = (placeIdx: number) => number;

/** stops.type code -> PlaceBit; stop entrances of rail stations (type 2) are not places. */
export const STOP_TYPE_BITS = Uint8Array.from([PlaceBit.BusStop, PlaceBit.TramStop, 0]);

const BIT_OF_TYPE: Record<PlaceType, number> = {
  bus_stop: PlaceBit.BusStop,
  tram_stop: PlaceBit.TramStop,
  train_station: PlaceBit.TrainStation,
  settlement: PlaceBit.Settlement,
  postcode: PlaceBit.Postcode,
};

/** Bit mask of the wanted place types; all when absent or empty. Throws QueryError on an unknown type. */
export function typeMask(types: readonly PlaceType[] | undefined): number {
  if (!types || types.length === 0) return ALL_PLACE_BITS;
  let mask = 0;
  for (const t of types) {
    const bit = Object.hasOwn(BIT_OF_TYPE, t) ? BIT_OF_TYPE[t] : 0;
    if (!bit) throw new QueryError('invalid_parameter', `Unknown place type "${t}"; use bus_stop, train_station, tram_stop, settlement or postcode.`, 'type');
    mask |= bit;
  }
  return mask;
}
