import type { StringTable } from '../snapshot/strings.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StationTable } from '../stops/station-table.js';
import type { DayNumber } from '../time.js';
import type { TripCall, TripDetail, TripRef } from '../api.js';
import { NOT_FOUND } from '../api.js';
import type { ServiceCalendar } from './service-calendar.js';
import type { TripDescriber } from './trip-describer.js';
import { datedTripRef, parseDatedTripRef } from './dated-ref.js';

/** Trip lookup by feed id or dated reference, and one trip's calls on a service date. */
export class TripQueries {
  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stops: StopTable,
    private readonly stations: StationTable,
    private readonly calendar: ServiceCalendar,
    private readonly describer: TripDescriber,
  ) {}

  /** Dense index of a trip by feed trip_id (exact), or NOT_FOUND. */
  find(tripId: string): number {
    return this.tt.tripIds.find(tripId);
  }

  /** A trip_id, else a dated reference `YYYY-MM-DD:trip_id`; null when neither names a trip. */
  resolve(text: string): TripRef | null {
    const plain = this.find(text);
    if (plain !== NOT_FOUND) return { tripIdx: plain, serviceDay: null };
    const dated = parseDatedTripRef(text);
    if (!dated) return null;
    const tripIdx = this.find(dated.tripId);
    return tripIdx === NOT_FOUND ? null : { tripIdx, serviceDay: dated.day };
  }

  runsOn(tripIdx: number, day: DayNumber): boolean {
    return this.calendar.runs(this.tt.tripService[tripIdx], day);
  }

  /** First service day at or after `day` on which the trip runs, or NaN. */
  nextRun(tripIdx: number, day: DayNumber): DayNumber {
    return this.calendar.nextRun(this.tt.tripService[tripIdx], day);
  }

  /** The trip's calls on service day `day`, or null when it does not run that day. */
  detail(tripIdx: number, day: DayNumber): TripDetail | null {
    if (!this.runsOn(tripIdx, day)) return null;
    const tt = this.tt;
    const p = tt.tripPattern[tripIdx];
    const rank = tt.tripRank[tripIdx];
    const base = tt.tripBase[tripIdx];
    const n = tt.patternTripOffsets[p + 1] - tt.patternTripOffsets[p];
    const first = tt.patternStopOffsets[p];
    const len = tt.patternStopOffsets[p + 1] - first;
    const ref = this.calendar.reference(day);
    const calls: TripCall[] = [];
    for (let pos = 0; pos < len; pos++) {
      const stopIdx = tt.patternStops[first + pos];
      const arrival = base + tt.times[tt.arrivalRow(first + pos) + rank];
      const departure = base + tt.times[tt.departureRow(first + pos, n) + rank];
      const station = this.describer.stopStations.of(stopIdx);
      calls.push({
        sequence: pos + 1,
        stopIdx,
        atcocode: this.strings.get(this.stops.atco[stopIdx]),
        crsCode: station === NOT_FOUND ? null : this.strings.get(this.stations.crs[station]),
        name: this.describer.callName(tripIdx, stopIdx),
        platform: this.describer.platform(stopIdx),
        latitude: this.stops.lat[stopIdx],
        longitude: this.stops.lon[stopIdx],
        arrivalSeconds: arrival,
        departureSeconds: departure,
        arrival: ref + arrival * 1000,
        departure: ref + departure * 1000,
      });
    }
    const summary = this.describer.summary(tripIdx);
    return { ...summary, serviceDay: day, serviceDate: this.calendar.date(day), datedRef: datedTripRef(day, summary.tripId), calls };
  }
}
