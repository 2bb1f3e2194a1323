import type { TransitMode } from '../api.js';

/** Modes a fare rule can name; bit i of `fares.ruleModes` is FARE_MODES[i]. */
export const FARE_MODES: readonly TransitMode[] = ['bus', 'coach', 'tram', 'rail', 'ferry', 'other'];

/** One transit leg of an itinerary, as the planner knows it. Mode, operator and route come from the trip. */
export interface FareLeg {
  tripIdx: number;
  /** Boarding and alighting stops (dense stop indices). */
  fromStop: number;
  toStop: number;
  /** Epoch ms of the departure from `fromStop`: picks the fare in force (UK local date) and GTFS transfer windows (v2 adds the trip's scheduled run for arrivals). */
  departMs: number;
}

/** The estimated fare of one leg. */
export interface LegFare {
  /** Pounds; 0 when a cap or a GTFS transfer covers the leg. */
  amountGbp: number;
  currency: 'GBP';
  /** Where the figure comes from: the fare file rule's `source` (URL or publication), the GTFS feed and fare_id (v1) or fare_product_id (v2), or the v2 transfer rule. */
  source: string;
  /** The fare file rule id, the GTFS fare_id (v1), or the GTFS fare_product_id (v2). */
  fareId: string;
}

/**
 * Why a leg has no fare: `no_fare_data`, nothing in the snapshot can price the leg's route (no
 * GTFS fares in its feed, no fare file rule for its mode and operator: rail, coach in the bundled
 * file); `no_matching_fare`, fares exist for the route but none fits this leg (area, length, date).
 */
export type FareGap = 'no_fare_data' | 'no_matching_fare';

/** Fares of one itinerary. */
export interface FareQuote {
  /** Sum of the priced legs after caps, pounds; null when no leg has a known fare (0 for no legs). */
  amountGbp: number | null;
  /** Every leg has a known fare. */
  complete: boolean;
  /** Per leg, in the order given; null when no rule prices it. */
  legs: (LegFare | null)[];
  /** Per leg: null when priced, else why not. */
  gaps: (FareGap | null)[];
}
