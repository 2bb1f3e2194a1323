import type { TimetableModel } from '../gtfs/timetable-model.js';
import { NO_TIME } from '../gtfs/timetable-model.js';
import type { IssueLog } from '../issues.js';
import { groupStopTimes } from './group-stop-times.js';
import { growU32, growI32, growU8 } from '../write/growable.js';

/** One trip's calls, ready to be placed in a pattern. */
interface TripCalls {
  /** Index into tt.trips. */
  trip: number;
  arr: Int32Array;
  dep: Int32Array;
}

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
 * Groups trips with the same route, stop sequence and pickup/drop-off rules into patterns, split
 * so that no trip overtakes another inside a pattern (FIFO), trips sorted by departure. Trips
 * with no usable calls or times that go backwards are dropped with an issue.
 * `denseStop` maps the model's stop index to the snapshot's stop index.
 */
export function compilePatterns(tt: TimetableModel, denseStop: Int32Array, issues: IssueLog): CompiledPatterns {
  const groups = new Map<string, { route: number; stops: number[]; flags: number[]; trips: TripCalls[] }>();
  const { offsets, rows } = groupStopTimes(tt);
  const st = tt.st;
  for (let t = 0; t < tt.trips.length; t++) {
    const first = offsets[t];
    const n = offsets[t + 1] - first;
    const tripId = tt.trips[t].id;
    const issue = (code: string, message: string) => issues.add({ code, severity: 'error', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message });
    if (n === 0) {
      issue('no_stop_times', 'trip has no usable stop times; dropped');
      continue;
    }
    // A single call is kept: feeds cut to an area leave trips that pass through one station,
    // and that call is still a departure on its board.
    if (n === 1) issues.add({ code: 'single_stop_trip', severity: 'warning', file: 'stop_times.txt', line: 0, entityId: tripId, field: 'trip_id', value: tripId, message: 'trip calls at one stop only; kept for boards' });
    const stops: number[] = [];
    const flags: number[] = [];
    const arr = new Int32Array(n);
    const dep = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const row = rows[first + i];
      stops.push(denseStop[st.stop.get(row)]);
      flags.push(st.flags.get(row));
      arr[i] = st.arr.get(row);
      dep[i] = st.dep.get(row);
    }
    if (!interpolate(arr, dep)) {
      issue('missing_times', 'first or last stop time has no time; trip dropped');
      continue;
    }
    if (!increasing(arr, dep)) {
      issue('non_increasing_times', 'times go backwards along the trip; trip dropped');
      continue;
    }
    const key = `${tt.trips[t].route}|${stops.join(',')}|${flags.join('')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { route: tt.trips[t].route, stops, flags, trips: [] }));
    g.trips.push({ trip: t, arr, dep });
  }
  tt.releaseStopTimes(); // the rows now live in the groups: free the parse columns before emitting
  return emit([...groups.values()]);
}

/** Fills NO_TIME gaps linearly between known times; false when the ends are unknown. */
function interpolate(arr: Int32Array, dep: Int32Array): boolean {
  const n = arr.length;
  if (arr[0] === NO_TIME || arr[n - 1] === NO_TIME) return false;
  let prev = 0;
  for (let i = 1; i < n; i++) {
    if (arr[i] === NO_TIME) continue;
    for (let j = prev + 1; j < i; j++) arr[j] = dep[j] = Math.round(dep[prev] + ((arr[i] - dep[prev]) * (j - prev)) / (i - prev));
    prev = i;
  }
  return true;
}

function increasing(arr: Int32Array, dep: Int32Array): boolean {
  for (let i = 0; i < arr.length; i++) {
    if (dep[i] < arr[i]) return false;
    if (i > 0 && arr[i] < dep[i - 1]) return false;
  }
  return true;
}

/** True when trip b never runs ahead of a at any stop (b can follow a in one FIFO pattern). */
function follows(a: TripCalls, b: TripCalls): boolean {
  for (let i = 0; i < a.arr.length; i++) if (b.arr[i] < a.arr[i] || b.dep[i] < a.dep[i]) return false;
  return true;
}

function emit(groups: { route: number; stops: number[]; flags: number[]; trips: TripCalls[] }[]): CompiledPatterns {
  const patternRoute = growU32();
  const stopOffsets = growU32();
  const patternStops = growU32();
  const stopFlags = growU8();
  const tripOffsets = growU32();
  const timeOffsets = growU32();
  const arrivals = growI32();
  const departures = growI32();
  const tripOrder: number[] = [];
  stopOffsets.push(0);
  tripOffsets.push(0);
  timeOffsets.push(0);
  for (const g of groups) {
    g.trips.sort((a, b) => a.dep[0] - b.dep[0] || a.arr[a.arr.length - 1] - b.arr[b.arr.length - 1] || a.trip - b.trip);
    const fifo: TripCalls[][] = [];
    for (const t of g.trips) {
      const lane = fifo.find((l) => follows(l[l.length - 1], t));
      if (lane) lane.push(t);
      else fifo.push([t]);
    }
    for (const lane of fifo) {
      patternRoute.push(g.route);
      g.stops.forEach((s, i) => {
        patternStops.push(s);
        stopFlags.push(g.flags[i]);
      });
      stopOffsets.push(patternStops.length);
      for (let pos = 0; pos < g.stops.length; pos++) {
        for (const t of lane) {
          arrivals.push(t.arr[pos]);
          departures.push(t.dep[pos]);
        }
      }
      timeOffsets.push(arrivals.length);
      for (const t of lane) tripOrder.push(t.trip);
      tripOffsets.push(tripOrder.length);
    }
  }
  const patternCount = patternRoute.length;
  const tripPattern = new Uint32Array(tripOrder.length);
  const tripRank = new Uint32Array(tripOrder.length);
  const tripOff = tripOffsets.view();
  for (let p = 0; p < patternCount; p++) {
    for (let i = tripOff[p]; i < tripOff[p + 1]; i++) {
      tripPattern[i] = p;
      tripRank[i] = i - tripOff[p];
    }
  }
  return {
    tripOrder: Uint32Array.from(tripOrder),
    tripPattern,
    tripRank,
    patternRoute: patternRoute.view(),
    patternStopOffsets: stopOffsets.view(),
    patternStops: patternStops.view(),
    patternStopFlags: stopFlags.view(),
    patternTripOffsets: tripOff,
    patternTrips: Uint32Array.from(tripOrder, (_, i) => i),
    patternTimeOffsets: timeOffsets.view(),
    arrivals: arrivals.view(),
    departures: departures.view(),
  };
}
