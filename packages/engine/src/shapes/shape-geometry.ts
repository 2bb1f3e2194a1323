import type { TransitMode } from '../api.js';
import type { LineSimplifier } from './simplify.js';

/**
 * Tolerance of the coarse copy kept of each geometry, degrees of latitude (about 5.5 m): boxes
 * whose own tolerance is at least this (0.1 degrees and wider) are drawn from it, not decoded.
 */
export const COARSE_TOLERANCE_DEG = 5e-5;
/** Coarse coordinates are kept in units of 1e-5 degree (the polylines' precision). */
export const COARSE_UNIT = 1e5;

/** Drawing order when `maxPoints` cuts an answer short: rail and tram first, then the busiest lines. */
export const MODE_RANK: Record<TransitMode, number> = { rail: 0, tram: 1, ferry: 2, coach: 3, bus: 4, other: 5 };

/**
 * One geometry while its trips are collected: what it draws, where it was first drawn (the
 * pattern and the entry of its PatternDraw: the catalogue's creation order) and who runs along it.
 */
export class GeometryDraft {
  tripCount = 0;
  /** Route -> [trips on this geometry, one of them], in order of first contribution. */
  private readonly routes = new Map<number, [number, number]>();

  constructor(
    /** Shape drawn, or NONE for the line through `pattern`'s stops. */
    readonly shape: number,
    /** First pattern drawn on it. */
    readonly pattern: number,
    /** Entry of that pattern's PatternDraw that first drew it. */
    readonly entry: number,
  ) {}

  /** Adds `count` trips of `route` (`trip` one of them). */
  add(route: number, count: number, trip: number): void {
    this.tripCount += count;
    const r = this.routes.get(route);
    if (r) r[0] += count;
    else this.routes.set(route, [count, trip]);
  }

  /** A trip of the route with most trips along it (the first such route on ties). */
  representativeTrip(): number {
    let best = -1, trip = 0;
    for (const [count, t] of this.routes.values()) {
      if (count > best) {
        best = count;
        trip = t;
      }
    }
    return trip;
  }
}

/** [minLat, minLon, maxLat, maxLon] of interleaved lat, lon degrees (an empty box for no points). */
export function boundingBox(ll: Float64Array): [number, number, number, number] {
  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (let i = 0; i + 1 < ll.length; i += 2) {
    if (ll[i] < minLat) minLat = ll[i];
    if (ll[i] > maxLat) maxLat = ll[i];
    if (ll[i + 1] < minLon) minLon = ll[i + 1];
    if (ll[i + 1] > maxLon) maxLon = ll[i + 1];
  }
  return [minLat, minLon, maxLat, maxLon];
}

/** A geometry's coarse copy: simplified at COARSE_TOLERANCE_DEG, in whole COARSE_UNITs (interleaved lat, lon). */
export function coarseUnits(ll: Float64Array, simplifier: LineSimplifier): Int32Array {
  const simple = simplifier.simplify(ll, COARSE_TOLERANCE_DEG);
  const out = new Int32Array(simple.length);
  for (let k = 0; k < simple.length; k++) out[k] = Math.round(simple[k] * COARSE_UNIT);
  return out;
}

/**
 * coarseDegrees(coarseUnits(ll)) written at out[at, at + simple.length) from `simple` (ll
 * simplified at COARSE_TOLERANCE_DEG): the copy a geometry built for a box keeps (`| 0` is the
 * Int32Array's conversion: no -0).
 */
export function coarseInto(simple: Float64Array, out: Float64Array, at: number): void {
  for (let k = 0; k < simple.length; k++) out[at + k] = (Math.round(simple[k] * COARSE_UNIT) | 0) / COARSE_UNIT;
}

/** Coarse units back to interleaved lat, lon degrees. */
export function coarseDegrees(units: Int32Array, from = 0, to = units.length): Float64Array {
  const out = new Float64Array(to - from);
  for (let k = from; k < to; k++) out[k - from] = units[k] / COARSE_UNIT;
  return out;
}

/** One distinct route geometry, as the catalogue would hold it (ShapeCatalogue's columns for one g). */
export interface DrawnGeometry {
  /** Shape drawn, or NONE for the line through `pattern`'s stops. */
  readonly shape: number;
  /** First pattern drawn on it (its stops make the line when shape is NONE). */
  readonly pattern: number;
  /** A trip of the route with most trips along it (line, mode, colour). */
  readonly trip: number;
  /** Trips running along it, over the whole snapshot. */
  readonly tripCount: number;
  /** [minLat, minLon, maxLat, maxLon] of the full line, degrees. */
  readonly bbox: ArrayLike<number>;
  /** The line simplified at COARSE_TOLERANCE_DEG, interleaved lat, lon degrees (1e-5 steps). */
  coarseLine(): Float64Array;
}
