import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StringTable } from '../snapshot/strings.js';
import type { TripSummary } from '../api.js';
import { NONE } from '../snapshot/format.js';

/** Lower-case key of an operator code and a line name (underscores read as spaces). */
export function lineKey(operatorCode: string, line: string): string {
  return `${operatorCode.toLowerCase()}|${line.replace(/_/g, ' ').toLowerCase()}`;
}

/** A line's trips ordered by first departure (the origin-time rule reads only those leaving near its time). */
export interface LineStarts {
  /** First departure per entry, seconds, ascending. */
  readonly start: Int32Array;
  /** The trip of each entry (equal starts: in trip order). */
  readonly trips: Int32Array;
}

/**
 * Lookups the matcher needs, built once from the snapshot on first use: trips by BODS
 * vehicle_journey_code, by operator code + line, and by GTFS route_id; and per route its
 * operator code and line (lower case) for checking a journey-code hit. Per line, its trips by
 * first departure are made on first use (`byStart`).
 */
export class LiveIndex {
  /** vehicle_journey_code -> trips, in trip order. */
  readonly byJourneyCode = new Map<string, number[]>();
  /**
   * vehicle_journey_code -> its trips grouped by operator: sorted by operator number (routeOperatorIdx), then trip, with
   * each one's operator beside it. A national code list holds every operator's trips of that code (84 on average at 32
   * tiles); a record's operator reads only its own by a binary search, not every trip's route.
   */
  readonly byJourneyCodeOperator = new Map<string, { trips: Int32Array; operators: Int32Array }>();
  /** lineKey(operator code, line) -> trips, in trip order. */
  readonly byLine = new Map<string, number[]>();
  /** GTFS route_id -> trips, in trip order. */
  readonly byRouteId = new Map<string, number[]>();
  /** Operator code, lower case -> its number in routeOperatorIdx (comparing numbers per candidate trip, not strings). */
  readonly operatorIdx = new Map<string, number>();
  /** Route -> number of its operator code (operatorIdx). */
  readonly routeOperatorIdx: Int32Array;
  /** Route -> operator code, line and line name, lower case. */
  readonly routeOperator: string[];
  readonly routeLine: string[];
  readonly routeLineName: string[];

  /** byStart's lists, by the line list they order (8 bytes a trip of the lines read so far). */
  private readonly starts = new Map<readonly number[], LineStarts>();

  constructor(
    private readonly tt: TimetableTables,
    strings: StringTable,
    summary: (tripIdx: number) => TripSummary,
  ) {
    this.routeOperatorIdx = new Int32Array(tt.routeCount);
    this.routeOperator = new Array(tt.routeCount);
    this.routeLine = new Array(tt.routeCount);
    this.routeLineName = new Array(tt.routeCount);
    const routeLineKey: string[] = new Array(tt.routeCount);
    const routeIdText: string[] = new Array(tt.routeCount);
    const push = (m: Map<string, number[]>, k: string, t: number) => {
      const list = m.get(k);
      if (list) list.push(t);
      else m.set(k, [t]);
    };
    for (let t = 0; t < tt.tripCount; t++) {
      const r = tt.tripRoute[t];
      if (routeLineKey[r] === undefined) {
        const s = summary(t);
        this.routeOperator[r] = s.operatorCode.toLowerCase();
        let op = this.operatorIdx.get(this.routeOperator[r]);
        if (op === undefined) this.operatorIdx.set(this.routeOperator[r], (op = this.operatorIdx.size));
        this.routeOperatorIdx[r] = op;
        this.routeLine[r] = s.line.toLowerCase();
        this.routeLineName[r] = s.lineName.toLowerCase();
        routeLineKey[r] = lineKey(s.operatorCode, s.line);
        routeIdText[r] = strings.get(tt.routeId[r]);
      }
      push(this.byLine, routeLineKey[r], t);
      if (routeIdText[r]) push(this.byRouteId, routeIdText[r], t);
      const vjc = tt.tripVehicleJourneyCode[t];
      if (vjc !== NONE) {
        const code = strings.get(vjc);
        if (code) push(this.byJourneyCode, code, t);
      }
    }
    for (const [code, trips] of this.byJourneyCode) {
      const op = (t: number) => this.routeOperatorIdx[tt.tripRoute[t]];
      const sorted = Int32Array.from(trips).sort((a, b) => op(a) - op(b) || a - b);
      this.byJourneyCodeOperator.set(code, { trips: sorted, operators: sorted.map(op) });
    }
  }

  /** The trips of `trips` (a byLine or byRouteId list) by first departure, made on first use and kept. */
  byStart(trips: readonly number[]): LineStarts {
    let line = this.starts.get(trips);
    if (!line) {
      const tt = this.tt;
      const n = trips.length;
      const order = new Int32Array(n);
      const start = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        order[i] = i;
        start[i] = tt.departureAt(trips[i], 0);
      }
      order.sort((a, b) => start[a] - start[b] || trips[a] - trips[b]);
      line = { start: order.map((i) => start[i]), trips: order.map((i) => trips[i]) };
      this.starts.set(trips, line);
    }
    return line;
  }
}
