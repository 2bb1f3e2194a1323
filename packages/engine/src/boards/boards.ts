import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StationTable } from '../stops/station-table.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { TripDescriber } from '../trips/trip-describer.js';
import type { BoardCall, BoardQuery, TransitMode } from '../api.js';
import { QueryError } from '../errors.js';
import { BoardSearch } from './board-search.js';
import type { EntryBoundColumns } from './entry-bounds.js';
import { BoardHits } from './board-hits.js';

/** Longest board window accepted, in ms (7 days). */
export const MAX_BOARD_WINDOW_MS = 7 * 86_400_000;
/** Largest board `limit` accepted. */
export const MAX_BOARD_LIMIT = 10_000;

/** Stop and station boards: the search, then one record per call returned. */
export class Boards {
  private readonly search: BoardSearch;
  private readonly hits = new BoardHits();
  private readonly one = new Uint32Array(1);

  constructor(
    tt: TimetableTables,
    private readonly calendar: ServiceCalendar,
    private readonly describer: TripDescriber,
    private readonly stations: StationTable,
    private readonly stopCount: number,
    /** The entry bound columns of another engine over the same snapshot (shared memory), or undefined: made on the first board. */
    entryBounds?: EntryBoundColumns,
  ) {
    this.search = new BoardSearch(tt, calendar, describer, entryBounds);
  }

  /** Calls at one stop, every mode. */
  stop(stopIdx: number, q: BoardQuery): BoardCall[] {
    if (!(stopIdx >= 0 && stopIdx < this.stopCount)) throw new QueryError('invalid_parameter', `No stop with index ${stopIdx}.`);
    this.one[0] = stopIdx;
    return this.run(this.one, 0, 1, q, null);
  }

  /** Rail calls at the stops (platforms) of one station. */
  station(stationIdx: number, q: BoardQuery): BoardCall[] {
    if (!(stationIdx >= 0 && stationIdx < this.stations.count)) throw new QueryError('invalid_parameter', `No station with index ${stationIdx}.`);
    const { stops, stopOffsets } = this.stations;
    return this.run(stops, stopOffsets[stationIdx], stopOffsets[stationIdx + 1], q, 'rail');
  }

  /** The raw search into caller-owned columns (for benchmarks and embedders that serialise themselves). */
  searchInto(stopIdx: number, q: BoardQuery, hits: BoardHits): number {
    checkQuery(q);
    this.one[0] = stopIdx;
    return this.search.search(this.one, 0, 1, q.type, q.from, q.to, q.limit, null, hits);
  }

  private run(stops: Uint32Array, first: number, end: number, q: BoardQuery, mode: TransitMode | null): BoardCall[] {
    checkQuery(q);
    const h = this.hits;
    const count = this.search.search(stops, first, end, q.type, q.from, q.to, q.limit, mode, h);
    const out: BoardCall[] = new Array(count);
    for (let i = 0; i < count; i++) out[i] = this.record(h.trip[i], this.calendar.firstDay + h.dayIndex[i], h.stop[i], h.pos[i], h.seconds[i], h.time[i]);
    return out;
  }

  private record(t: number, day: number, stopIdx: number, pos: number, seconds: number, time: number): BoardCall {
    const d = this.describer;
    const tripId = d.tripId(t);
    const serviceDate = this.calendar.date(day);
    return {
      tripIdx: t,
      tripId,
      line: d.line(t),
      lineName: d.lineName(t),
      operator: d.operator(t),
      operatorCode: d.operatorCode(t),
      destination: d.destination(t),
      origin: d.origin(t),
      direction: d.direction(t),
      mode: d.mode(t),
      serviceDay: day,
      serviceDate,
      datedRef: `${serviceDate}:${tripId}`,
      stopIdx,
      platform: d.platform(stopIdx),
      sequence: pos + 1,
      seconds,
      time,
    };
  }
}

function checkQuery(q: BoardQuery): void {
  if (!Number.isFinite(q.from) || !Number.isFinite(q.to) || q.to <= q.from) throw new QueryError('invalid_parameter', 'A board window needs finite from < to (epoch ms).', 'to_offset');
  if (q.to - q.from > MAX_BOARD_WINDOW_MS) throw new QueryError('invalid_parameter', `A board window may span at most ${MAX_BOARD_WINDOW_MS / 3_600_000} hours.`, 'to_offset');
  if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_BOARD_LIMIT) throw new QueryError('invalid_parameter', `Board limit must be an integer from 1 to ${MAX_BOARD_LIMIT}.`, 'limit');
  if (q.type !== 'departures' && q.type !== 'arrivals') throw new QueryError('invalid_parameter', 'Board type must be departures or arrivals.', 'type');
}
