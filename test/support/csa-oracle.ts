import { UNREACHED, TRANSFER_RADIUS_M, DETOUR_FACTOR, walkSeconds } from '@transit/engine';
import { serviceDayStart } from './gtfs-reference.js';
import { loadOracleFeed, serviceRuns, type OracleFeed, type OracleTrip } from './oracle-feed.js';

/**
 * Connection-scan earliest-arrival oracle for the RAPTOR planner, straight from the raw GTFS
 * (oracle-feed.ts). It shares nothing with the planner or the builder but the documented
 * constants of planner-api (UNREACHED, TRANSFER_RADIUS_M, DETOUR_FACTOR, walkSeconds).
 *
 * Contract (the planner's `earliestArrival` with one origin, unlimited transfers, slack 0):
 * - Trips of the service day before the query day, the day itself and the day after are used,
 *   each timed from its own day's reference (local noon minus 12 h, Europe/London) and moved to
 *   the query day's Seconds by the true difference of the references (23/24/25 h).
 * - A connection is two consecutive calls of a trip. A trip is boarded at a call with
 *   pickup_type != 1 whose departure is >= the earliest arrival there (same-stop changes free),
 *   left at a call with drop_off_type != 1, and ridden through calls that forbid either.
 * - Footpaths join every two distinct stops with calls at most TRANSFER_RADIUS_M apart
 *   (haversine, mean Earth radius), taking walkSeconds(d * DETOUR_FACTOR). One footpath may
 *   follow the origin and one may follow each alighting; two never follow each other.
 * - The result is the earliest arrival per stop in the query day's Seconds, UNREACHED when not
 *   reached; the origin gets the departure time.
 */
export class CsaOracle {
  /** Oracle stop -> stop_id: the stops with at least one call, in first-call order. */
  readonly stopIds: string[] = [];
  readonly stopIndex = new Map<string, number>();
  /** Oracle stop -> [first, end) into fpStops / fpSeconds. */
  private readonly fpOffsets: Int32Array;
  private readonly fpStops: Int32Array;
  private readonly fpSeconds: Int32Array;
  private readonly byDate = new Map<string, Connections>();
  private last: { date: string; conns: Connections; origin: number; departS: number } | null = null;
  // Scratch labels of the last query (see explain()).
  private readonly arr: Int32Array;
  private readonly ride: Int32Array;
  private readonly walkFrom: Int32Array;
  private readonly alightVia: Int32Array;
  private boardVia = new Int32Array(0);

  constructor(readonly feed: OracleFeed) {
    for (const trip of feed.trips) for (const s of trip.stops) if (!this.stopIndex.has(s)) this.stopIndex.set(s, this.stopIds.push(s) - 1);
    const n = this.stopIds.length;
    const fp = footpaths(this.stopIds.map((id) => feed.stops.get(id)!));
    this.fpOffsets = fp.offsets;
    this.fpStops = fp.stops;
    this.fpSeconds = fp.seconds;
    this.arr = new Int32Array(n);
    this.ride = new Int32Array(n);
    this.walkFrom = new Int32Array(n);
    this.alightVia = new Int32Array(n);
  }

  /** Reads a GTFS zip or folder. */
  static async open(target: string): Promise<CsaOracle> {
    return new CsaOracle(await loadOracleFeed(target));
  }

  /**
   * Earliest arrival at every oracle stop (index as in `stopIds`), Seconds from `date`'s
   * reference, UNREACHED when not reached. `date` is YYYY-MM-DD; `departS` Seconds from its
   * reference. The array is the oracle's scratch: valid until the next call.
   */
  earliestArrival(originStopId: string, date: string, departS: number): Int32Array {
    const origin = this.stopIndex.get(originStopId);
    const { arr, ride, walkFrom, alightVia } = this;
    arr.fill(UNREACHED);
    ride.fill(UNREACHED);
    walkFrom.fill(-1);
    alightVia.fill(-1);
    const conns = this.connections(date);
    if (this.boardVia.length < conns.tripDays.length) this.boardVia = new Int32Array(conns.tripDays.length);
    const boardVia = this.boardVia.fill(-1, 0, conns.tripDays.length);
    this.last = { date, conns, origin: origin ?? -1, departS };
    if (origin === undefined) return arr; // a stop without calls: no trip, no footpath
    arr[origin] = ride[origin] = departS;
    this.walkOn(origin, departS);
    const { depStop, arrStop, dep, arrTime, tripDay, flags } = conns;
    const count = dep.length;
    let i = lowerBound(dep, departS);
    while (i < count) {
      let end = i + 1;
      while (end < count && dep[end] === dep[i]) end++;
      // Connections leaving at one instant are scanned until nothing changes, so zero-minute
      // hops and zero-second walks at that instant are found whatever their order.
      for (let changed = true; changed; ) {
        changed = false;
        for (let k = i; k < end; k++) {
          const t = tripDay[k];
          if (boardVia[t] < 0) {
            if (!(flags[k] & CAN_BOARD) || dep[k] < arr[depStop[k]]) continue;
            boardVia[t] = k;
            changed = true;
          }
          const s = arrStop[k];
          if (!(flags[k] & CAN_ALIGHT) || arrTime[k] >= ride[s]) continue;
          ride[s] = arrTime[k];
          alightVia[s] = k;
          if (arrTime[k] < arr[s]) {
            arr[s] = arrTime[k];
            walkFrom[s] = -1;
          }
          this.walkOn(s, arrTime[k]);
          changed = true;
        }
      }
      i = end;
    }
    return arr;
  }

  /**
   * The same question with at most `maxTrips` trips (transfers + 1), by rounds over the same
   * connections: round k boards only from round k - 1's arrivals. Scratch result as above;
   * explain() is not available after it.
   */
  earliestArrivalWithin(originStopId: string, date: string, departS: number, maxTrips: number): Int32Array {
    const origin = this.stopIndex.get(originStopId);
    const { arr, ride, walkFrom, alightVia } = this;
    arr.fill(UNREACHED);
    ride.fill(UNREACHED);
    walkFrom.fill(-1);
    alightVia.fill(-1);
    this.last = null;
    if (origin === undefined) return arr;
    const conns = this.connections(date);
    if (this.boardVia.length < conns.tripDays.length) this.boardVia = new Int32Array(conns.tripDays.length);
    const boarded = this.boardVia;
    arr[origin] = ride[origin] = departS;
    this.walkOn(origin, departS);
    const { depStop, arrStop, dep, arrTime, tripDay, flags } = conns;
    const first = lowerBound(dep, departS);
    const prev = new Int32Array(arr.length);
    for (let k = 1; k <= maxTrips; k++) {
      prev.set(arr);
      boarded.fill(-1, 0, conns.tripDays.length);
      let changed = false;
      for (let c = first; c < dep.length; c++) {
        const t = tripDay[c];
        if (boarded[t] < 0) {
          if (!(flags[c] & CAN_BOARD) || dep[c] < prev[depStop[c]]) continue;
          boarded[t] = c;
        }
        const s = arrStop[c];
        if (!(flags[c] & CAN_ALIGHT) || arrTime[c] >= ride[s]) continue;
        ride[s] = arrTime[c];
        if (arrTime[c] < arr[s]) arr[s] = arrTime[c];
        this.walkOn(s, arrTime[c]);
        changed = true;
      }
      if (!changed) break;
    }
    return arr;
  }

  /** Earliest arrival at a stop_id in the last query's result (UNREACHED for stops without calls). */
  arrivalAt(stopId: string): number {
    const s = this.stopIndex.get(stopId);
    return s === undefined ? UNREACHED : this.arr[s];
  }

  /** The last query's journey to a stop, legs from the origin, one line (for mismatch reports). */
  explain(stopId: string): string {
    const q = this.last;
    let s = this.stopIndex.get(stopId) ?? -1;
    if (!q || s < 0 || this.arr[s] >= UNREACHED) return `${stopId}: unreached`;
    const { conns } = q;
    const legs: string[] = [];
    let onFoot = true; // the label followed: arr (may end in a walk) or ride (ends in an alighting)
    for (let guard = 0; guard < 200 && s !== q.origin; guard++) {
      if (onFoot && this.walkFrom[s] >= 0) {
        const from = this.walkFrom[s];
        legs.push(`walk ${this.stopIds[from]}->${this.stopIds[s]} arr ${this.arr[s]}`);
        s = from;
        onFoot = false;
        continue;
      }
      const k = this.alightVia[s];
      const td = conns.tripDays[conns.tripDay[k]];
      const b = this.boardVia[conns.tripDay[k]];
      legs.push(`${td.trip.id}/${td.date}(+${td.offsetS}s) ${this.stopIds[conns.depStop[b]]}@${conns.dep[b]} -> ${this.stopIds[s]}@${conns.arrTime[k]}`);
      s = conns.depStop[b];
      onFoot = true;
    }
    return `${this.stopIds[q.origin]}@${q.departS} | ${legs.reverse().join(' | ')}`;
  }

  /** Footpaths neighbours of an oracle stop with their seconds (for reports). */
  neighbours(stopId: string): { stopId: string; seconds: number }[] {
    const s = this.stopIndex.get(stopId);
    if (s === undefined) return [];
    const out = [];
    for (let e = this.fpOffsets[s]; e < this.fpOffsets[s + 1]; e++) out.push({ stopId: this.stopIds[this.fpStops[e]], seconds: this.fpSeconds[e] });
    return out;
  }

  /** One footpath from `s`, reached at `time` by the origin or an alighting. */
  private walkOn(s: number, time: number): void {
    for (let e = this.fpOffsets[s]; e < this.fpOffsets[s + 1]; e++) {
      const t = this.fpStops[e];
      const at = time + this.fpSeconds[e];
      if (at < this.arr[t]) {
        this.arr[t] = at;
        this.walkFrom[t] = s;
      }
    }
  }

  /** The connections of trips running the day before, on and after `date`, in departure order (cached per date). */
  private connections(date: string): Connections {
    let c = this.byDate.get(date);
    if (!c) this.byDate.set(date, (c = buildConnections(this.feed, this.stopIndex, date)));
    return c;
  }
}

const CAN_BOARD = 1;
const CAN_ALIGHT = 2;

/** A trip on one service day, its times moved by offsetS into the query day's Seconds. */
interface TripDay {
  trip: OracleTrip;
  date: string;
  offsetS: number;
}

/** Connections sorted by departure (struct of arrays). */
interface Connections {
  tripDays: TripDay[];
  depStop: Int32Array;
  arrStop: Int32Array;
  dep: Int32Array;
  arrTime: Int32Array;
  tripDay: Int32Array;
  flags: Uint8Array;
}

function buildConnections(feed: OracleFeed, stopIndex: Map<string, number>, date: string): Connections {
  const ref = serviceDayStart(date);
  const tripDays: TripDay[] = [];
  for (const delta of [-1, 0, 1]) {
    const d = addDays(date, delta);
    const offsetS = (serviceDayStart(d) - ref) / 1000;
    const compact = d.replaceAll('-', '');
    for (const trip of feed.trips) if (serviceRuns(feed.services.get(trip.service)!, compact)) tripDays.push({ trip, date: d, offsetS });
  }
  const total = tripDays.reduce((n, td) => n + td.trip.stops.length - 1, 0);
  const raw = { depStop: new Int32Array(total), arrStop: new Int32Array(total), dep: new Int32Array(total), arrTime: new Int32Array(total), tripDay: new Int32Array(total), flags: new Uint8Array(total) };
  let k = 0;
  tripDays.forEach(({ trip, offsetS }, t) => {
    for (let i = 0; i + 1 < trip.stops.length; i++, k++) {
      raw.depStop[k] = stopIndex.get(trip.stops[i])!;
      raw.arrStop[k] = stopIndex.get(trip.stops[i + 1])!;
      raw.dep[k] = trip.dep[i] + offsetS;
      raw.arrTime[k] = trip.arr[i + 1] + offsetS;
      raw.tripDay[k] = t;
      raw.flags[k] = (trip.noPickup[i] ? 0 : CAN_BOARD) | (trip.noDropOff[i + 1] ? 0 : CAN_ALIGHT);
    }
  });
  // Sort by departure, then creation order (a trip's hops stay in sequence): one numeric key each.
  const keys = new Float64Array(total);
  const base = 4 * 86_400;
  for (let j = 0; j < total; j++) keys[j] = (raw.dep[j] + base) * (total + 1) + j;
  keys.sort();
  const order = Int32Array.from(keys, (key) => key % (total + 1));
  const pick = <A extends Int32Array | Uint8Array>(xs: A) => xs.map((_, j) => xs[order[j]]) as A;
  return { tripDays, depStop: pick(raw.depStop), arrStop: pick(raw.arrStop), dep: pick(raw.dep), arrTime: pick(raw.arrTime), tripDay: pick(raw.tripDay), flags: pick(raw.flags) };
}

/** Mean Earth radius, metres (the figure the engine's docs give for its haversine). */
const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Footpaths between every two distinct stops within TRANSFER_RADIUS_M, as CSR (a latitude sweep, not a spatial index). */
function footpaths(points: { lat: number; lon: number }[]): { offsets: Int32Array; stops: Int32Array; seconds: Int32Array } {
  const n = points.length;
  const byLat = points.map((_, i) => i).sort((a, b) => points[a].lat - points[b].lat);
  // Haversine distance is at least R * |dLat|: no pair further apart in latitude can qualify.
  const window = (TRANSFER_RADIUS_M / EARTH_RADIUS_M / RAD) * 1.000001;
  const lists: { t: number; s: number }[][] = points.map(() => []);
  for (let x = 0; x < n; x++) {
    const a = points[byLat[x]];
    for (let y = x + 1; y < n && points[byLat[y]].lat - a.lat <= window; y++) {
      const b = points[byLat[y]];
      const d = haversineMetres(a.lat, a.lon, b.lat, b.lon);
      if (d > TRANSFER_RADIUS_M) continue;
      const seconds = walkSeconds(d * DETOUR_FACTOR);
      lists[byLat[x]].push({ t: byLat[y], s: seconds });
      lists[byLat[y]].push({ t: byLat[x], s: seconds });
    }
  }
  const offsets = new Int32Array(n + 1);
  lists.forEach((l, i) => (offsets[i + 1] = offsets[i] + l.length));
  const flat = lists.flat();
  return { offsets, stops: Int32Array.from(flat, (f) => f.t), seconds: Int32Array.from(flat, (f) => f.s) };
}

/** First index whose value is >= x in an ascending array. */
function lowerBound(xs: Int32Array, x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days)).toISOString().slice(0, 10);
}
