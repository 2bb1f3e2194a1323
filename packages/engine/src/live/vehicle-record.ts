/**
 * One vehicle position from a live feed, normalised: what the matcher needs from SIRI-VM
 * (`VehicleActivity/MonitoredVehicleJourney`) and GTFS-realtime (`VehiclePosition`). Declared
 * here because the engine consumes it; `@transit/feeds` produces it.
 */
export interface VehicleRecord {
  /** Which feed the record came from. */
  source: VehicleSource;
  /** Vehicle identity within its operator (SIRI `VehicleRef` without a leading `{OperatorRef}-`; GTFS-RT `vehicle.id`). */
  vehicleRef: string;
  /** National Operator Code (SIRI `OperatorRef`), null when absent (GTFS-RT carries none). */
  operatorRef: string | null;
  /** SIRI `LineRef` (underscores read as spaces), null when absent. */
  lineRef: string | null;
  /** SIRI `PublishedLineName` (underscores read as spaces), null when absent. */
  publishedLineName: string | null;
  /** SIRI `DirectionRef` lower-cased (`inbound`, `outbound`, `clockwise`, ...), null when absent. */
  directionRef: string | null;
  /** GTFS-RT `trip.direction_id` (0/1), null when absent. */
  directionId: 0 | 1 | null;
  /** SIRI `FramedVehicleJourneyRef/DatedVehicleJourneyRef`, else `VehicleJourneyRef`; null when absent or `UNKNOWN`. */
  journeyRef: string | null;
  /** SIRI `FramedVehicleJourneyRef/DataFrameRef` (a date, usually YYYY-MM-DD), null when absent. */
  dataFrameRef: string | null;
  /** Ticket-machine journey code (`Extensions/VehicleJourney/Operational/TicketMachine/JourneyCode`), null when absent or `0000`. */
  ticketMachineCode: string | null;
  /** GTFS-RT `trip.trip_id` / `route_id` / `start_date` (YYYYMMDD) / `start_time` (HH:MM:SS), null when absent. */
  tripId: string | null;
  routeId: string | null;
  startDate: string | null;
  startTime: string | null;
  /** SIRI `OriginRef` (ATCO code), null when absent. */
  originRef: string | null;
  /** SIRI `OriginAimedDepartureTime` as epoch ms, NaN when absent or unreadable. */
  originAimedDepartureMs: number;
  /** SIRI `DestinationRef` (ATCO code) and `DestinationName`, null when absent. */
  destinationRef: string | null;
  destinationName: string | null;
  /** SIRI `BlockRef`, null when absent. */
  blockRef: string | null;
  /** WGS84 degrees. */
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north; null when absent or 0 (0 usually means unknown on BODS). */
  bearing: number | null;
  /** When the position was measured, epoch ms. */
  recordedAtMs: number;
  /** SIRI `ValidUntilTime` as epoch ms, NaN when absent. */
  validUntilMs: number;
  /** Occupancy: SIRI `Occupancy` (`seatsAvailable`, `standingAvailable`, `full`) or GTFS-RT occupancy_status lower-cased; null when absent. */
  occupancy: string | null;
  /** SIRI extensions `SeatedOccupancy`, `SeatedCapacity`, `WheelchairOccupancy`, `WheelchairCapacity`; null when absent. */
  seatedOccupancy: number | null;
  seatedCapacity: number | null;
  wheelchairOccupancy: number | null;
  wheelchairCapacity: number | null;
}

/** GTFS direction_id the record implies: GTFS-RT direction_id, or SIRI outbound = 0 / inbound = 1 (the BODS GTFS convention). */
export function directionId(rec: VehicleRecord): 0 | 1 | null {
  if (rec.directionId !== null) return rec.directionId;
  if (rec.directionRef === 'outbound') return 0;
  if (rec.directionRef === 'inbound') return 1;
  return null;
}

/** Feed a vehicle record came from: BODS SIRI-VM or GTFS-realtime. */
export type VehicleSource = 'siri_vm' | 'gtfs_rt';

/** One parsed feed document: its records and what was left out. */
export interface VehicleDelivery {
  source: VehicleSource;
  /** SIRI `ResponseTimestamp` or GTFS-RT header timestamp, epoch ms; NaN when the document has none. */
  producedAtMs: number;
  /** SIRI `ProducerRef` (the demo's simulated feed says `SIMULATED`), null when absent. */
  producer: string | null;
  records: VehicleRecord[];
  /** Activities / entities seen in the document (kept + dropped). */
  seen: number;
  /** Dropped: no usable position (missing, 0/0, |lat| >= 90, out of range). */
  droppedJunkPosition: number;
  /** Dropped: no vehicle identity or no RecordedAtTime / timestamp. */
  droppedIncomplete: number;
}
