import type { TimetableModel } from '../gtfs/timetable-model.js';
import { NO_TIME } from '../gtfs/timetable-model.js';
import type { IssueLog } from '../issues.js';
import { groupStopTimes } from './group-stop-times.js';

/** Patterns and the trip order they induce (see TimetableTables in the engine for each column). */
export interface CompiledPatterns {
  /** New trip index -> index into tt.trips (trips of one pattern are contiguous, by departure). */
  tripOrder: Uint32Array;
  tripPattern: Uint32Array;
  tripRank: Uint32Array;
  patternRoute: Uint32Array;
  patternStopOffsets: Uint32Array;
  patternStops: Uint32Array;
  patternStopFlags: Uint8Array;
  patternTripOffsets: Uint32Array;
  patternTrips: Uint32Array;
  patternTimeOffsets: Uint32Array;
  arrivals: Int32Array;
  departures: Int32Array;
}

/**
 * Every trip's calls in (trip, stop_sequence) order, one flat column each: trip t's calls are
 * [offsets[t], offsets[t + 1]). Stops are the snapshot's dense stop indices.
 */
interface TripCalls {
  offsets: Uint32Array;
  stop: Uint32Array;
  flags: Uint8Array;
  arr: Int32Array;
  dep: Int32Array;
}

/** Trips sharing a route, stop sequence and pickup/drop-off rules: the calls of its first trip are [first, first + n). */
interface TripGroup {
  route: number;
  first: number;
  n: number;
  /** Trip indices (into tt.trips), then split into FIFO lanes by emit. */
  trips: number[];
}

/**
 * Groups trips with the same route, stop sequence and pickup/drop-off rules into patterns, split
 * so that no trip overtakes another inside a pattern (FIFO), trips sorted by departure. Trips
 * with no usable calls or times that go backwards are dropped with an issue.
 * `denseStop` maps the model's stop index to the snapshot's stop index.
 * Memory: the stop-time store is merged into trip order and emptied (group-stop-times.ts); groups are found by a numeric hash of the calls, not
 * by string keys, and the output columns are allocated at their exact size.
 */
export function compilePatterns(tt: TimetableModel, denseStop: Int32Array, issues: IssueLog): CompiledPatterns {
  const calls = tripCalls(tt, denseStop);
  const groups = groupTrips(tt, calls, issues);
  return emit(groups, calls);
}

/** The stop-time store's rows in trip order (group-stop-times.ts). */
function tripCalls(tt: TimetableModel, denseStop: Int32Array): TripCalls {
  return groupStopTimes(tt, denseStop);
}

/** Checks and interpolates each trip's times in place and groups the usable trips, in trip order. */
function groupTrips(tt: TimetableModel, calls: TripCalls, issues: IssueLog): TripGroup[] {
  const { offsets, stop, flags, arr, dep } = calls;
  const groups: TripGroup[] = [];
  const byHash = new Map<number, TripGroup | TripGroup[]>();
  for (let t = 0; t < tt.trips.length; t++) {
    const first = offsets[t];
    const end = offsets[t + 1];
    const tripId = tt.trips[t].id;
    const issue = (code: string, message: string) => issues.add({ code, severity: 'error', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message });
    if (end === first) {
      issue('no_stop_times', 'trip has no usable stop times; dropped');
      continue;
    }
    // A single call is kept: feeds cut to an area leave trips that pass through one station,
    // and that call is still a departure on its board.
    if (end - first === 1) issues.add({ code: 'single_stop_trip', severity: 'warning', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message: 'trip calls at one stop only; kept for boards' });
    if (!interpolate(arr, dep, first, end)) {
      issue('missing_times', 'first or last stop time has no time; trip dropped');
      continue;
    }
    if (!increasing(arr, dep, first, end)) {
      issue('non_increasing_times', 'times go backwards along the trip; trip dropped');
      continue;
    }
    const route = tt.trips[t].route;
    const hash = hashCalls(route, stop, flags, first, end);
    const found = byHash.get(hash);
    const same = (g: TripGroup) => g.route === route && g.n === end - first && sameCalls(calls, g.first, first, end - first);
    let g = found === undefined ? undefined : Array.isArray(found) ? found.find(same) : same(found) ? found : undefined;
    if (!g) {
      g = { route, first, n: end - first, trips: [] };
      groups.push(g);
      if (found === undefined) byHash.set(hash, g);
      else if (Array.isArray(found)) found.push(g);
      else byHash.set(hash, [found, g]);
    }
    g.trips.push(t);
  }
  return groups;
}

/** A 31-bit FNV-style hash of a trip's route, stops and pickup/drop-off flags. */
function hashCalls(route: number, stop: Uint32Array, flags: Uint8Array, first: number, end: number): number {
  let h = Math.imul(2166136261 ^ route, 16777619);
  for (let i = first; i < end; i++) h = Math.imul(h ^ (stop[i] * 16 + flags[i]), 16777619);
  return (h ^ (end - first)) >>> 1;
}

/** True when the calls at [a, a + n) and [b, b + n) have the same stops and flags. */
function sameCalls(c: TripCalls, a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (c.stop[a + i] !== c.stop[b + i] || c.flags[a + i] !== c.flags[b + i]) return false;
  return true;
}

/** Fills NO_TIME gaps of the calls [first, end) linearly between known times; false when the ends are unknown. */
function interpolate(arr: Int32Array, dep: Int32Array, first: number, end: number): boolean {
  if (arr[first] === NO_TIME || arr[end - 1] === NO_TIME) return false;
  let prev = first;
  for (let i = first + 1; i < end; i++) {
    if (arr[i] === NO_TIME) continue;
    for (let j = prev + 1; j < i; j++) arr[j] = dep[j] = Math.round(dep[prev] + ((arr[i] - dep[prev]) * (j - prev)) / (i - prev));
    prev = i;
  }
  return true;
}

function increasing(arr: Int32Array, dep: Int32Array, first: number, end: number): boolean {
  for (let i = first; i < end; i++) {
    if (dep[i] < arr[i]) return false;
    if (i > first && arr[i] < dep[i - 1]) return false;
  }
  return true;
}

/** True when trip b never runs ahead of trip a at any of their n calls (b can follow a in one FIFO pattern). */
function follows(c: TripCalls, a: number, b: number, n: number): boolean {
  const fa = c.offsets[a];
  const fb = c.offsets[b];
  for (let i = 0; i < n; i++) if (c.arr[fb + i] < c.arr[fa + i] || c.dep[fb + i] < c.dep[fa + i]) return false;
  return true;
}

/** Sorts each group's trips by departure and splits it into FIFO lanes: one pattern per lane. */
function lanesOf(g: TripGroup, c: TripCalls): number[][] {
  const { offsets, arr, dep } = c;
  g.trips.sort((a, b) => dep[offsets[a]] - dep[offsets[b]] || arr[offsets[a + 1] - 1] - arr[offsets[b + 1] - 1] || a - b);
  const fifo: number[][] = [];
  for (const t of g.trips) {
    const lane = fifo.find((l) => follows(c, l[l.length - 1], t, g.n));
    if (lane) lane.push(t);
    else fifo.push([t]);
  }
  return fifo;
}

function emit(groups: TripGroup[], c: TripCalls): CompiledPatterns {
  const lanes = groups.map((g) => lanesOf(g, c));
  let patternCount = 0;
  let stopCount = 0;
  let tripCount = 0;
  let timeCount = 0;
  groups.forEach((g, i) => {
    for (const lane of lanes[i]) {
      patternCount++;
      stopCount += g.n;
      tripCount += lane.length;
      timeCount += g.n * lane.length;
    }
  });
  const patternRoute = new Uint32Array(patternCount);
  const stopOffsets = new Uint32Array(patternCount + 1);
  const patternStops = new Uint32Array(stopCount);
  const stopFlags = new Uint8Array(stopCount);
  const tripOffsets = new Uint32Array(patternCount + 1);
  const timeOffsets = new Uint32Array(patternCount + 1);
  const arrivals = new Int32Array(timeCount);
  const departures = new Int32Array(timeCount);
  const tripOrder = new Uint32Array(tripCount);
  const tripPattern = new Uint32Array(tripCount);
  const tripRank = new Uint32Array(tripCount);
  const { stop, flags, arr, dep, offsets } = c;
  let p = 0;
  let s = 0;
  let trip = 0;
  let time = 0;
  groups.forEach((g, gi) => {
    for (const lane of lanes[gi]) {
      patternRoute[p] = g.route;
      patternStops.set(stop.subarray(g.first, g.first + g.n), s);
      stopFlags.set(flags.subarray(g.first, g.first + g.n), s);
      s += g.n;
      stopOffsets[p + 1] = s;
      const firsts = Uint32Array.from(lane, (t) => offsets[t]);
      for (let pos = 0; pos < g.n; pos++) {
        for (let k = 0; k < firsts.length; k++) {
          arrivals[time] = arr[firsts[k] + pos];
          departures[time++] = dep[firsts[k] + pos];
        }
      }
      timeOffsets[p + 1] = time;
      for (let rank = 0; rank < lane.length; rank++) {
        tripOrder[trip] = lane[rank];
        tripPattern[trip] = p;
        tripRank[trip++] = rank;
      }
      tripOffsets[p + 1] = trip;
      p++;
    }
  });
  return {
    tripOrder,
    tripPattern,
    tripRank,
    patternRoute,
    patternStopOffsets: stopOffsets,
    patternStops,
    patternStopFlags: stopFlags,
    patternTripOffsets: tripOffsets,
    patternTrips: Uint32Array.from(tripOrder, (_, i) => i),
    patternTimeOffsets: timeOffsets,
    arrivals,
    departures,
  };
}
