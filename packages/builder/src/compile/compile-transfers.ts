import KDBush from 'kdbush';
import { distanceMetres, TRANSFER_RADIUS_M, DETOUR_FACTOR, walkSeconds, walksSymmetric, boxAround, NONE, StreetGraph, streetTransferDistance, type StreetColumns } from '@transit/engine';
import { kdSections } from '../write/kd-sections.js';
import { chunkedU8, chunkedU16, chunkedU32 } from '../write/chunked-column.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';

/** Walking metres between two stops, or NaN when there is no walkable way within the radius. */
export type TransferDistance = (fromStop: number, toStop: number, straightMetres: number) => number;

/** Straight line times the detour factor: the model when no street graph is built in. */
export const straightLineTransfer: TransferDistance = (_a, _b, straight) => straight * DETOUR_FACTOR;

/** Longest walk over the streets for a transfer, metres (the pair is still at most TRANSFER_RADIUS_M apart as the crow flies). */
export const STREET_TRANSFER_M = 2 * TRANSFER_RADIUS_M;

/**
 * Walking metres over the street graph; stops the graph does not reach (outside the extract)
 * keep the straight line x DETOUR_FACTOR. Pairs come grouped by origin stop (one search each).
 */
export function streetTransferDistanceOf(columns: StreetColumns, lat: Float64Array, lon: Float64Array, nameOf: (i: number) => string): TransferDistance {
  const kd = kdSections(lat, lon);
  const graph = new StreetGraph(columns, { lat, lon, kdIds: kd.ids, kdCoords: kd.coords }, nameOf);
  const onStreets = streetTransferDistance(graph, STREET_TRANSFER_M);
  const node = columns.stopNode;
  return (a, b, straight) => (node[a] === NONE || node[b] === NONE ? straight * DETOUR_FACTOR : onStreets(a, b));
}

/** Longest footpath a snapshot can hold, metres (`transfers.metres` is u16; STREET_TRANSFER_M is far below). */
export const MAX_FOOTPATH_M = 0xffff;

/**
 * Footpath transfers between stops that have services (`modes[s] != 0`), at most
 * TRANSFER_RADIUS_M apart in a straight line, written as CSR sections `transfers.*`
 * (docs/engine.md "Planner"). `distance` turns a straight line into walking metres (street
 * graph when there is one). Each stop's transfers are sorted by walking time.
 * Walking metres are stored rounded (u16); the engine derives the seconds from them, and
 * `transfers.secondsFix` keeps the seconds exactly those of the unrounded walk.
 */
export function writeTransfers(w: SnapshotWriter, lat: ArrayLike<number>, lon: ArrayLike<number>, modes: Uint8Array, distance: TransferDistance = straightLineTransfer): void {
  const n = lat.length;
  const kd = new KDBush(Math.max(1, n), 64, Float64Array);
  for (let i = 0; i < Math.max(1, n); i++) kd.add(n ? lon[i] : 0, n ? lat[i] : 0); // kdbush needs one point; a lone dummy at 0,0 is never a stop
  kd.finish();
  const offsets = new Uint32Array(n + 1);
  // Chunked, not number[]: a national feed has millions of transfers (8 bytes a value plus doubling slack in an array).
  const targets = chunkedU32();
  const metres = chunkedU16();
  const fixes = chunkedU8();
  // The seconds as the engine derives them, only to tell whether every footpath has its way back.
  const seconds = chunkedU16();
  for (let s = 0; s < n; s++) {
    offsets[s] = targets.length;
    if (!modes[s]) continue;
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat[s], lon[s], TRANSFER_RADIUS_M);
    const found: { t: number; m: number }[] = [];
    for (const t of kd.range(minLon, minLat, maxLon, maxLat)) {
      if (t === s || !modes[t]) continue;
      const straight = distanceMetres(lat[s], lon[s], lat[t], lon[t]);
      if (straight > TRANSFER_RADIUS_M) continue;
      const m = distance(s, t, straight);
      if (Number.isFinite(m)) found.push({ t, m });
    }
    found.sort((a, b) => a.m - b.m || a.t - b.t);
    for (const f of found) {
      const rounded = Math.round(f.m);
      if (rounded > MAX_FOOTPATH_M) throw new Error(`footpath from stop ${s} to stop ${f.t} is ${rounded} m, longer than the ${MAX_FOOTPATH_M} m a snapshot holds (transfers.metres is u16)`);
      targets.push(f.t);
      metres.push(rounded);
      fixes.push(secondsFix(f.m, rounded));
      seconds.push(walkSeconds(f.m));
    }
  }
  offsets[n] = targets.length;
  const stops = targets.toArray();
  // Symmetric footpaths (same seconds both ways: always on the straight line, mostly on streets) let the planner's bounds read the footpaths into a stop from these lists; said here once, not checked by every engine at open (2.8 s at 200 tiles).
  const symmetric = walksSymmetric(n, { offsets, stops, seconds: seconds.toArray() as Uint16Array });
  w.add('transfers.offsets', offsets).add('transfers.stops', stops).add('transfers.metres', metres.toArray()).add('transfers.secondsFix', packTwoBits(fixes));
  w.add('transfers.symmetric', Uint8Array.of(symmetric ? 1 : 0));
}

/**
 * walkSeconds of the unrounded walk minus walkSeconds of the rounded metres, plus 1: 0, 1 or 2
 * (rounding moves a walk by at most half a metre, under one second at 4.8 km/h).
 */
function secondsFix(exactMetres: number, roundedMetres: number): number {
  return walkSeconds(exactMetres) - walkSeconds(roundedMetres) + 1;
}

/** Values 0..3, four a byte, the first in the low bits (`transfers.secondsFix`). */
function packTwoBits(values: { length: number; get(i: number): number }): Uint8Array {
  const out = new Uint8Array(Math.ceil(values.length / 4));
  for (let i = 0; i < values.length; i++) out[i >>> 2] |= values.get(i) << ((i & 3) << 1);
  return out;
}
