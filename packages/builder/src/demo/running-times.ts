import { distanceMetres } from './geo.js';
import type { DemoPattern } from './model.js';

/** How a mode moves: road detour over the straight line, speed by leg length, time at stops. */
export interface SpeedModel {
  /** Road or track length over straight-line distance. */
  detour: number;
  /** Average speed (km/h) over a leg of this many metres. */
  kmh(legMetres: number): number;
  /** Seconds lost at an ordinary intermediate stop (boarding), carried into the next leg. */
  stopSeconds: number;
  /** Extra wait at a timing point with dwell (arrival_time < departure_time). */
  dwellSeconds: number;
  /** Running times stretch by this factor in weekday rush hours. */
  peakFactor: number;
}

/** Speed models by mode; legs shorter than a kilometre are town streets for buses. */
export const SPEED: Record<'bus' | 'coach' | 'tram' | 'rail', SpeedModel> = {
  // Town streets ~18 km/h, suburbs ~24, open road between towns ~38.
  bus: { detour: 1.3, kmh: (m) => (m < 600 ? 18 : m < 1200 ? 24 : 38), stopSeconds: 20, dwellSeconds: 120, peakFactor: 1.2 },
  coach: { detour: 1.25, kmh: () => 50, stopSeconds: 0, dwellSeconds: 180, peakFactor: 1.15 },
  tram: { detour: 1.15, kmh: () => 24, stopSeconds: 20, dwellSeconds: 60, peakFactor: 1 },
  rail: { detour: 1.1, kmh: () => 68, stopSeconds: 0, dwellSeconds: 60, peakFactor: 1 },
};

/** Base running seconds of each leg (leg i ends at stop i; leg 0 is 0). Computed once per pattern. */
export function legSeconds(pattern: DemoPattern, speed: SpeedModel): number[] {
  return pattern.stops.map((s, i) => {
    if (i === 0) return 0;
    const metres = distanceMetres(pattern.stops[i - 1], s) * speed.detour;
    return (metres / 1000 / speed.kmh(metres)) * 3600;
  });
}

/**
 * Arrival and departure seconds at each stop for a journey leaving the origin at `start`
 * (whole minutes): times are rounded to the minute, so they never decrease along the trip;
 * arrival equals departure except at dwell timing points.
 */
export function tripTimes(pattern: DemoPattern, legs: number[], speed: SpeedModel, start: number, factor: number): { arr: number[]; dep: number[] } {
  const arr = [start];
  const dep = [start];
  let clock = start;
  const last = legs.length - 1;
  for (let i = 1; i <= last; i++) {
    clock += legs[i] * factor;
    const a = Math.round(clock / 60) * 60;
    const d = i < last && pattern.dwell[i] ? a + speed.dwellSeconds : a;
    arr.push(a);
    dep.push(d);
    clock = Math.max(clock, d) + (i < last ? speed.stopSeconds : 0);
  }
  return { arr, dep };
}
