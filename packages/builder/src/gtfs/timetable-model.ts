import { chunkedU32, chunkedF64 } from '../write/chunked-column.js';
import { StopTimeStore } from './stop-time-store.js';

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
export interface ServiceRow {
  id: string;
  /** Bit i = runs on weekday i (0 Monday ... 6 Sunday) between start and end. */
  weekdays: number;
  /** Day numbers; NaN when the service has no calendar.txt row. */
  start: number;
  end: number;
  added: number[];
  removed: number[];
}
export interface TripRow {
  id: string;
  route: number;
  service: number;
  headsign: string;
  /** 0/1, or 255 when absent. */
  direction: number;
  /** Shape index or -1. */
  shape: number;
  block: string;
  vehicleJourneyCode: string;
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
  services: ServiceRow[] = [];
  serviceByKey = new Map<string, number>();
  trips: TripRow[] = [];
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
