import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { TripSummary } from '../api.js';
import { parseDay, ukDayOf } from '../time.js';
import type { VehicleRecord } from './vehicle-record.js';
import { LiveIndex, lineKey } from './live-index.js';
import { lateCalls } from './late-calls.js';
import { LiveOverlay, type LiveMatchStats, type LiveTrip, type MatchMethod, type MatchOptions, type UnmatchedReason } from './live-overlay.js';
import type { TripPaths } from '../shapes/trip-paths.js';
import { TripSchedule, progressAt, scheduledAlong } from './trip-schedule.js';
import { BoundedCache } from '../bounded-cache.js';

const HOUR_S = 3600;
/** A journey counts as running from this long before its first departure... */
const RUN_BEFORE_S = 20 * 60;
/** ...until this long after its last arrival (late running). */
const RUN_AFTER_S = 60 * 60;
/** Origin aimed departure must equal the trip's first departure within this, seconds. */
const ORIGIN_TOLERANCE_S = 60;

/** A candidate journey evaluated against one record. */
interface Candidate {
  tripIdx: number;
  day: number;
  delayS: number;
  stopSequence: number;
  atStop: boolean;
  along: number;
  off: number;
  /** Ranking cost (lower is better), metres-equivalent. */
  cost: number;
}

/** Journey codes and trip_ids whose trip the matcher remembers; per generation of a BoundedCache (about a national feed's worth: ~36,000 vehicles, two codes each). */
const MAX_REMEMBERED_TRIP_IDS = 100_000;

/** No trips (a shared empty list for misses). */
const NO_TRIPS: readonly number[] = [];

/** Candidates kept per position-matched vehicle for resolving conflicts. */
const RANKED = 4;

/**
 * Matches vehicle records onto scheduled journeys and estimates their delay (docs/engine.md
 * "Live vehicles"). Rules, first hit wins:
 * 1. journey code: ticket-machine code, DatedVehicleJourneyRef / VehicleJourneyRef (SIRI) or
 *    trip_id (GTFS-RT) against the trips' vehicle_journey_code and trip_id; a hit must agree with
 *    the record's operator and line when the record gives them, and run at the fix time;
 * 2. origin time: operator + line + OriginAimedDepartureTime equal to a trip's first departure
 *    on a service day (a time more than 20 h ahead of now is taken as a day early: wrong zone),
 *    preferring direction, origin and destination agreement;
 * 3. position: among the line's trips running at the fix time, the one whose scheduled position
 *    is nearest (route distance + 2 m per second of delay), within maxPositionOffRouteM.
 * The delay comes from projecting the position onto the trip's shape (or the lines between its
 * stops) and interpolating the timetable there.
 */
export class VehicleMatcher {
  private indexCache: LiveIndex | undefined;
  private readonly schedule: TripSchedule;

  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stops: StopTable,
    private readonly calendar: ServiceCalendar,
    private readonly summary: (tripIdx: number) => TripSummary,
    private readonly findTrip: (tripId: string) => number,
    /** Trip geometry, shared with the engine's itineraries and route shapes. */
    private readonly paths: TripPaths,
  ) {
    this.schedule = new TripSchedule(tt);
  }

  /** The lookup index, built on first use. */
  get index(): LiveIndex {
    return (this.indexCache ??= new LiveIndex(this.tt, this.strings, this.summary));
  }

  /**
   * Matches every record (rules in the class comment), then gives each vehicle its best candidate
   * journey that no other vehicle holds: journey-code matches first, then origin-time, then
   * position matches most confident first. Two vehicles with one journey code: the newest fix wins.
   */
  match(records: readonly VehicleRecord[], nowMs: number, options: MatchOptions = {}): LiveOverlay {
    const maxAgeMs = (options.maxVehicleAgeS ?? 600) * 1000;
    const stats: LiveMatchStats = { records: records.length, matched: { journey_code: 0, origin_time: 0, position: 0 }, unmatched: { stale: 0, unknown_line: 0, no_running_trip: 0, off_route: 0, duplicate: 0 } };
    const out = new Map<number, LiveTrip>();
    const keyOf = (c: Candidate) => c.tripIdx * 65_536 + (c.day & 0xffff);
    const place = (rec: VehicleRecord, c: Candidate, method: MatchMethod) => {
      stats.matched[method]++;
      out.set(keyOf(c), {
        tripIdx: c.tripIdx,
        serviceDay: c.day,
        delayS: Math.round(c.delayS),
        stopSequence: c.stopSequence,
        atStop: c.atStop,
        progressM: Math.round(c.along),
        offRouteM: Math.round(c.off),
        method,
        fixAgeS: Math.max(0, Math.round((nowMs - rec.recordedAtMs) / 1000)),
        vehicle: rec,
      });
    };
    const pending: Record<MatchMethod, [VehicleRecord, Candidate[]][]> = { journey_code: [], origin_time: [], position: [] };
    for (const rec of records) {
      if (!(nowMs - rec.recordedAtMs <= maxAgeMs) || rec.recordedAtMs - nowMs > 300_000) {
        stats.unmatched.stale++;
        continue;
      }
      const res = this.matchOne(rec, nowMs, options);
      if (typeof res === 'string') stats.unmatched[res]++;
      else pending[res[1]].push([rec, res[0]]);
    }
    // Journey codes first, then origin times, then positions (most confident first): each takes its
    // best candidate no other vehicle holds; a code or origin match whose candidates are all held
    // by the same method takes over from an older fix.
    pending.position.sort((a, b) => a[1][0].cost - b[1][0].cost);
    for (const method of ['journey_code', 'origin_time', 'position'] as const) {
      for (const [rec, cands] of pending[method]) {
        const free = cands.find((c) => !out.has(keyOf(c)));
        if (free) {
          place(rec, free, method);
          continue;
        }
        stats.unmatched.duplicate++;
        const prev = out.get(keyOf(cands[0]))!;
        if (method !== 'position' && prev.method === method && prev.vehicle.recordedAtMs < rec.recordedAtMs) {
          stats.matched[method]--;
          place(rec, cands[0], method);
        }
      }
    }
    return LiveOverlay.of(out.values(), nowMs, stats, lateCalls(this.tt, this.calendar, this.schedule, out.values(), nowMs));
  }

  /** One record: its journey and how it was found, or why none was. */
  matchOne(rec: VehicleRecord, nowMs: number, options: MatchOptions): [Candidate[], MatchMethod] | UnmatchedReason {
    const maxOff = options.maxOffRouteM ?? 1000;
    let offRoute = false;
    // 1. Journey code.
    const codeTrips = this.codeCandidates(rec);
    if (codeTrips.length) {
      const fixedDay = rec.startDate ? parseDay(rec.startDate) : NaN;
      const best = this.ranked(codeTrips, rec, maxOff, Number.isNaN(fixedDay) ? null : fixedDay, Infinity);
      if (best.length) return [best, 'journey_code'];
      offRoute = this.lastOffRoute;
    }
    const lineTrips = this.lineTrips(rec);
    // 2. Origin aimed departure time.
    if (lineTrips && Number.isFinite(rec.originAimedDepartureMs)) {
      let aimed = rec.originAimedDepartureMs;
      if (aimed - nowMs > 20 * HOUR_S * 1000) aimed -= 86_400_000;
      const hits = this.originCandidates(lineTrips, rec, aimed);
      if (hits.length) {
        // Several journeys can leave at that time (both directions, duplicated runs): agreement first, then nearest schedule.
        const cands: Candidate[] = [];
        for (const [tripIdx, day, score] of hits) {
          const c = this.evaluate(tripIdx, day, rec, maxOff);
          if (!c) continue;
          c.cost = c.off + 2 * Math.abs(c.delayS) - 1000 * score;
          cands.push(c);
        }
        if (cands.length) return [cands.sort((a, b) => a.cost - b.cost), 'origin_time'];
        offRoute = true;
      }
    }
    // 3. Nearest scheduled position on the line.
    if (lineTrips) {
      const best = this.ranked(lineTrips, rec, options.maxPositionOffRouteM ?? 300, null, options.maxPositionDelayS ?? 1800);
      if (best.length) return [best, 'position'];
      if (this.lastOffRoute) offRoute = true;
    }
    if (offRoute) return 'off_route';
    return lineTrips || codeTrips.length ? 'no_running_trip' : 'unknown_line';
  }

  /** Trips named by the record's journey codes that agree with its operator and line. Called per record: only its result is allocated. */
  private codeCandidates(rec: VehicleRecord): number[] {
    const out: number[] = [];
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

  /** findTrip, remembered across polls (a feed names mostly the same journeys poll after poll; misses too). */
  private tripOf(id: string): number {
    let t = this.tripIds.get(id);
    if (t === undefined) {
      t = this.findTrip(id);
      this.tripIds.set(id, t);
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
  private lineTrips(rec: VehicleRecord): number[] | null {
    const ix = this.index;
    if (rec.operatorRef) {
      for (const line of [rec.publishedLineName, rec.lineRef]) {
        const trips = line ? ix.byLine.get(lineKey(rec.operatorRef, line)) : undefined;
        if (trips) return trips;
      }
    }
    return rec.routeId ? (ix.byRouteId.get(rec.routeId) ?? null) : null;
  }

  /** Trips of the line whose first departure is the origin aimed time, with their agreement score (direction, origin, destination). */
  private originCandidates(trips: number[], rec: VehicleRecord, aimedMs: number): [number, number, number][] {
    const s = this.schedule;
    const d0 = ukDayOf(aimedMs);
    const scored: [number, number, number][] = [];
    const dir = directionId(rec);
    for (const t of trips) {
      let loaded = false;
      for (let k = 0; k < 2; k++) {
        const day = d0 - k;
        if (!this.calendar.runs(this.tt.tripService[t], day)) continue;
        // The schedule only of trips running on one of the days (most of a line's do not).
        if (!loaded) {
          s.load(t);
          loaded = true;
        }
        if (Math.abs(this.calendar.reference(day) + s.start * 1000 - aimedMs) > ORIGIN_TOLERANCE_S * 1000) continue;
        let score = 0;
        if (dir !== null && this.tt.tripDirection[t] === dir) score++;
        if (rec.originRef && this.atco(s.stop(0)) === rec.originRef) score++;
        if (rec.destinationRef && this.atco(s.stop(s.length - 1)) === rec.destinationRef) score++;
        scored.push([t, day, score]);
      }
    }
    return scored;
  }

  private atco(stopIdx: number): string {
    return this.strings.get(this.stops.atco[stopIdx]);
  }

  /** Set by ranked(): true when some running candidate was rejected for being off its route. */
  private lastOffRoute = false;

  /**
   * The running candidates, nearest their schedule first (cost: route distance + 2 m per second
   * of delay; a direction disagreement adds 300 m); at most RANKED of them.
   */
  private ranked(trips: number[], rec: VehicleRecord, maxOff: number, fixedDay: number | null, maxDelayS: number): Candidate[] {
    this.lastOffRoute = false;
    const dir = directionId(rec);
    const dr = ukDayOf(rec.recordedAtMs);
    const out: Candidate[] = [];
    const dayCount = fixedDay !== null ? 1 : 2;
    for (const t of trips) {
      for (let k = 0; k < dayCount; k++) {
        const day = fixedDay !== null ? fixedDay : dr - k;
        if (!this.running(t, day, rec.recordedAtMs)) continue;
        const c = this.evaluate(t, day, rec, maxOff);
        if (!c) {
          this.lastOffRoute = true;
          continue;
        }
        if (Math.abs(c.delayS) > maxDelayS) continue;
        c.cost = c.off + 2 * Math.abs(c.delayS) + (dir !== null && this.tt.tripDirection[t] !== 255 && this.tt.tripDirection[t] !== dir ? 300 : 0);
        out.push(c);
      }
    }
    out.sort((a, b) => a.cost - b.cost);
    if (out.length > RANKED) out.length = RANKED;
    return out;
  }

  /** True when trip `t` runs on `day` and `atMs` falls in its running window (with lateness). */
  private running(t: number, day: number, atMs: number): boolean {
    if (!this.calendar.runs(this.tt.tripService[t], day)) return false;
    const s = this.schedule.load(t);
    const rel = (atMs - this.calendar.reference(day)) / 1000;
    return rel >= s.start - RUN_BEFORE_S && rel <= s.end + RUN_AFTER_S;
  }

  /** Projects the record onto trip `t` on `day`: progress and delay, or null when off route. */
  private evaluate(t: number, day: number, rec: VehicleRecord, maxOff: number): Candidate | null {
    const s = this.schedule.load(t);
    const path = this.paths.of(t);
    const rel = (rec.recordedAtMs - this.calendar.reference(day)) / 1000;
    const prior = scheduledAlong(s, path.stopAlong, rel);
    const hit = path.project(rec.latitude, rec.longitude, rec.bearing, prior, maxOff);
    if (!hit) return null;
    const p = progressAt(s, path.stopAlong, hit.along, rel);
    return { tripIdx: t, day, delayS: p.delayS, stopSequence: p.stopSequence, atStop: p.atStop, along: hit.along, off: hit.offM, cost: 0 };
  }
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

/** GTFS direction_id the record implies: GTFS-RT direction_id, or SIRI outbound = 0 / inbound = 1 (the BODS GTFS convention). */
function directionId(rec: VehicleRecord): 0 | 1 | null {
  if (rec.directionId !== null) return rec.directionId;
  if (rec.directionRef === 'outbound') return 0;
  if (rec.directionRef === 'inbound') return 1;
  return null;
}
