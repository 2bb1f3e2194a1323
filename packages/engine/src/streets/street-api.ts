/** Walking speed, metres per second (4.8 km/h, the usual UK planner figure). */
export const WALK_SPEED_MPS = 4.8 / 3.6;

/** Non-transit ways to travel for the alternatives and street legs. */
export type StreetMode = 'walk' | 'bicycle' | 'car';

export interface LatLon {
  lat: number;
  lon: number;
}

/** A turn-by-turn step of a street leg. */
export interface StreetStep {
  /** depart, continue, slightly_left, left, hard_left, slightly_right, right, hard_right, uturn_left, uturn_right, arrive. */
  relativeDirection: string;
  /** north ... northwest. */
  absoluteDirection: string;
  streetName: string;
  /** Metres until the next step. */
  distance: number;
  lat: number;
  lon: number;
}
