import type { VehicleRecord } from '@transit/engine';
import { num, parseIsoMs, xmlText } from '../feed-values.js';
import { node as child, type XmlNode } from '../xml-node.js';


/** Leaf elements of a VehicleActivity the parser reads, with their parent path (local names). */
const MVJ = ['MonitoredVehicleJourney'];
const EXT = ['Extensions', 'VehicleJourney'];
export const ACTIVITY_FIELDS = {
  RecordedAtTime: [],
  ValidUntilTime: [],
  LineRef: MVJ,
  PublishedLineName: MVJ,
  DirectionRef: MVJ,
  OperatorRef: MVJ,
  VehicleRef: MVJ,
  VehicleJourneyRef: MVJ,
  OriginRef: MVJ,
  OriginAimedDepartureTime: MVJ,
  DestinationRef: MVJ,
  DestinationName: MVJ,
  BlockRef: MVJ,
  Bearing: MVJ,
  Occupancy: MVJ,
  DataFrameRef: [...MVJ, 'FramedVehicleJourneyRef'],
  DatedVehicleJourneyRef: [...MVJ, 'FramedVehicleJourneyRef'],
  Longitude: [...MVJ, 'VehicleLocation'],
  Latitude: [...MVJ, 'VehicleLocation'],
  JourneyCode: [...EXT, 'Operational', 'TicketMachine'],
  SeatedOccupancy: EXT,
  SeatedCapacity: EXT,
  WheelchairOccupancy: EXT,
  WheelchairCapacity: EXT,
} as const satisfies Record<string, readonly string[]>;

/** A leaf element the parser reads. */
export type ActivityField = keyof typeof ACTIVITY_FIELDS;

/** Raw text of one leaf of an activity (entities not yet decoded), or undefined/null when absent. */
export type FieldReader = (name: ActivityField) => unknown;

/** A FieldReader over a fast-xml-parser tree of one VehicleActivity (Extensions also accepted under MonitoredVehicleJourney). */
export function treeReader(activity: XmlNode): FieldReader {
  return (name) => {
    const path = ACTIVITY_FIELDS[name];
    let node: XmlNode | undefined = activity;
    for (const step of path) node = child(node, step);
    if (!node && path[0] === 'Extensions') {
      node = child(activity, 'MonitoredVehicleJourney');
      for (const step of path) node = child(node, step);
    }
    const v = node?.[name];
    return Array.isArray(v) ? v[0] : v;
  };
}

/** Line names: underscores stand for spaces in BODS refs. */
function lineText(v: string | null): string | null {
  return v === null ? null : v.replace(/_/g, ' ');
}

/** A journey reference, ignoring the placeholder `UNKNOWN`. */
function journeyRef(v: string | null): string | null {
  return v === null || v.toUpperCase() === 'UNKNOWN' ? null : v;
}

/**
 * One `VehicleActivity` as a vehicle record (position not yet checked), or null when it names no
 * vehicle or has no RecordedAtTime.
 */
export function activityRecord(read: FieldReader): VehicleRecord | null {
  const field = (name: ActivityField) => xmlText(read(name));
  const operatorRef = field('OperatorRef');
  let vehicleRef = field('VehicleRef');
  if (vehicleRef && operatorRef && vehicleRef.length > operatorRef.length + 1 && vehicleRef.startsWith(operatorRef + '-')) vehicleRef = vehicleRef.slice(operatorRef.length + 1);
  const recordedAtMs = parseIsoMs(field('RecordedAtTime'));
  if (!vehicleRef || Number.isNaN(recordedAtMs)) return null;
  const bearing = num(field('Bearing'));
  const ticket = field('JourneyCode');
  const direction = field('DirectionRef');
  return {
    source: 'siri_vm',
    vehicleRef,
    operatorRef,
    lineRef: lineText(field('LineRef')),
    publishedLineName: lineText(field('PublishedLineName')),
    directionRef: direction === null ? null : direction.toLowerCase(),
    directionId: null,
    journeyRef: journeyRef(field('DatedVehicleJourneyRef')) ?? journeyRef(field('VehicleJourneyRef')),
    dataFrameRef: field('DataFrameRef'),
    ticketMachineCode: ticket === null || ticket === '0000' ? null : ticket,
    tripId: null,
    routeId: null,
    startDate: null,
    startTime: null,
    originRef: field('OriginRef'),
    originAimedDepartureMs: parseIsoMs(field('OriginAimedDepartureTime')),
    destinationRef: field('DestinationRef'),
    destinationName: field('DestinationName'),
    blockRef: field('BlockRef'),
    latitude: num(field('Latitude')) ?? NaN,
    longitude: num(field('Longitude')) ?? NaN,
    bearing: bearing === null || bearing === 0 ? null : bearing,
    recordedAtMs,
    validUntilMs: parseIsoMs(field('ValidUntilTime')),
    occupancy: field('Occupancy'),
    seatedOccupancy: num(field('SeatedOccupancy')),
    seatedCapacity: num(field('SeatedCapacity')),
    wheelchairOccupancy: num(field('WheelchairOccupancy')),
    wheelchairCapacity: num(field('WheelchairCapacity')),
  };
}
