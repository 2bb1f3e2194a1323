import type { VehicleRecord } from '@transit/engine';
import { num, xmlText } from '../feed-values.js';
import { isoMs } from './siri-vm-time.js';
import { node as child, type XmlNode } from '../xml-node.js';


/** Leaf elements of a VehicleActivity the parser reads, with their parent path (local names); the order gives each its slot in ActivityValues. */
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

/** Every field the parser reads, in slot order. */
export const FIELD_NAMES = Object.keys(ACTIVITY_FIELDS) as ActivityField[];

/** Field -> its slot in ActivityValues. */
export const SLOT = Object.fromEntries(FIELD_NAMES.map((name, i) => [name, i])) as Record<ActivityField, number>;

/** Raw text of each leaf of one activity (entities not yet decoded) by SLOT; undefined/null (or an object: not text) when absent. */
export type ActivityValues = ArrayLike<unknown>;

/** The values of a fast-xml-parser tree of one VehicleActivity (Extensions also accepted under MonitoredVehicleJourney). */
export function treeValues(activity: XmlNode): unknown[] {
  return FIELD_NAMES.map((name) => {
    const path = ACTIVITY_FIELDS[name];
    let node: XmlNode | undefined = activity;
    for (const step of path) node = child(node, step);
    if (!node && path[0] === 'Extensions') {
      node = child(activity, 'MonitoredVehicleJourney');
      for (const step of path) node = child(node, step);
    }
    const v = node?.[name];
    return Array.isArray(v) ? v[0] : v;
  });
}

/** Line names: underscores stand for spaces in BODS refs. */
function lineText(v: string | null): string | null {
  return v === null || v.indexOf('_') < 0 ? v : v.replace(/_/g, ' ');
}

/** A journey reference, ignoring the placeholder `UNKNOWN` (in any case: only a seven-letter text can upper-case to it). */
function journeyRef(v: string | null): string | null {
  return v === null || (v.length === 7 && v.toUpperCase() === 'UNKNOWN') ? null : v;
}

/** num(xmlText(v)) with one trim: Number() skips the same white space trim() does; only white space (0 to Number) is absent. */
function xmlNum(v: unknown): number | null {
  if (typeof v !== 'string' || v.indexOf('&') >= 0) return num(xmlText(v));
  const n = Number(v);
  if (n === 0 && v.trim().length === 0) return null;
  return Number.isFinite(n) ? n : null;
}

/**
 * One `VehicleActivity` as a vehicle record (position not yet checked), or null when it names no
 * vehicle or has no RecordedAtTime. Called per activity of a national poll: reads `v` by slot.
 */
export function activityRecord(v: ActivityValues): VehicleRecord | null {
  const operatorRef = xmlText(v[SLOT.OperatorRef]);
  let vehicleRef = xmlText(v[SLOT.VehicleRef]);
  if (vehicleRef && operatorRef && vehicleRef.length > operatorRef.length + 1 && vehicleRef.charCodeAt(operatorRef.length) === 45 && vehicleRef.startsWith(operatorRef)) vehicleRef = vehicleRef.slice(operatorRef.length + 1);
  const recordedAtMs = isoMs(xmlText(v[SLOT.RecordedAtTime]));
  if (!vehicleRef || Number.isNaN(recordedAtMs)) return null;
  const bearing = xmlNum(v[SLOT.Bearing]);
  const ticket = xmlText(v[SLOT.JourneyCode]);
  const direction = xmlText(v[SLOT.DirectionRef]);
  return {
    source: 'siri_vm',
    vehicleRef,
    operatorRef,
    lineRef: lineText(xmlText(v[SLOT.LineRef])),
    publishedLineName: lineText(xmlText(v[SLOT.PublishedLineName])),
    directionRef: direction === null ? null : direction.toLowerCase(),
    directionId: null,
    journeyRef: journeyRef(xmlText(v[SLOT.DatedVehicleJourneyRef])) ?? journeyRef(xmlText(v[SLOT.VehicleJourneyRef])),
    dataFrameRef: xmlText(v[SLOT.DataFrameRef]),
    ticketMachineCode: ticket === null || ticket === '0000' ? null : ticket,
    tripId: null,
    routeId: null,
    startDate: null,
    startTime: null,
    originRef: xmlText(v[SLOT.OriginRef]),
    originAimedDepartureMs: isoMs(xmlText(v[SLOT.OriginAimedDepartureTime])),
    destinationRef: xmlText(v[SLOT.DestinationRef]),
    destinationName: xmlText(v[SLOT.DestinationName]),
    blockRef: xmlText(v[SLOT.BlockRef]),
    latitude: xmlNum(v[SLOT.Latitude]) ?? NaN,
    longitude: xmlNum(v[SLOT.Longitude]) ?? NaN,
    bearing: bearing === null || bearing === 0 ? null : bearing,
    recordedAtMs,
    validUntilMs: isoMs(xmlText(v[SLOT.ValidUntilTime])),
    occupancy: xmlText(v[SLOT.Occupancy]),
    seatedOccupancy: xmlNum(v[SLOT.SeatedOccupancy]),
    seatedCapacity: xmlNum(v[SLOT.SeatedCapacity]),
    wheelchairOccupancy: xmlNum(v[SLOT.WheelchairOccupancy]),
    wheelchairCapacity: xmlNum(v[SLOT.WheelchairCapacity]),
  };
}
