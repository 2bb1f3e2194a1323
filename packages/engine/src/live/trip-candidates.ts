import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { TripSummary } from '../api.js';
import { ukDayOf } from '../time.js';
import { directionId, type VehicleRecord } from './vehicle-record.js';
import { LiveIndex, lineKey } from './live-index.js';
import type { TripSchedule } from './trip-schedule.js';
import { BoundedCache } from '../bounded-cache.js';

/** Origin aimed departure must equal the trip's first departure within this, seconds. */
const ORIGIN_TOLERANCE_S = 60;

/** Journey codes and trip_ids whose trip the matcher remembers; per generation of a BoundedCache (about a national feed's worth: ~36,000 vehicles, two codes each). */
const MAX_REMEMBERED_TRIP_IDS = 100_000;

/** No trips (a shared empty list for misses). */
const NO_TRIPS: readonly number[] = [];

/**
 * The scheduled trips a vehicle record may be, before any is scored (VehicleMatcher's rules):
 * those its journey codes name, its line's, and those of its line leaving at its origin aimed
 * time. Called per record: the lists are reused (valid until the next call) where they say so.
 */
export class TripCandidates {
  private indexCache: LiveIndex | undefined;

  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stops: StopTable,
    private readonly calendar: ServiceCalendar,
    /** The matcher's, loaded with other trips between calls. */
    private readonly schedule: TripSchedule,
    private readonly summary: (tripIdx: number) => TripSummary,
    private readonly findTrip: (tripId: string) => number,
  ) {}

  /** The lookup index, built on first use. */
  get index(): LiveIndex {
    return (this.indexCache ??= new LiveIndex(this.tt, this.strings, this.summary));
  }

  /** codeCandidates' list, reused per record. */
  private readonly codeTrips: number[] = [];

  /** Trips named by the record's journey codes that agree with its operator and line. Called per record: allocates nothing; the list is valid until the next call. */
  codeCandidates(rec: VehicleRecord): number[] {
    const out = this.codeTrips;
    out.length = 0;
    if (rec.tripId) {
      const t = this.tripOf(rec.tripId);
      if (t >= 0) out.push(t);
    }
    if (!rec.ticketMachineCode && !rec.journeyRef) return out;
    const ix = this.index;
    // The operator as LiveIndex's number (-1: not given; -2: no route has it, so no trip agrees).
    const op = rec.operatorRef === null ? -1 : (ix.operatorIdx.get(rec.operatorRef.toLowerCase()) ?? -2);
    const line1 = rec.publishedLineName?.toLowerCase() ?? null;
    const line2 = rec.lineRef?.toLowerCase() ?? null;
    for (let k = 0; k < 2; k++) {
      const code = k === 0 ? rec.ticketMachineCode : rec.journeyRef;
      if (!code) continue;
      if (op === -1) {
        const trips = ix.byJourneyCode.get(code) ?? NO_TRIPS;
        for (let i = 0; i < trips.length; i++) this.pushAgreeing(out, trips[i], op, line1, line2);
      } else {
        // The operator's trips of the code, in trip order (as a scan of the whole list filtered by operator gives them).
        const group = ix.byJourneyCodeOperator.get(code);
        if (group) for (let i = lowerBound(group.operators, op); i < group.operators.length && group.operators[i] === op; i++) this.pushAgreeing(out, group.trips[i], op, line1, line2);
      }
      if (rec.source === 'siri_vm') {
        const t = this.tripOf(code);
        if (t >= 0) this.pushAgreeing(out, t, op, line1, line2);
      }
    }
    return out;
  }

  /**
   * findTrip, remembered across polls (a feed names mostly the same journeys poll after poll;
   * misses too). Remembered under a copy of `id`: a parsed record's text is a slice of its whole
   * document, which a remembered slice would keep alive (a national SIRI-VM document, 23 MB, per
   * poll naming a new journey).
   */
  private tripOf(id: string): number {
    let t = this.tripIds.get(id);
    if (t === undefined) {
      t = this.findTrip(id);
      this.tripIds.set(detached(id), t);
    }
    return t;
  }

  /** Trip by journey code or trip_id as findTrip gave it (NOT_FOUND included), at most MAX_REMEMBERED_TRIP_IDS. */
  private readonly tripIds = new BoundedCache<string, number>(MAX_REMEMBERED_TRIP_IDS);

  /** Adds trip t to `out` when its route agrees with the record's operator (LiveIndex number; -1: not given) and either line name (lower case; null: not given). */
  private pushAgreeing(out: number[], t: number, op: number, line1: string | null, line2: string | null): void {
    const r = this.tt.tripRoute[t];
    if (op !== -1 && this.index.routeOperatorIdx[r] !== op) return;
    if ((line1 !== null || line2 !== null) && !this.lineIs(line1, r) && !this.lineIs(line2, r)) return;
    out.push(t);
  }

  /** True when `line` (lower case) is route r's line or line name. */
  private lineIs(line: string | null, r: number): boolean {
    return line !== null && (line === this.index.routeLine[r] || line === this.index.routeLineName[r]);
  }

  /** The line's trips: operator + PublishedLineName / LineRef, else the GTFS-RT route_id. */
  lineTrips(rec: VehicleRecord): number[] | null {
    const ix = this.index;
    if (rec.operatorRef) {
      for (const line of [rec.publishedLineName, rec.lineRef]) {
        const trips = line ? ix.byLine.get(lineKey(rec.operatorRef, line)) : undefined;
        if (trips) return trips;
      }
    }
    return rec.routeId ? (ix.byRouteId.get(rec.routeId) ?? null) : null;
  }

  /** originCandidates' hits as trip * 2 + k (day d0 - k), reused per record. */
  private readonly originHits: number[] = [];
  /** originCandidates' list, reused per record. */
  private readonly originTrips: number[] = [];

  /**
   * Trips of the line whose first departure is the origin aimed time, with their agreement score
   * (direction, origin, destination), in the line's trip order (day before second): flat triples
   * (trip, day, score). Per day, a binary search of the line's first departures: a record reads the
   * trips leaving within ORIGIN_TOLERANCE_S, not every trip of its line. Called per record:
   * allocates nothing; the list is valid until the next call.
   */
  originCandidates(trips: number[], rec: VehicleRecord, aimedMs: number): number[] {
    const s = this.schedule;
    const d0 = ukDayOf(aimedMs);
    const line = this.index.byStart(trips);
    const n = line.start.length;
    const tol = ORIGIN_TOLERANCE_S * 1000;
    // Sorted below into the order a scan of the line's trips gives.
    const hits = this.originHits;
    hits.length = 0;
    for (let k = 0; k < 2; k++) {
      const day = d0 - k;
      const ref = this.calendar.reference(day);
      let lo = 0, hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ref + line.start[mid] * 1000 - aimedMs < -tol) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < n && ref + line.start[i] * 1000 - aimedMs <= tol; i++) {
        const t = line.trips[i];
        if (this.calendar.runs(this.tt.tripService[t], day)) hits.push(t * 2 + k);
      }
    }
    if (hits.length > 1) hits.sort(ascending);
    const out = this.originTrips;
    out.length = 0;
    const dir = directionId(rec);
    for (let i = 0; i < hits.length; i++) {
      const t = hits[i] >> 1;
      s.load(t);
      let score = 0;
      if (dir !== null && this.tt.tripDirection[t] === dir) score++;
      if (rec.originRef && this.atco(s.stop(0)) === rec.originRef) score++;
      if (rec.destinationRef && this.atco(s.stop(s.length - 1)) === rec.destinationRef) score++;
      out.push(t, d0 - (hits[i] & 1), score);
    }
    return out;
  }

  private atco(stopIdx: number): string {
    return this.strings.get(this.stops.atco[stopIdx]);
  }
}

/** Numeric order for Array.prototype.sort (one function, not a closure per call). */
const ascending = (a: number, b: number): number => a - b;

/** A copy of `s` that shares no memory with a longer string it was cut from (V8 keeps a slice's whole parent alive). */
function detached(s: string): string {
  return s.split('').join('');
}

/** First index of `a` (ascending) holding a value >= v. */
function lowerBound(a: Int32Array, v: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
