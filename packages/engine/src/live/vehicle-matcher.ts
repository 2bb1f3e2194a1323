import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { TripSummary } from '../api.js';
import { parseDay, ukDayOf } from '../time.js';
import { directionId, type VehicleRecord } from './vehicle-record.js';
import type { LiveIndex } from './live-index.js';
import { lateCalls } from './late-calls.js';
import { LiveOverlay, tripDayKey, type LiveMatchStats, type LiveTrip, type MatchMethod, type MatchOptions, type UnmatchedReason } from './live-overlay.js';
import type { TripPaths } from '../shapes/trip-paths.js';
import { PRIOR_WEIGHT } from '../shapes/trip-path.js';
import { TripSchedule, progressAt, scheduledAlong, type Progress } from './trip-schedule.js';
import { CandidateColumns } from './candidate-columns.js';
import { TripCandidates } from './trip-candidates.js';

const HOUR_S = 3600;
/** A journey counts as running from this long before its first departure... */
const RUN_BEFORE_S = 20 * 60;
/** ...until this long after its last arrival (late running). */
const RUN_AFTER_S = 60 * 60;

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
  private readonly schedule: TripSchedule;
  /** The trips each record may be (rules 1 and 2, and the line of rule 3). */
  private readonly candidates: TripCandidates;

  constructor(
    private readonly tt: TimetableTables,
    strings: StringTable,
    stops: StopTable,
    private readonly calendar: ServiceCalendar,
    summary: (tripIdx: number) => TripSummary,
    findTrip: (tripId: string) => number,
    /** Trip geometry, shared with the engine's itineraries and route shapes. */
    private readonly paths: TripPaths,
  ) {
    this.schedule = new TripSchedule(tt);
    this.candidates = new TripCandidates(tt, strings, stops, calendar, this.schedule, summary, findTrip);
  }

  /** The lookup index, built on first use. */
  get index(): LiveIndex {
    return this.candidates.index;
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
    const kept = this.kept;
    kept.count = 0;
    const keyOf = (i: number) => tripDayKey(kept.tripIdx[i], kept.day[i]);
    const place = (rec: VehicleRecord, i: number, method: MatchMethod) => {
      stats.matched[method]++;
      out.set(keyOf(i), {
        tripIdx: kept.tripIdx[i],
        serviceDay: kept.day[i],
        delayS: Math.round(kept.delayS[i]),
        stopSequence: kept.stopSequence[i],
        atStop: kept.atStop[i] === 1,
        progressM: Math.round(kept.along[i]),
        offRouteM: Math.round(kept.off[i]),
        method,
        fixAgeS: Math.max(0, Math.round((nowMs - rec.recordedAtMs) / 1000)),
        vehicle: rec,
      });
    };
    // Per method, its records as triples: record index, its candidates' [first, end) slots in `kept`, best first.
    const pending: Record<MatchMethod, number[]> = { journey_code: [], origin_time: [], position: [] };
    for (let r = 0; r < records.length; r++) {
      const rec = records[r];
      if (!(nowMs - rec.recordedAtMs <= maxAgeMs) || rec.recordedAtMs - nowMs > 300_000) {
        stats.unmatched.stale++;
        continue;
      }
      const first = kept.count;
      const res = this.matchOne(rec, nowMs, options);
      if (res === 'journey_code' || res === 'origin_time' || res === 'position') pending[res].push(r, first, kept.count);
      else stats.unmatched[res]++;
    }
    // Journey codes first, then origin times, then positions (most confident first): each takes its
    // best candidate no other vehicle holds; a code or origin match whose candidates are all held
    // by the same method takes over from an older fix.
    for (const method of ['journey_code', 'origin_time', 'position'] as const) {
      const list = pending[method];
      const entries = Array.from({ length: list.length / 3 }, (_, k) => 3 * k);
      // Positions by their best candidate's cost (equal costs in record order).
      if (method === 'position') entries.sort((a, b) => kept.cost[list[a + 1]] - kept.cost[list[b + 1]]);
      for (const e of entries) {
        const rec = records[list[e]];
        const first = list[e + 1], end = list[e + 2];
        let free = first;
        while (free < end && out.has(keyOf(free))) free++;
        if (free < end) {
          place(rec, free, method);
          continue;
        }
        stats.unmatched.duplicate++;
        const prev = out.get(keyOf(first))!;
        if (method !== 'position' && prev.method === method && prev.vehicle.recordedAtMs < rec.recordedAtMs) {
          stats.matched[method]--;
          place(rec, first, method);
        }
      }
    }
    return LiveOverlay.of(out.values(), nowMs, stats, lateCalls(this.tt, this.calendar, this.schedule, out.values(), nowMs));
  }

  /** The candidates of the records of a match (matchOne appends each record's, best first). */
  private readonly kept = new CandidateColumns();
  /** One record's evaluated candidates, before ranking (reused per record). */
  private readonly scratch = new CandidateColumns();
  /** Scratch slots in ranking order (reused per record). */
  private readonly order: number[] = [];
  /** evaluate()'s projection (along, off route) and progress, reused per candidate. */
  private readonly projected = new Float64Array(2);
  private readonly progress: Progress = { delayS: 0, stopSequence: 0, atStop: false };

  /**
   * One record: how its candidate journeys were found, each appended to `kept`, best first; or
   * why there are none (nothing appended).
   */
  private matchOne(rec: VehicleRecord, nowMs: number, options: MatchOptions): MatchMethod | UnmatchedReason {
    const maxOff = options.maxOffRouteM ?? 1000;
    let offRoute = false;
    // 1. Journey code.
    const codeTrips = this.candidates.codeCandidates(rec);
    if (codeTrips.length) {
      const fixedDay = rec.startDate ? parseDay(rec.startDate) : NaN;
      if (this.ranked(codeTrips, rec, maxOff, Number.isNaN(fixedDay) ? null : fixedDay, Infinity)) return 'journey_code';
      offRoute = this.lastOffRoute;
    }
    const lineTrips = this.candidates.lineTrips(rec);
    // 2. Origin aimed departure time.
    if (lineTrips && Number.isFinite(rec.originAimedDepartureMs)) {
      let aimed = rec.originAimedDepartureMs;
      if (aimed - nowMs > 20 * HOUR_S * 1000) aimed -= 86_400_000;
      const hits = this.candidates.originCandidates(lineTrips, rec, aimed); // (trip, day, score) triples
      if (hits.length) {
        // Several journeys can leave at that time (both directions, duplicated runs): agreement first, then nearest schedule.
        const c = this.scratch;
        c.count = 0;
        for (let h = 0; h < hits.length; h += 3) {
          const i = this.evaluate(hits[h], hits[h + 1], rec, maxOff);
          if (i >= 0) c.cost[i] = c.off[i] + 2 * Math.abs(c.delayS[i]) - 1000 * hits[h + 2];
        }
        if (this.keep(c.count)) return 'origin_time';
        offRoute = true;
      }
    }
    // 3. Nearest scheduled position on the line.
    if (lineTrips) {
      if (this.ranked(lineTrips, rec, options.maxPositionOffRouteM ?? 300, null, options.maxPositionDelayS ?? 1800)) return 'position';
      if (this.lastOffRoute) offRoute = true;
    }
    if (offRoute) return 'off_route';
    return lineTrips || codeTrips.length ? 'no_running_trip' : 'unknown_line';
  }

  /** Appends the best `limit` of the scratch candidates to `kept`, by cost (equal costs in scratch order); returns how many. */
  private keep(limit: number): number {
    const c = this.scratch;
    const order = this.order;
    order.length = c.count;
    for (let i = 0; i < c.count; i++) order[i] = i;
    if (c.count > 1) order.sort((a, b) => c.cost[a] - c.cost[b]);
    const n = Math.min(limit, c.count);
    for (let k = 0; k < n; k++) this.kept.append(c, order[k]);
    return n;
  }

  /** Set by ranked(): true when some running candidate was rejected for being off its route. */
  private lastOffRoute = false;

  /**
   * Appends the running candidates to `kept`, nearest their schedule first (cost: route distance +
   * 2 m per second of delay; a direction disagreement adds 300 m), at most RANKED of them; returns how many.
   */
  private ranked(trips: number[], rec: VehicleRecord, maxOff: number, fixedDay: number | null, maxDelayS: number): number {
    this.lastOffRoute = false;
    const dir = directionId(rec);
    const dr = ukDayOf(rec.recordedAtMs);
    const c = this.scratch;
    c.count = 0;
    const dayCount = fixedDay !== null ? 1 : 2;
    for (const t of trips) {
      for (let k = 0; k < dayCount; k++) {
        const day = fixedDay !== null ? fixedDay : dr - k;
        if (!this.running(t, day, rec.recordedAtMs)) continue;
        const i = this.evaluate(t, day, rec, maxOff);
        if (i < 0) {
          this.lastOffRoute = true;
          continue;
        }
        if (Math.abs(c.delayS[i]) > maxDelayS) {
          c.count--;
          continue;
        }
        c.cost[i] = c.off[i] + 2 * Math.abs(c.delayS[i]) + (dir !== null && this.tt.tripDirection[t] !== 255 && this.tt.tripDirection[t] !== dir ? 300 : 0);
      }
    }
    return this.keep(RANKED);
  }

  /** True when trip `t` runs on `day` and `atMs` falls in its running window (with lateness). */
  private running(t: number, day: number, atMs: number): boolean {
    if (!this.calendar.runs(this.tt.tripService[t], day)) return false;
    const s = this.schedule.load(t);
    const rel = (atMs - this.calendar.reference(day)) / 1000;
    return rel >= s.start - RUN_BEFORE_S && rel <= s.end + RUN_AFTER_S;
  }

  /** Projects the record onto trip `t` on `day` into a new scratch slot (progress and delay; its cost left to the caller): the slot, or -1 when off route. */
  private evaluate(t: number, day: number, rec: VehicleRecord, maxOff: number): number {
    const s = this.schedule.load(t);
    const path = this.paths.of(t);
    const rel = (rec.recordedAtMs - this.calendar.reference(day)) / 1000;
    const prior = scheduledAlong(s, path.stopAlong, rel);
    const hit = this.projected;
    if (!path.projectInto(rec.latitude, rec.longitude, rec.bearing, prior, maxOff, PRIOR_WEIGHT, hit)) return -1;
    const p = progressAt(s, path.stopAlong, hit[0], rel, this.progress);
    const c = this.scratch;
    const i = c.add();
    c.tripIdx[i] = t;
    c.day[i] = day;
    c.delayS[i] = p.delayS;
    c.stopSequence[i] = p.stopSequence;
    c.atStop[i] = p.atStop ? 1 : 0;
    c.along[i] = hit[0];
    c.off[i] = hit[1];
    c.cost[i] = 0;
    return i;
  }
}

