import type { SnapshotReader } from '../snapshot/reader.js';
import { SnapshotFormatError } from '../errors.js';
import { NONE } from '../snapshot/format.js';

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

  /** Trip -> feed trip_id, headsign, BODS vehicle_journey_code, block_id (strings). */
  readonly tripId: Uint32Array;
  readonly tripHeadsign: Uint32Array;
  readonly tripVehicleJourneyCode: Uint32Array;
  readonly tripBlock: Uint32Array;
  readonly tripRoute: Uint32Array;
  readonly tripService: Uint32Array;
  /** Trip -> direction_id 0/1, or 255 when the feed gives none. */
  readonly tripDirection: Uint8Array;
  /** Trip -> shape, or NONE. */
  readonly tripShape: Uint32Array;
  /** Trip -> pattern, and its rank among the pattern's trips (column in the time matrix). */
  readonly tripPattern: Uint32Array;
  readonly tripRank: Uint32Array;
  /** Trip indices sorted by trip_id bytes. */
  readonly tripsById: Uint32Array;

  /** Service -> feed service_id (string). */
  readonly serviceId: Uint32Array;
  /** Service s, day d (0-based from the header's firstServiceDay) runs when bit d of words [s*W, (s+1)*W) is set; W = ceil(dayCount/32). */
  readonly serviceDays: Uint32Array;

  readonly patternRoute: Uint32Array;
  /** Pattern -> [first, end) into patternStops / patternStopFlags. Length patternCount + 1. */
  readonly patternStopOffsets: Uint32Array;
  readonly patternStops: Uint32Array;
  /** Per pattern stop: pickup_type << 2 | drop_off_type. */
  readonly patternStopFlags: Uint8Array;
  /** Pattern -> [first, end) into patternTrips (trips by first departure). Length patternCount + 1. */
  readonly patternTripOffsets: Uint32Array;
  readonly patternTrips: Uint32Array;
  /** Pattern -> first index of its stop-major time matrix in arrivals/departures: [pos * tripCount + rank]. */
  readonly patternTimeOffsets: Uint32Array;
  readonly arrivals: Int32Array;
  readonly departures: Int32Array;

  /** Stop -> [first, end) into stopPatterns / stopPatternPos. Length stopCount + 1. */
  readonly stopPatternOffsets: Uint32Array;
  readonly stopPatterns: Uint32Array;
  readonly stopPatternPos: Uint32Array;

  /** Shape -> feed shape_id, encoded polyline (precision 5), point count, length in metres. */
  readonly shapeId: Uint32Array;
  readonly shapePolyline: Uint32Array;
  readonly shapePointCount: Uint32Array;
  readonly shapeLength: Float64Array;

  constructor(r: SnapshotReader, stopCount: number) {
    this.routeId = r.u32('routes.id');
    this.routeShortName = r.u32('routes.shortName');
    this.routeLongName = r.u32('routes.longName');
    this.routeAgency = r.u32('routes.agency');
    this.routeType = r.u16('routes.type');
    this.routeColor = r.has('routes.color') ? r.u32('routes.color') : new Uint32Array(this.routeType.length).fill(NONE);
    this.tripId = r.u32('trips.id');
    this.tripHeadsign = r.u32('trips.headsign');
    this.tripVehicleJourneyCode = r.u32('trips.vehicleJourneyCode');
    this.tripBlock = r.u32('trips.block');
    this.tripRoute = r.u32('trips.route');
    this.tripService = r.u32('trips.service');
    this.tripDirection = r.u8('trips.direction');
    this.tripShape = r.u32('trips.shape');
    this.tripPattern = r.u32('trips.pattern');
    this.tripRank = r.u32('trips.rank');
    this.tripsById = r.u32('trips.byId');
    this.serviceId = r.u32('services.id');
    this.serviceDays = r.u32('services.days');
    this.patternRoute = r.u32('patterns.route');
    this.patternStopOffsets = r.u32('patterns.stopOffsets');
    this.patternStops = r.u32('patterns.stops');
    this.patternStopFlags = r.u8('patterns.stopFlags');
    this.patternTripOffsets = r.u32('patterns.tripOffsets');
    this.patternTrips = r.u32('patterns.trips');
    this.patternTimeOffsets = r.u32('patterns.timeOffsets');
    this.arrivals = r.i32('times.arr');
    this.departures = r.i32('times.dep');
    this.stopPatternOffsets = r.u32('stops.patternOffsets');
    this.stopPatterns = r.u32('stops.patterns');
    this.stopPatternPos = r.u32('stops.patternPos');
    this.shapeId = r.u32('shapes.id');
    this.shapePolyline = r.u32('shapes.polyline');
    this.shapePointCount = r.u32('shapes.pointCount');
    this.shapeLength = r.f64('shapes.length');

    this.routeCount = this.routeId.length;
    this.tripCount = this.tripId.length;
    this.patternCount = this.patternRoute.length;
    this.serviceCount = this.serviceId.length;
    this.shapeCount = this.shapeId.length;
    if (this.stopPatternOffsets.length !== stopCount + 1) throw new SnapshotFormatError(`stops.patternOffsets has ${this.stopPatternOffsets.length} entries for ${stopCount} stops.`);
  }
}
