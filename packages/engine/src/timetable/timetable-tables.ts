import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import { NONE } from '../snapshot/format.js';
import { perTripOf, tripColumnsOf, type DerivedTripColumns } from './derived-columns.js';
import { compactTimes, expandProfiles, type CompactTimes } from './compact-times.js';
import { TripIds } from '../snapshot/trip-ids.js';
import { allocColumn } from './alloc-column.js';
import { ShapeLines } from '../snapshot/shape-lines.js';

/**
 * Timetable columns: routes, trips, services, patterns, stop times and shapes (see
 * docs/engine.md "Snapshot sections"). Times are Seconds from the service day's reference.
 */
export class TimetableTables {
  readonly routeCount: number;
  readonly tripCount: number;
  readonly patternCount: number;
  readonly serviceCount: number;
  readonly shapeCount: number;

  /** Route -> feed route_id / short name / long name (strings). */
  readonly routeId: Uint32Array;
  readonly routeShortName: Uint32Array;
  readonly routeLongName: Uint32Array;
  /** Route -> index into the header's agencies. */
  readonly routeAgency: Uint32Array;
  /** Route -> GTFS route_type (extended types kept as given). */
  readonly routeType: Uint16Array;
  /** Route -> route_color as 0xRRGGBB, or NONE (every route NONE when the snapshot predates the section). */
  readonly routeColor: Uint32Array;

  /** Trip <-> feed trip_id (front-coded; `tripIds.get(tripIdx)`, `tripIds.find(tripId)`, `tripIds.rank`: byte order). */
  readonly tripIds: TripIds;
  /** Trip -> headsign, BODS vehicle_journey_code, block_id (strings). */
  readonly tripHeadsign: Uint32Array;
  readonly tripVehicleJourneyCode: Uint32Array;
  readonly tripBlock: Uint32Array;
  /** Trip -> route (derived: its pattern's route). */
  readonly tripRoute: Uint32Array;
  readonly tripService: Uint32Array;
  /** Trip -> direction_id 0/1, or 255 when the feed gives none. */
  readonly tripDirection: Uint8Array;
  /** Trip -> shape, or NONE. */
  readonly tripShape: Uint32Array;
  /** Trip -> pattern, and its rank among the pattern's trips (column in the time matrix); derived from patternTripOffsets. */
  readonly tripPattern: Uint32Array;
  readonly tripRank: Uint32Array;
  /** Distinct day bitsets: row r has day d (0-based from the header's firstServiceDay) when bit d of words [r*W, (r+1)*W) is set; W = ceil(dayCount/32). */
  readonly serviceDays: Uint32Array;
  /** Service -> its row of `serviceDays` (services share rows; the identity when the snapshot predates `services.dayRows`). */
  readonly serviceDayRow: Uint32Array;

  readonly patternRoute: Uint32Array;
  /** Pattern -> [first, end) into patternStops / patternStopFlags. Length patternCount + 1. */
  readonly patternStopOffsets: Uint32Array;
  readonly patternStops: Uint32Array;
  /** Per pattern stop: pickup_type << 2 | drop_off_type. */
  readonly patternStopFlags: Uint8Array;
  /** Pattern -> its trips [first, end), trip indices by first departure (a pattern's trips are contiguous). Length patternCount + 1. */
  readonly patternTripOffsets: Uint32Array;
  /**
   * Pattern stop (patternStopOffsets[p] + pos) -> [first, end) of its rows in `times`; length
   * patternStops.length + 1. Each row holds the pattern's trips by rank (entry row + rank): the
   * arrival row starts at first, the departure row at end - the pattern's trip count (the same
   * row when no trip dwells there, which is most pattern stops).
   */
  readonly timeRows: Uint32Array;
  /**
   * Seconds from the trip's base (`tripBase`), located by timeRows: trip t of rank r in pattern
   * stop i's arrival row is at tripBase[t] + times[arrivalRow(i) + r]. u16 where every pattern's
   * times span less than 65,536 s, else i32 (see CompactTimes); one kind per snapshot.
   */
  readonly times: Uint16Array | Int32Array;
  /** Trip -> Seconds its offsets in `times` count from (0 where the snapshot stores absolute rows). */
  readonly tripBase: Int32Array;
  /** Stop times: the sum over patterns of stops times trips (more than times.length when rows are shared). */
  readonly stopTimeCount: number;

  /** Stop -> [first, end) into stopPatterns / stopPatternPos. Length stopCount + 1. */
  readonly stopPatternOffsets: Uint32Array;
  readonly stopPatterns: Uint32Array;
  /** Position in the pattern: u16 where every position fits (the builder's choice since the seventh session), else u32; one kind per snapshot, read as stored. */
  readonly stopPatternPos: Uint16Array | Uint32Array;

  /** Shape -> feed shape_id (string), its line's key (equal for shapes of the same line; `shapeLines` decodes it), point count, length in metres. */
  readonly shapeId: Uint32Array;
  readonly shapePolyline: Uint32Array;
  /** The distinct shape lines: points and polyline text by key. */
  readonly shapeLines: ShapeLines;
  readonly shapePointCount: Uint32Array;
  readonly shapeLength: Float64Array;

  /** The trip columns derived at open (viewed, not derived, when the constructor was given them). */
  readonly derived: DerivedTripColumns;

  /**
   * `derived`: the columns another engine over the same snapshot derived into shared memory
   * (checked for length only); absent, they are derived here, into shared memory when `share`.
   */
  constructor(r: SnapshotReader, stopCount: number, derived?: DerivedTripColumns, share = false) {
    this.routeId = r.u32('routes.id');
    this.routeShortName = r.u32('routes.shortName');
    this.routeLongName = r.u32('routes.longName');
    this.routeAgency = r.u32('routes.agency');
    this.routeType = r.u16('routes.type');
    this.routeColor = r.has('routes.color') ? r.u32('routes.color') : new Uint32Array(this.routeType.length).fill(NONE);
    this.tripIds = TripIds.open(r);
    const tripCount = this.tripIds.count;
    // Absent: every trip's is empty (string 0).
    this.tripVehicleJourneyCode = r.has('trips.vehicleJourneyCode') ? r.u32('trips.vehicleJourneyCode') : new Uint32Array(tripCount);
    this.tripBlock = r.has('trips.block') ? r.u32('trips.block') : new Uint32Array(tripCount);
    this.tripService = r.u32('trips.service');
    this.tripShape = r.u32('trips.shape');
    this.serviceDays = r.u32('services.days');
    // Snapshots since the fifth session hold no service ids (nothing reads them): a service is its row in services.dayRows.
    // Older ones have services.id (one string per service) and may lack dayRows (service s is row s).
    const serviceIds = r.has('services.id') ? r.u32('services.id') : null;
    this.serviceDayRow = r.has('services.dayRows') ? r.u32('services.dayRows') : Uint32Array.from(serviceIds ?? r.u32('services.id'), (_, i) => i);
    this.patternRoute = r.u32('patterns.route');
    this.patternStopOffsets = r.u32('patterns.stopOffsets');
    this.patternStops = r.u32('patterns.stops');
    this.patternStopFlags = r.u8('patterns.stopFlags');
    this.patternTripOffsets = r.u32('patterns.tripOffsets');
    if (this.patternTripOffsets.length !== this.patternRoute.length + 1 || this.patternTripOffsets[this.patternRoute.length] !== tripCount) {
      throw new SnapshotFormatError(`patterns.tripOffsets (${this.patternTripOffsets.length} entries) does not cover the ${tripCount} trips of ${this.patternRoute.length} patterns.`);
    }
    // Headsign and direction are stored per pattern when each pattern's trips agree (the usual case), else per trip.
    const perTrip = { headsign: r.has('trips.headsign'), direction: r.has('trips.direction'), profiles: r.has('times.profiles') || r.has('times.profileDeltas') };
    if (derived) checkDerived(derived, tripCount, perTrip);
    this.derived = derived ?? {
      ...tripColumnsOf(this.patternTripOffsets, this.patternRoute, share),
      tripHeadsign: perTrip.headsign ? null : perTripOf(r.u32('patterns.headsign'), this.patternTripOffsets, share),
      tripDirection: perTrip.direction ? null : perTripOf(r.u8('patterns.direction'), this.patternTripOffsets, share),
      times: perTrip.profiles ? this.expandProfiles(r, share) : null,
      // Derived at open (in shared memory with `share`), so a trips.byId that is no permutation fails here, not at a first board.
      tripIdRank: this.tripIds.stored ? null : this.tripIds.rankInto(allocColumn(Uint32Array, tripCount, share)),
    };
    if (this.derived.tripIdRank) this.tripIds.adopt(this.derived.tripIdRank);
    this.tripPattern = this.derived.tripPattern;
    this.tripRank = this.derived.tripRank;
    this.tripRoute = this.derived.tripRoute;
    this.tripHeadsign = this.derived.tripHeadsign ?? r.u32('trips.headsign');
    this.tripDirection = this.derived.tripDirection ?? r.u8('trips.direction');
    if (this.derived.times) {
      // The builder's form (running-time profiles), expanded to per-trip rows at open (or viewed, expanded by another engine): a base per trip, u16 offsets from it.
      this.times = this.derived.times.times;
      this.timeRows = this.derived.times.timeRows;
      this.tripBase = this.derived.times.tripBase;
    } else if (r.has('times.values')) {
      // Absolute rows (before profiles): i32 over a zero base.
      this.times = r.i32('times.values');
      this.timeRows = r.u32('patterns.timeRows');
      this.tripBase = new Int32Array(tripCount);
    } else {
      // Older snapshots: two full matrices located per pattern, packed here (a copy per open).
      const packed = compactTimes(this.patternStopOffsets, this.patternTripOffsets, r.u32('patterns.timeOffsets'), r.i32('times.arr'), r.i32('times.dep'));
      this.times = packed.times;
      this.timeRows = packed.timeRows;
      this.tripBase = packed.tripBase;
    }
    if (this.timeRows.length !== this.patternStops.length + 1 || this.timeRows[this.patternStops.length] > this.times.length) {
      throw new SnapshotFormatError(`patterns.timeRows has ${this.timeRows.length} entries for ${this.patternStops.length} pattern stops, or overruns the ${this.times.length} times.`);
    }
    let stopTimes = 0;
    for (let p = 0; p < this.patternRoute.length; p++) stopTimes += (this.patternStopOffsets[p + 1] - this.patternStopOffsets[p]) * (this.patternTripOffsets[p + 1] - this.patternTripOffsets[p]);
    this.stopTimeCount = stopTimes;
    this.stopPatternOffsets = r.u32('stops.patternOffsets');
    this.stopPatterns = r.u32('stops.patterns');
    this.stopPatternPos = patternPosOf(r, this.stopPatterns.length);
    this.shapeId = r.u32('shapes.id');
    this.shapeLines = ShapeLines.open(r);
    this.shapePolyline = this.shapeLines.ofShape;
    this.shapePointCount = r.u32('shapes.pointCount');
    this.shapeLength = r.f64('shapes.length');

    this.routeCount = this.routeId.length;
    this.tripCount = tripCount;
    this.patternCount = this.patternRoute.length;
    this.serviceCount = this.serviceDayRow.length;
    if (serviceIds && serviceIds.length !== this.serviceCount) throw new SnapshotFormatError(`services.dayRows has ${this.serviceCount} entries for ${serviceIds.length} services.`);
    this.shapeCount = this.shapeId.length;
    if (this.stopPatternOffsets.length !== stopCount + 1) throw new SnapshotFormatError(`stops.patternOffsets has ${this.stopPatternOffsets.length} entries for ${stopCount} stops.`);
  }

  /** Start in `times` of the arrival row of pattern stop i (patternStopOffsets[p] + pos). */
  arrivalRow(i: number): number {
    return this.timeRows[i];
  }

  /** Start in `times` of the departure row of pattern stop i, whose pattern has `tripCount` trips. */
  departureRow(i: number, tripCount: number): number {
    return this.timeRows[i + 1] - tripCount;
  }

  /** Trip's arrival at position `pos` of its pattern (Seconds). */
  arrivalAt(tripIdx: number, pos: number): number {
    const p = this.tripPattern[tripIdx];
    return this.tripBase[tripIdx] + this.times[this.timeRows[this.patternStopOffsets[p] + pos] + this.tripRank[tripIdx]];
  }

  /** Trip's departure at position `pos` of its pattern (Seconds). */
  departureAt(tripIdx: number, pos: number): number {
    const p = this.tripPattern[tripIdx];
    const n = this.patternTripOffsets[p + 1] - this.patternTripOffsets[p];
    return this.tripBase[tripIdx] + this.times[this.timeRows[this.patternStopOffsets[p] + pos + 1] - n + this.tripRank[tripIdx]];
  }

  /** A pattern's running-time profiles once, a start and a profile per trip: expanded to per-trip rows (a copy, in shared memory when `shared`). */
  private expandProfiles(r: SnapshotReader, shared: boolean): CompactTimes {
    const trips = this.tripIds.count;
    const start = r.i32('trips.start');
    const profile = r.any('trips.profile') as Uint8Array | Uint16Array | Uint32Array;
    if (start.length !== trips || profile.length !== trips) throw new SnapshotFormatError(`trips.start / trips.profile have ${start.length} / ${profile.length} entries for ${trips} trips.`);
    // Since the seventh session a dwell bit per pattern stop; before, the rows' offsets (P or 2P wide each).
    const layout = r.has('patterns.dwells') ? { dwells: r.u8('patterns.dwells') } : { profileRows: r.u32('patterns.profileRows') };
    // Since the sixth session varint deltas (a byte or two an offset); before, i32 offsets.
    const source = r.has('times.profileDeltas') ? { deltas: r.u8('times.profileDeltas') } : { offsets: r.i32('times.profiles') };
    return expandProfiles(this.patternStopOffsets, this.patternTripOffsets, layout, source, start, profile, shared);
  }
}

/** `stops.patternPos` as stored (u16 or u32), a position per `stops.patterns` entry. */
function patternPosOf(r: SnapshotReader, entryCount: number): Uint16Array | Uint32Array {
  const pos = r.any('stops.patternPos');
  if (!(pos instanceof Uint16Array || pos instanceof Uint32Array) || pos.length !== entryCount) {
    throw new SnapshotFormatError(`stops.patternPos must be u16 or u32 with ${entryCount} entries (one per stops.patterns entry); it is ${pos.constructor.name} with ${pos.length}. Rebuild the snapshot.`);
  }
  return pos;
}

/** Throws SnapshotFormatError unless `d` has a value per trip in each column this snapshot derives (and none in those it stores). */
function checkDerived(d: DerivedTripColumns, tripCount: number, perTrip: { headsign: boolean; direction: boolean; profiles: boolean }): void {
  const fits = (col: ArrayLike<number> | null, stored: boolean) => (stored ? col === null : col !== null && col.length === tripCount);
  const times = d.times === null || ((d.times.times instanceof Uint16Array || d.times.times instanceof Int32Array) && d.times.tripBase instanceof Int32Array && d.times.tripBase.length === tripCount);
  if (![d.tripPattern, d.tripRank, d.tripRoute].every((c) => fits(c, false)) || (d.tripIdRank !== null && d.tripIdRank.length !== tripCount) || !fits(d.tripHeadsign, perTrip.headsign) || !fits(d.tripDirection, perTrip.direction) || (d.times !== null) !== perTrip.profiles || !times) {
    throw new SnapshotFormatError(`The derived trip columns given to Engine.open do not fit this snapshot's ${tripCount} trips: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
  }
}
