/** The demo world's entities, shared by the generators and the file writers. */
import type { Area } from './places.js';

/** An NPTG-like locality with its stable code (E00xxxxx). */
export interface Locality {
  code: string;
  name: string;
  /** District town: NaPTAN ParentLocalityName and Town. */
  town: string;
  area: Area;
  lat: number;
  lon: number;
}

/** NaPTAN StopType: on-street bus, bus station stand, tram platform, rail station. */
export type NaptanStopType = 'BCT' | 'BCS' | 'PLT' | 'RLY';

/** One stop point, written both to NaPTAN and (when a trip calls there) to stops.txt. */
export interface DemoStop {
  /** ATCO code = GTFS stop_id. */
  atco: string;
  /** 8-digit SMS code for bus stops, '' for tram and rail. */
  naptanCode: string;
  name: string;
  shortName: string;
  street: string;
  indicator: string;
  /** Direction of travel (N ... NW); '' for stands and stations. */
  bearing: string;
  locality: Locality;
  lat: number;
  lon: number;
  stopType: NaptanStopType;
  /** Principal timing point: interchanges, village centres, stations. */
  timingPoint: boolean;
  active: boolean;
  /** Rail CRS code, else ''. */
  crs: string;
  /** GTFS platform_code (tram platforms), else ''. */
  platform: string;
}

export interface DemoAgency {
  id: string;
  name: string;
  /** National Operator Code (BODS agency_noc); '' for rail. */
  noc: string;
  url: string;
  phone: string;
}

export interface DemoRoute {
  id: string;
  agencyId: string;
  shortName: string;
  longName: string;
  /** GTFS route_type: 0 tram, 2 rail, 3 bus, 200 coach. */
  type: number;
}

/** A stopping pattern of one route and direction; trips share it and its shape. */
export interface DemoPattern {
  /** Pattern id, also the shape_id when `hasShape`. */
  id: string;
  stops: DemoStop[];
  /** Per stop: a timing point where the vehicle waits (arrival before departure). */
  dwell: boolean[];
  headsign: string;
  direction: 0 | 1;
  /** Where a vehicle starts and ends this pattern (node id), for chaining trips into blocks. */
  fromPlace: string;
  toPlace: string;
  hasShape: boolean;
}

/** One journey. Times are GTFS seconds: from noon minus 12 h of the service day, may exceed 86 400. */
export interface DemoTrip {
  id: string;
  routeId: string;
  serviceId: string;
  pattern: DemoPattern;
  blockId: string;
  vehicleJourneyCode: string;
  /** Arrival per pattern stop (seconds). */
  arr: number[];
  /** Departure per pattern stop (seconds); equals arr except at dwell timing points. */
  dep: number[];
}
