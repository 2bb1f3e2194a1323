import type { SnapshotReader } from '../snapshot/reader.js';
import type { StreetMode } from './street-api.js';

/** `streets.edgeAccess` / `streets.nodeAccess` bits. */
export const FOOT = 1;
export const BICYCLE = 2;
export const CAR = 4;

/** Access bit of a street mode. */
export function modeBit(mode: StreetMode): number {
  return mode === 'walk' ? FOOT : mode === 'bicycle' ? BICYCLE : CAR;
}

/** Cycling speed, metres per second (15 km/h). */
export const BICYCLE_SPEED_MPS = 15 / 3.6;
/** The builder splits longer segments with interpolated nodes, so a point's nearest edge has an end within (nearest node + this). Metres. */
export const MAX_SEGMENT_M = 50;
/** A stop further than this from every walkable node has no street node (`streets.stopNode` NONE). Metres. */
export const STOP_SNAP_M = 500;

/**
 * The street graph's columns (docs/engine.md "Streets"): views over the snapshot's `streets.*`
 * sections, or arrays the builder has just compiled. Every node is an OSM way node (or a point
 * interpolated on a long segment); every directed edge is one straight segment.
 */
export interface StreetColumns {
  /** Node -> latitude, WGS84 degrees. */
  lat: Float64Array;
  /** Node -> longitude, WGS84 degrees. */
  lon: Float64Array;
  /** Node -> modes that may snap to it (FOOT | BICYCLE | CAR): it touches an edge of the mode outside a small island. */
  nodeAccess: Uint8Array;
  /** Node -> [first, end) into the edge columns (edges leaving it). Length nodeCount + 1. */
  edgeOffsets: Uint32Array;
  /** Edge -> node it leads to. */
  edgeTarget: Uint32Array;
  /** Edge -> length, metres. */
  edgeLength: Float32Array;
  /** Edge -> street name (string index; 0 = unnamed). */
  edgeName: Uint32Array;
  /** Edge -> modes that may travel it from source to target (FOOT | BICYCLE | CAR). */
  edgeAccess: Uint8Array;
  /** Edge -> car speed, km/h (0 when cars may not use it). */
  edgeCarSpeed: Uint8Array;
  /** kdbush tree over every node (ids are node indices; coords lon,lat). */
  kdIds: Uint32Array;
  kdCoords: Float64Array;
  /** Stop -> nearest node walkers may snap to, NONE when none lies within STOP_SNAP_M. */
  stopNode: Uint32Array;
  /** Stop -> straight-line metres to its node (0 when NONE). */
  stopNodeDist: Float32Array;
}

/** Every section name, for readers checking presence. */
export const STREET_SECTIONS = ['lat', 'lon', 'nodeAccess', 'edgeOffsets', 'edgeTarget', 'edgeLength', 'edgeName', 'edgeAccess', 'edgeCarSpeed', 'kdIds', 'kdCoords', 'stopNode', 'stopNodeDist'].map((c) => `streets.${c}`);

/** Zero-copy views of the `streets.*` sections, or null when the snapshot has no street graph. */
export function readStreetColumns(r: SnapshotReader): StreetColumns | null {
  if (!r.has('streets.edgeOffsets')) return null;
  return {
    lat: r.f64('streets.lat'),
    lon: r.f64('streets.lon'),
    nodeAccess: r.u8('streets.nodeAccess'),
    edgeOffsets: r.u32('streets.edgeOffsets'),
    edgeTarget: r.u32('streets.edgeTarget'),
    edgeLength: r.f32('streets.edgeLength'),
    edgeName: r.u32('streets.edgeName'),
    edgeAccess: r.u8('streets.edgeAccess'),
    edgeCarSpeed: r.u8('streets.edgeCarSpeed'),
    kdIds: r.u32('streets.kdIds'),
    kdCoords: r.f64('streets.kdCoords'),
    stopNode: r.u32('streets.stopNode'),
    stopNodeDist: r.f32('streets.stopNodeDist'),
  };
}
