import type { TimetableModel } from '../gtfs/timetable-model.js';
import { NO_TIME } from '../gtfs/timetable-model.js';
import type { CallBuffer } from '../gtfs/stop-time-runs.js';
import type { IssueLog } from '../issues.js';
import { ProfileRowWriter, TripProfiles, type ProfileTimes } from './compile-profiles.js';

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
  /** The stop times as running-time profiles, by new trip index (tripStart is each trip's first departure). */
  times: ProfileTimes;
}

/** Trips sharing a route, stop sequence and pickup/drop-off rules (one or more FIFO patterns). */
interface TripGroup {
  route: number;
  stops: Uint32Array;
  flags: Uint8Array;
}

/** What is kept of each usable trip once its calls are gone: its group, first departure and running-time profile. */
interface TripKeys {
  group: Int32Array;
  start: Int32Array;
  profile: Uint32Array;
  profiles: TripProfiles;
}

/**
 * Groups trips with the same route, stop sequence and pickup/drop-off rules into patterns, split
 * so that no trip overtakes another inside a pattern (FIFO), trips sorted by departure. Trips
 * with no usable calls or times that go backwards are dropped with an issue.
 * `denseStop` maps the model's stop index to the snapshot's stop index.
 * Memory: the stop-time store hands the calls over one trip at a time (and is emptied); a trip
 * keeps 12 bytes (group, start, profile) and each group its distinct running-time profiles once,
 * so neither the calls nor time matrices are ever whole in memory. Groups are found by a numeric
 * hash of the calls, not by string keys, and the output columns are allocated at their exact size.
 */
export function compilePatterns(tt: TimetableModel, denseStop: Int32Array, issues: IssueLog): CompiledPatterns {
  const tripCount = tt.trips.length;
  const keys: TripKeys = { group: new Int32Array(tripCount).fill(-1), start: new Int32Array(tripCount), profile: new Uint32Array(tripCount), profiles: new TripProfiles() };
  const groups: TripGroup[] = [];
  const byHash = new Map<number, number | number[]>();
  const tripRoute = tt.trips.route.view();
  tt.st.forEachTrip(tripCount, denseStop, (t, calls, n) => {
    const tripId = tt.trips.id[t];
    const issue = (code: string, message: string) => issues.add({ code, severity: 'error', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message });
    if (n === 0) return issue('no_stop_times', 'trip has no usable stop times; dropped');
    // A single call is kept: feeds cut to an area leave trips that pass through one station,
    // and that call is still a departure on its board.
    if (n === 1) issues.add({ code: 'single_stop_trip', severity: 'warning', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message: 'trip calls at one stop only; kept for boards' });
    if (!interpolate(calls.arr, calls.dep, n)) return issue('missing_times', 'first or last stop time has no time; trip dropped');
    if (!increasing(calls.arr, calls.dep, n)) return issue('non_increasing_times', 'times go backwards along the trip; trip dropped');
    const g = groupOf(groups, byHash, tripRoute[t], calls, n);
    keys.group[t] = g;
    keys.start[t] = calls.dep[0];
    keys.profile[t] = keys.profiles.add(g, calls, n, calls.dep[0]);
  });
  keys.profiles.sealed();
  return emit(groups, keys);
}

/** The group of a trip's calls [0, n) on `route`, added if new (in order of first trip). */
function groupOf(groups: TripGroup[], byHash: Map<number, number | number[]>, route: number, calls: CallBuffer, n: number): number {
  const hash = hashCalls(route, calls.stop, calls.flags, n);
  const found = byHash.get(hash);
  const same = (g: number) => groups[g].route === route && groups[g].stops.length === n && sameCalls(groups[g], calls, n);
  const g = found === undefined ? undefined : Array.isArray(found) ? found.find(same) : same(found) ? found : undefined;
  if (g !== undefined) return g;
  const added = groups.push({ route, stops: calls.stop.slice(0, n), flags: calls.flags.slice(0, n) }) - 1;
  if (found === undefined) byHash.set(hash, added);
  else if (Array.isArray(found)) found.push(added);
  else byHash.set(hash, [found, added]);
  return added;
}

/** A 31-bit FNV-style hash of a trip's route, stops and pickup/drop-off flags. */
function hashCalls(route: number, stop: Uint32Array, flags: Uint8Array, n: number): number {
  let h = Math.imul(2166136261 ^ route, 16777619);
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (stop[i] * 16 + flags[i]), 16777619);
  return (h ^ n) >>> 1;
}

/** True when the group's calls and the calls [0, n) have the same stops and flags. */
function sameCalls(g: TripGroup, c: CallBuffer, n: number): boolean {
  for (let i = 0; i < n; i++) if (g.stops[i] !== c.stop[i] || g.flags[i] !== c.flags[i]) return false;
  return true;
}

/** Fills NO_TIME gaps of the calls [0, end) linearly between known times; false when the ends are unknown. */
function interpolate(arr: Int32Array, dep: Int32Array, end: number): boolean {
  if (arr[0] === NO_TIME || arr[end - 1] === NO_TIME) return false;
  let prev = 0;
  for (let i = 1; i < end; i++) {
    if (arr[i] === NO_TIME) continue;
    for (let j = prev + 1; j < i; j++) arr[j] = dep[j] = Math.round(dep[prev] + ((arr[i] - dep[prev]) * (j - prev)) / (i - prev));
    prev = i;
  }
  return true;
}

function increasing(arr: Int32Array, dep: Int32Array, end: number): boolean {
  for (let i = 0; i < end; i++) {
    if (dep[i] < arr[i]) return false;
    if (i > 0 && arr[i] < dep[i - 1]) return false;
  }
  return true;
}

/** True when trip b never runs ahead of trip a at any of their n calls (b can follow a in one FIFO pattern). */
function follows(k: TripKeys, a: number, b: number, n: number): boolean {
  const pa = k.profile[a];
  const pb = k.profile[b];
  const sa = k.start[a];
  const sb = k.start[b];
  if (pa === pb) return sb >= sa; // the same offsets: b follows a at every call exactly when it starts no earlier
  for (let i = 0; i < n; i++) if (sb + k.profiles.arr(pb, i) < sa + k.profiles.arr(pa, i) || sb + k.profiles.dep(pb, i, n) < sa + k.profiles.dep(pa, i, n)) return false;
  return true;
}

/** Each group's trips (in trip order), sorted by departure and split into FIFO lanes: one pattern per lane. */
function lanesOf(groups: TripGroup[], k: TripKeys): number[][][] {
  const members: number[][] = groups.map(() => []);
  for (let t = 0; t < k.group.length; t++) if (k.group[t] >= 0) members[k.group[t]].push(t);
  return members.map((trips, g) => {
    const n = groups[g].stops.length;
    const lastArr = (t: number) => k.start[t] + k.profiles.arr(k.profile[t], n - 1);
    trips.sort((a, b) => k.start[a] - k.start[b] || lastArr(a) - lastArr(b) || a - b);
    const fifo: number[][] = [];
    for (const t of trips) {
      const lane = fifo.find((l) => follows(k, l[l.length - 1], t, n));
      if (lane) lane.push(t);
      else fifo.push([t]);
    }
    return fifo;
  });
}

function emit(groups: TripGroup[], k: TripKeys): CompiledPatterns {
  const lanes = lanesOf(groups, k);
  let patternCount = 0;
  let stopCount = 0;
  let tripCount = 0;
  groups.forEach((g, i) => {
    for (const lane of lanes[i]) {
      patternCount++;
      stopCount += g.stops.length;
      tripCount += lane.length;
    }
  });
  const patternRoute = new Uint32Array(patternCount);
  const stopOffsets = new Uint32Array(patternCount + 1);
  const patternStops = new Uint32Array(stopCount);
  const stopFlags = new Uint8Array(stopCount);
  const tripOffsets = new Uint32Array(patternCount + 1);
  const tripOrder = new Uint32Array(tripCount);
  const tripPattern = new Uint32Array(tripCount);
  const tripRank = new Uint32Array(tripCount);
  const rows = new ProfileRowWriter(k.profiles, tripCount);
  let p = 0;
  let s = 0;
  let trip = 0;
  groups.forEach((g, gi) => {
    for (const lane of lanes[gi]) {
      patternRoute[p] = g.route;
      patternStops.set(g.stops, s);
      stopFlags.set(g.flags, s);
      s += g.stops.length;
      stopOffsets[p + 1] = s;
      rows.addPattern(g.stops.length, lane.map((t) => k.start[t]), lane.map((t) => k.profile[t]));
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
    times: rows.finish(),
  };
}
