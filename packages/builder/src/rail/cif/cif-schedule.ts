import { growU32, growI32, growU8 } from '../../write/growable.js';

/** STP indicators in precedence order: a lower char code wins a date (C < N < O < P). */
export type StpIndicator = 'C' | 'N' | 'O' | 'P';

/** One BS schedule with its BX operator; its passenger calls are a range of the CifCalls columns. */
export interface CifSchedule {
  /** Train UID (e.g. C04547). */
  uid: string;
  /** Date runs from as the file gives it (day number): part of the trip id. */
  runsFrom: number;
  /** Dates it may run, day numbers, inclusive: date runs from / to kept inside the file's period. */
  from: number;
  to: number;
  /** Days run, bit 0 = Monday ... bit 6 = Sunday. */
  days: number;
  stp: StpIndicator;
  /** Train status (P/1 train, B/5 bus, S/4 ship; the digits are the STP variants). */
  status: string;
  /** Train category (OO ordinary, XX express, XZ sleeper, BR replacement bus, ...). */
  category: string;
  /** Train identity, the 4-character headcode (e.g. 1S25). */
  identity: string;
  /** 2-letter ATOC operator code from BX; '' when the schedule has no BX. */
  atoc: string;
  /** [callStart, callEnd) into CifCalls. */
  callStart: number;
  callEnd: number;
  /** 1-based MCA line of the BS record (for issues). */
  line: number;
  /** Position in the file, the last tie-breaker between schedules of one UID. */
  seq: number;
}

/**
 * Passenger calls of every schedule as columns (no per-call objects: a national MCA has
 * millions). Times are seconds from midnight of the origin's run date; after midnight they
 * exceed 86 400. TIPLOCs are indices into `tiplocs`.
 */
export class CifCalls {
  readonly tiplocs: string[] = [];
  private readonly tiplocIdx = new Map<string, number>();
  /** Call -> TIPLOC index. */
  readonly tiploc = growU32();
  readonly arr = growI32();
  readonly dep = growI32();
  /** Call -> pickup_type << 2 | drop_off_type (GTFS codes). */
  readonly flags = growU8();

  get length(): number {
    return this.tiploc.length;
  }

  push(tiploc: string, arr: number, dep: number, flags: number): void {
    let idx = this.tiplocIdx.get(tiploc);
    if (idx === undefined) {
      idx = this.tiplocs.length;
      this.tiplocs.push(tiploc);
      this.tiplocIdx.set(tiploc, idx);
    }
    this.tiploc.push(idx);
    this.arr.push(arr);
    this.dep.push(dep);
    this.flags.push(flags);
  }

  /** Drops calls from `length` on (a schedule abandoned part-way). */
  truncate(length: number): void {
    this.tiploc.length = this.arr.length = this.dep.length = this.flags.length = length;
  }
}
