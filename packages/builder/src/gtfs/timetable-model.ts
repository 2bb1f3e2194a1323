import { chunkedU32, chunkedF64 } from '../write/chunked-column.js';
import { StopTimeStore } from './stop-time-store.js';
import { TripColumns } from './trip-columns.js';
import { ServiceColumns } from './service-columns.js';

export type { TripRow } from './trip-columns.js';
export type { ServiceRow } from './service-columns.js';

/** Parsed GTFS, merged across feeds, before compiling (ids are namespaced per feed where GTFS scopes them per feed). */
export interface AgencyRow { id: string; name: string; noc: string; url: string }
export interface RouteRow {
  id: string;
  shortName: string;
  longName: string;
  agency: number;
  type: number;
  /** route_color as 0xRRGGBB; absent when the feed gives none (or an unreadable one). */
  color?: number;
}
/** Shapes compiled as soon as their feed's shapes.txt is read, by shape index. */
export interface EncodedShapes {
  /** The line's varint deltas (engine snapshot/shape-lines.ts) as a latin1 string, one char a byte ('' without points). */
  polyline: string[];
  pointCount: number[];
  /** Metres along the points, to 0.1 m. */
  length: number[];
}

/** Sentinel time for an empty arrival/departure (to be interpolated). */
export const NO_TIME = -2_000_000_000;

export class TimetableModel {
  agencies: AgencyRow[] = [];
  agencyByKey = new Map<string, number>();
  routes: RouteRow[] = [];
  routeByKey = new Map<string, number>();
  /** Services as columns (push a ServiceRow, or set calendars and exceptions row by row). */
  services = new ServiceColumns();
  serviceByKey = new Map<string, number>();
  /** Trips as columns (push a TripRow; read trips.route.get(t), trips.headsign(t), ...). */
  trips = new TripColumns();
  tripById = new Map<string, number>();
  shapeIds: string[] = [];
  shapeByKey = new Map<string, number>();
  /** Stops referenced by GTFS, by ATCO code / stop_id; index = position in stopAtcos. */
  stopAtcos: string[] = [];
  stopByAtco = new Map<string, number>();

  /** Stop times (one per row of stop_times.txt that parsed), spilled to sorted runs on disk past a run's size. */
  st = new StopTimeStore();
  /** Shape points of the feed being read, as columns (encoded into `shapes` after its shapes.txt). */
  sp = newShapePointColumns();
  /** Every feed's shapes, encoded, by shape index. */
  shapes: EncodedShapes = { polyline: [], pointCount: [], length: [] };

  /** Drops the stop times and their temp file (a failed build; compiling empties the store itself). */
  releaseStopTimes(): void {
    this.st.dispose();
  }

  /**
   * Drops what only the timetable sections need (trips, services, stops' and shapes' ids, encoded
   * shapes) once they are written: the later compile steps (places, strings) then run without them.
   * Routes and agencies stay (fares and the header read them).
   */
  releaseTimetable(): void {
    this.trips = new TripColumns();
    this.tripById = new Map();
    this.services = new ServiceColumns();
    this.serviceByKey = new Map();
    this.shapeIds = [];
    this.shapeByKey = new Map();
    this.stopAtcos = [];
    this.stopByAtco = new Map();
    this.shapes = { polyline: [], pointCount: [], length: [] };
  }

  releaseShapePoints(): void {
    this.sp = newShapePointColumns();
  }

  stopIndex(atco: string): number {
    let idx = this.stopByAtco.get(atco);
    if (idx === undefined) {
      idx = this.stopAtcos.length;
      this.stopAtcos.push(atco);
      this.stopByAtco.set(atco, idx);
    }
    return idx;
  }
}

function newShapePointColumns() {
  return { shape: chunkedU32(), seq: chunkedF64(), lat: chunkedF64(), lon: chunkedF64() };
}
