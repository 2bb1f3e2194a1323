import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TripDescriber } from '../trips/trip-describer.js';
import type { TripPaths } from '../shapes/trip-paths.js';
import type { QueryDays } from './query-days.js';
import type { Transfers } from './transfers.js';
import type { Candidate } from './range-search.js';
import type { StreetModel } from './street-model.js';
import { walkSeconds, type IntermediateStop, type Itinerary, type LatLon, type Leg, type LegPlace, type StopAccess, type TransitLeg } from './planner-api.js';

/** A candidate with its times and walking worked out (Seconds from the query day's reference). */
export interface Scored extends Candidate {
  walk: number;
}

/** Turns traced rides into itineraries: times, walks between stops, legs with places, geometry and intermediate stops. */
export class ItineraryBuilder {
  constructor(
    private readonly tt: TimetableTables,
    private readonly stops: StopTable,
    private readonly strings: StringTable,
    private readonly describer: TripDescriber,
    private readonly paths: TripPaths,
    private readonly transfers: Transfers,
    private readonly days: QueryDays,
  ) {}

  /** Start (leave the origin as late as the first trip allows), end, transfers and walking metres. */
  score(c: Candidate, access: Map<number, StopAccess>, egress: Map<number, StopAccess>): Scored | null {
    const first = c.rides[0];
    const last = c.rides[c.rides.length - 1];
    const a = access.get(this.stopAt(first.trip, first.boardPos));
    const e = egress.get(this.stopAt(last.trip, last.alightPos));
    if (!a || !e) return null;
    let walk = a.metres + e.metres;
    for (let i = 1; i < c.rides.length; i++) {
      const from = this.stopAt(c.rides[i - 1].trip, c.rides[i - 1].alightPos);
      const to = this.stopAt(c.rides[i].trip, c.rides[i].boardPos);
      if (from !== to) walk += Math.max(0, this.transfers.metresBetween(from, to));
    }
    const start = this.time(first.trip, first.day, first.boardPos, false) - a.seconds;
    const end = this.time(last.trip, last.day, last.alightPos, true) + e.seconds;
    return { ...c, start, end, walk };
  }

  /** The full itinerary of a scored candidate (epoch ms times). */
  build(c: Scored, from: LatLon, to: LatLon, access: Map<number, StopAccess>, egress: Map<number, StopAccess>, streets: StreetModel, opts: { steps: boolean; intermediateStops: boolean }): Itinerary {
    const legs: Leg[] = [];
    const ref = this.days.reference;
    const ms = (s: number) => ref + s * 1000;
    const first = c.rides[0];
    const boardStop = this.stopAt(first.trip, first.boardPos);
    const a = access.get(boardStop)!;
    const origin = this.point('Origin', from);
    if (a.metres > 0 || a.seconds > 0) {
      const path = streets.walk(from, boardStop, false, opts.steps);
      legs.push({ kind: 'street', mode: 'walk', from: origin, to: this.place(boardStop), start: ms(c.start), end: ms(c.start + a.seconds), distance: a.metres, geometry: path.geometry, steps: path.steps });
    }
    c.rides.forEach((r, i) => {
      if (i > 0) {
        const prev = c.rides[i - 1];
        const fromStop = this.stopAt(prev.trip, prev.alightPos);
        const toStop = this.stopAt(r.trip, r.boardPos);
        if (fromStop !== toStop) {
          const metres = Math.max(0, this.transfers.metresBetween(fromStop, toStop));
          const t = this.time(prev.trip, prev.day, prev.alightPos, true);
          const s0 = this.stops;
          legs.push({
            kind: 'street', mode: 'walk', from: this.place(fromStop), to: this.place(toStop), start: ms(t), end: ms(t + walkSeconds(metres)), distance: metres,
            geometry: Float64Array.of(s0.lat[fromStop], s0.lon[fromStop], s0.lat[toStop], s0.lon[toStop]), steps: null,
          });
        }
      }
      legs.push(this.transitLeg(r.trip, r.day, r.boardPos, r.alightPos, opts.intermediateStops));
    });
    const last = c.rides[c.rides.length - 1];
    const alightStop = this.stopAt(last.trip, last.alightPos);
    const e = egress.get(alightStop)!;
    if (e.metres > 0 || e.seconds > 0) {
      const path = streets.walk(to, alightStop, true, opts.steps);
      legs.push({ kind: 'street', mode: 'walk', from: this.place(alightStop), to: this.point('Destination', to), start: ms(c.end - e.seconds), end: ms(c.end), distance: e.metres, geometry: path.geometry, steps: path.steps });
    }
    return { start: ms(c.start), end: ms(c.end), legs, transfers: c.transfers, walkDistance: c.walk };
  }

  private transitLeg(trip: number, day: number, boardPos: number, alightPos: number, withStops: boolean): TransitLeg {
    const ref = this.days.reference;
    const ms = (s: number) => ref + s * 1000;
    const path = this.paths.of(trip);
    let intermediateStops: IntermediateStop[] | null = null;
    if (withStops) {
      intermediateStops = [];
      for (let pos = boardPos + 1; pos < alightPos; pos++) {
        intermediateStops.push({ stopIdx: this.stopAt(trip, pos), arrival: ms(this.time(trip, day, pos, true)), departure: ms(this.time(trip, day, pos, false)) });
      }
    }
    return {
      kind: 'transit',
      mode: this.describer.summary(trip).mode,
      tripIdx: trip,
      serviceDay: this.days.day + day - 1,
      boardPos,
      alightPos,
      from: this.place(this.stopAt(trip, boardPos)),
      to: this.place(this.stopAt(trip, alightPos)),
      start: ms(this.time(trip, day, boardPos, false)),
      end: ms(this.time(trip, day, alightPos, true)),
      distance: Math.round(path.stopAlong[alightPos] - path.stopAlong[boardPos]),
      geometry: path.slice(path.stopAlong[boardPos], path.stopAlong[alightPos]),
      intermediateStops,
    };
  }

  /** Stop at a position of a trip's pattern. */
  stopAt(trip: number, pos: number): number {
    const tt = this.tt;
    return tt.patternStops[tt.patternStopOffsets[tt.tripPattern[trip]] + pos];
  }

  /** Arrival (or departure) of a trip at a position, in query-day Seconds. */
  time(trip: number, day: number, pos: number, arrival: boolean): number {
    const tt = this.tt;
    return (arrival ? tt.arrivalAt(trip, pos) : tt.departureAt(trip, pos)) + this.days.shift[day];
  }

  private place(stop: number): LegPlace {
    return { name: this.strings.get(this.stops.name[stop]), stopIdx: stop, lat: this.stops.lat[stop], lon: this.stops.lon[stop] };
  }

  private point(name: string, p: LatLon): LegPlace {
    return { name, stopIdx: null, lat: p.lat, lon: p.lon };
  }
}
