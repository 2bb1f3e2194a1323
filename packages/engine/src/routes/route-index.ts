import type { StringTable } from '../snapshot/strings.js';
import type { StationTable } from '../stops/station-table.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { Page, RouteDetail, RouteDetailQuery, RouteDirection, RouteEnds, RouteJourney, RouteKind, RouteQuery, RouteSummary } from '../api.js';
import { QueryError } from '../errors.js';
import { formatDay, serviceDayReference } from '../time.js';
import { LINE_KINDS, type LineTable } from './line-table.js';
import { transitModeOf } from '../trips/transit-mode.js';
import type { RouteStops } from './route-stops.js';
import { callCount, commonestShape, DIRECTION_BUCKETS, longestOf, longestPatterns, NO_DIRECTION } from './line-directions.js';
import { dayTrips, type CalendarRange } from './line-timetable.js';
import { searchLines } from './line-search.js';

/** Route queries over the line table: search, summaries and the detail with a day's timetable. */
export class RouteIndex {
  constructor(
    readonly lines: LineTable,
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    private readonly stations: StationTable,
    private readonly stops: RouteStops,
    private readonly calendar: CalendarRange,
  ) {}

  /** Routes matching a search; throws QueryError `missing_parameter` when no criterion is given. */
  search(q: RouteQuery): Page<RouteSummary> {
    if (!q.text?.trim() && !q.operator?.trim() && q.stopIdx === undefined && q.stationIdx === undefined) {
      throw new QueryError('missing_parameter', q.kind === 'bus' ? 'Supply q, operator or atcocode.' : 'Supply q, operator or crs_code.');
    }
    if (q.stopIdx !== undefined && !(q.stopIdx >= 0 && q.stopIdx < this.tt.stopPatternOffsets.length - 1)) throw new QueryError('not_found', `No stop with index ${q.stopIdx}.`, 'atcocode');
    if (q.stationIdx !== undefined && !(q.stationIdx >= 0 && q.stationIdx < this.stations.count)) throw new QueryError('not_found', `No station with index ${q.stationIdx}.`, 'crs_code');
    const page = searchLines(this.lines, this.tt, this.stations, q);
    return { total: page.total, items: page.items.map((line) => this.summary(line)) };
  }

  summary(line: number): RouteSummary {
    const directions: RouteEnds[] = [];
    if (this.kind(line) === 'bus') {
      const pats = longestPatterns(this.lines, this.tt, line);
      for (let b = 0; b < DIRECTION_BUCKETS; b++) if (pats[b] >= 0) directions.push(this.ends(b, pats[b]));
    }
    return { ...this.base(line), directions };
  }

  /**
   * A route with its directions (bus), the calls of its longest journey (in `q.direction` when
   * given) and the journeys of `q.day` in departure order, paged. Objects are built only for the page.
   */
  detail(line: number, q: RouteDetailQuery): RouteDetail {
    if (!(line >= 0 && line < this.lines.count)) throw new QueryError('not_found', `No route with index ${line}.`);
    if (!Number.isInteger(q.day)) throw new QueryError('invalid_parameter', 'The service date is not a date.', 'date');
    if (q.direction !== undefined && q.direction !== 0 && q.direction !== 1) throw new QueryError('invalid_parameter', 'direction must be 0 or 1.', 'direction');
    const pats = longestPatterns(this.lines, this.tt, line);
    const bus = this.kind(line) === 'bus';
    const directions: RouteDirection[] = [];
    if (bus) {
      for (let b = 0; b < DIRECTION_BUCKETS; b++) {
        const pat = pats[b];
        if (pat >= 0) directions.push({ ...this.ends(b, pat), stopCount: callCount(this.tt, pat), shape: commonestShape(this.tt, this.strings, pat) });
      }
    }
    const rep = q.direction !== undefined ? pats[q.direction] : longestOf(this.tt, pats);
    const { total, trips } = dayTrips(this.lines, this.tt, this.calendar, line, q.day, q.direction ?? -1, q.offset, q.limit);
    const ref = serviceDayReference(q.day);
    return {
      ...this.base(line),
      date: formatDay(q.day),
      directions,
      representativeStops: rep < 0 ? [] : Array.from(this.patternStops(rep), (stop) => this.stops.get(stop)),
      timetable: { total, items: trips.map((t) => this.journey(t, ref)) },
    };
  }

  find(kind: RouteKind, routeId: string): number {
    return this.lines.find(kind, routeId);
  }

  private kind(line: number): RouteKind {
    return LINE_KINDS[this.lines.kind[line]];
  }

  private base(line: number) {
    const l = this.lines;
    const s = this.strings;
    return {
      id: s.get(l.id[line]),
      kind: this.kind(line),
      line: s.get(l.line[line]),
      lineName: s.get(l.name[line]),
      operator: s.get(l.operatorName[line]),
      operatorCode: s.get(l.operatorCode[line]),
      mode: transitModeOf(l.routeType[line]),
      journeyCount: l.tripOffsets[line + 1] - l.tripOffsets[line],
    };
  }

  private ends(bucket: number, pat: number): RouteEnds {
    const stops = this.patternStops(pat);
    return { direction: bucket === NO_DIRECTION ? null : (bucket as 0 | 1), origin: this.stops.name(stops[0]), destination: this.stops.name(stops[stops.length - 1]) };
  }

  private patternStops(pat: number): Uint32Array {
    return this.tt.patternStops.subarray(this.tt.patternStopOffsets[pat], this.tt.patternStopOffsets[pat + 1]);
  }

  /** Trip t on the service day whose reference instant is `ref` (epoch ms). */
  private journey(t: number, ref: number): RouteJourney {
    const tt = this.tt;
    const pat = tt.tripPattern[t];
    const calls = callCount(tt, pat);
    const stops = this.patternStops(pat);
    const dir = tt.tripDirection[t];
    return {
      tripId: tt.tripIds.get(t),
      direction: dir === 0 || dir === 1 ? dir : null,
      departure: ref + tt.departureAt(t, 0) * 1000,
      arrival: ref + tt.arrivalAt(t, calls - 1) * 1000,
      origin: this.stops.get(stops[0]),
      destination: this.stops.get(stops[calls - 1]),
      stopCount: calls,
    };
  }
}
