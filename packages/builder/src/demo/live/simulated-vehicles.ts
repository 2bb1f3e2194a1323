import { createRandom } from '../random.js';
import { distanceMetres, ukDayOf, type Engine, type TripDetail } from '@transit/engine';

/** A vehicle placed on a journey by the simulator. */
export interface SimulatedVehicle {
  tripIdx: number;
  serviceDay: number;
  trip: TripDetail;
  /** Delay the vehicle runs at, seconds. */
  delayS: number;
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north along the route there. */
  bearing: number;
}

/** A trip's route as points with cumulative distance, and where its stops fall on it (metres). */
interface Route {
  ll: Float64Array;
  along: Float64Array;
  stopAlong: Float64Array;
}

/**
 * The route a trip follows: its shape when it has one (each stop placed at the nearest shape
 * vertex at or after the previous stop's), else straight lines between its stops.
 */
function routeOf(engine: Engine, trip: TripDetail): Route {
  const tt = engine.timetable;
  const shape = tt.tripShape[trip.tripIdx];
  let ll = shape < tt.shapeCount ? tt.shapeLines.points(tt.shapePolyline[shape]) : new Float64Array(0);
  if (ll.length < 4) ll = Float64Array.from(trip.calls.flatMap((c) => [c.latitude, c.longitude]));
  const n = ll.length >> 1;
  const along = new Float64Array(n);
  for (let i = 1; i < n; i++) along[i] = along[i - 1] + distanceMetres(ll[2 * i - 2], ll[2 * i - 1], ll[2 * i], ll[2 * i + 1]);
  const stopAlong = new Float64Array(trip.calls.length);
  let from = 0;
  trip.calls.forEach((c, s) => {
    let best = Infinity, bestI = from;
    for (let i = from; i < n; i++) {
      const d = distanceMetres(c.latitude, c.longitude, ll[2 * i], ll[2 * i + 1]);
      if (d < best) [best, bestI] = [d, i];
      if (best < 50 && d > best + 300) break;
    }
    stopAlong[s] = along[bestI];
    from = bestI;
  });
  return { ll, along, stopAlong };
}

/** Point and heading at `dist` metres along a route. */
function pointAt(r: Route, dist: number): { latitude: number; longitude: number; bearing: number } {
  const n = r.along.length;
  let i = 0;
  while (i + 2 < n && r.along[i + 1] < dist) i++;
  const seg = r.along[i + 1] - r.along[i];
  const f = seg > 0 ? Math.min(1, Math.max(0, (dist - r.along[i]) / seg)) : 0;
  const [la, lo, lb, lob] = [r.ll[2 * i], r.ll[2 * i + 1], r.ll[2 * i + 2], r.ll[2 * i + 3]];
  const bearing = ((Math.atan2((lob - lo) * Math.cos((la * Math.PI) / 180), lb - la) * 180) / Math.PI + 360) % 360;
  return { latitude: la + f * (lb - la), longitude: lo + f * (lob - lo), bearing: Math.round(bearing) };
}

/**
 * Where the timetable puts a trip's vehicle at `scheduledMs` (epoch ms): along its shape,
 * interpolated between the stops' times; null before its first departure or after its last arrival.
 */
export function positionAt(engine: Engine, trip: TripDetail, scheduledMs: number): { latitude: number; longitude: number; bearing: number } | null {
  const calls = trip.calls;
  if (calls.length < 2 || scheduledMs < calls[0].departure || scheduledMs > calls[calls.length - 1].arrival) return null;
  const r = routeOf(engine, trip);
  for (let i = 0; i + 1 < calls.length; i++) {
    if (scheduledMs <= calls[i].departure) return pointAt(r, r.stopAlong[i]);
    if (scheduledMs <= calls[i + 1].arrival) {
      const f = (scheduledMs - calls[i].departure) / Math.max(1, calls[i + 1].arrival - calls[i].departure);
      return pointAt(r, r.stopAlong[i] + f * (r.stopAlong[i + 1] - r.stopAlong[i]));
    }
  }
  return pointAt(r, r.stopAlong[calls.length - 1]);
}

/** A seeded uniform source in [0, 1) (the demo's mulberry32), as a function. */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

/**
 * Every bus journey of the snapshot running at `nowMs`, each with a delay drawn from `delayOf`
 * (seconds; a journey keeps its delay for a given seed), placed where that delay puts it.
 * At most `limit` vehicles, in trip order.
 */
export function simulateVehicles(engine: Engine, nowMs: number, options: { seed?: number; limit?: number; delayOf?: (tripIdx: number) => number } = {}): SimulatedVehicle[] {
  const seed = options.seed ?? 1;
  const delayOf = options.delayOf ?? ((t: number) => Math.round((seededRandom(seed * 1_000_003 + t)() * 9 - 1.5) * 60));
  const out: SimulatedVehicle[] = [];
  const tt = engine.timetable;
  const today = ukDayOf(nowMs);
  for (let t = 0; t < tt.tripCount && out.length < (options.limit ?? 5000); t++) {
    for (const day of [today, today - 1]) {
      const trip = engine.trip(t, day);
      if (!trip || trip.mode !== 'bus' && trip.mode !== 'coach') continue;
      const delayS = delayOf(t);
      const first = trip.calls[0], last = trip.calls[trip.calls.length - 1];
      if (!first || nowMs - delayS * 1000 <= first.departure || nowMs - delayS * 1000 >= last.arrival) continue;
      const at = positionAt(engine, trip, nowMs - delayS * 1000);
      if (at) out.push({ tripIdx: t, serviceDay: day, trip, delayS, ...at });
    }
  }
  return out;
}
