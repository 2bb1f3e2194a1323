import KDBush from 'kdbush';
import { distanceMetres, TRANSFER_RADIUS_M, DETOUR_FACTOR, walkSeconds, walksSymmetric, boxAround, NONE, StreetGraph, streetTransferDistance, PACKED_SECTION, RICE_ESCAPE_ZEROS, RICE_MAX_K, PACKED_PAD_BYTES, type StreetColumns } from '@transit/engine';
import { kdSections } from '../write/kd-sections.js';
import { chunkedU8, chunkedU16, chunkedU32 } from '../write/chunked-column.js';
import { grown } from '../write/growable.js';
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

/** Longest footpath a snapshot can hold, metres (the engine decodes `transfers.packed` into u16 metres; STREET_TRANSFER_M is far below). */
export const MAX_FOOTPATH_M = 0xffff;

/** A snapshot's footpaths as plain columns (what `transfers.*` holds once decoded). */
export interface CompiledFootpaths {
  /** Stop -> [first, end) into the columns below. Length stopCount + 1. */
  readonly offsets: Uint32Array;
  /** Stop reached on foot. */
  readonly stops: Uint32Array;
  /** Walking metres, rounded. */
  readonly metres: Uint16Array;
  /** `transfers.secondsFix`: two bits a footpath, four a byte (see secondsFix). */
  readonly secondsFix: Uint8Array;
  /** Whether every footpath has its way back in the same seconds (`transfers.symmetric`). */
  readonly symmetric: boolean;
}

/**
 * Footpath transfers between stops that have services (`modes[s] != 0`), at most
 * TRANSFER_RADIUS_M apart in a straight line, written as CSR sections `transfers.*`
 * (docs/engine.md "Planner"). `distance` turns a straight line into walking metres (street
 * graph when there is one). Each stop's transfers are sorted by walking time.
 * Targets and rounded walking metres are Rice-coded per stop (`transfers.packed`, 1.74 bytes a
 * footpath at 200 tiles instead of 6: packFootpaths; `node bench/footpath-packing.js FILE`); the engine decodes them and derives the seconds, and
 * `transfers.secondsFix` keeps the seconds exactly those of the unrounded walk.
 */
export function writeTransfers(w: SnapshotWriter, lat: ArrayLike<number>, lon: ArrayLike<number>, modes: Uint8Array, distance: TransferDistance = straightLineTransfer): void {
  const f = compileFootpaths(lat, lon, modes, distance);
  w.add('transfers.offsets', f.offsets).add(PACKED_SECTION, packFootpaths(f.offsets, f.stops, f.metres)).add('transfers.secondsFix', f.secondsFix);
  w.add('transfers.symmetric', Uint8Array.of(f.symmetric ? 1 : 0));
}

/** The footpaths of writeTransfers as plain columns, before they are packed. */
export function compileFootpaths(lat: ArrayLike<number>, lon: ArrayLike<number>, modes: Uint8Array, distance: TransferDistance = straightLineTransfer): CompiledFootpaths {
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
  // One stop's candidates (target, walking metres) and their order, reused for every stop: no object
  // or array a candidate (a national feed has tens of millions, garbage that raised the step's peak).
  let candidateStop = new Uint32Array(64);
  let candidateMetres = new Float64Array(64);
  let order = new Uint32Array(64);
  const byWalk = (a: number, b: number) => candidateMetres[a] - candidateMetres[b] || candidateStop[a] - candidateStop[b];
  for (let s = 0; s < n; s++) {
    offsets[s] = targets.length;
    if (!modes[s]) continue;
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat[s], lon[s], TRANSFER_RADIUS_M);
    let found = 0;
    for (const t of kd.range(minLon, minLat, maxLon, maxLat)) {
      if (t === s || !modes[t]) continue;
      const straight = distanceMetres(lat[s], lon[s], lat[t], lon[t]);
      if (straight > TRANSFER_RADIUS_M) continue;
      const m = distance(s, t, straight);
      if (!Number.isFinite(m)) continue;
      if (found === candidateStop.length) {
        candidateStop = grown(candidateStop, found * 2);
        candidateMetres = grown(candidateMetres, found * 2);
        order = new Uint32Array(found * 2);
      }
      candidateStop[found] = t;
      candidateMetres[found++] = m;
    }
    for (let i = 0; i < found; i++) order[i] = i;
    for (const i of order.subarray(0, found).sort(byWalk)) {
      const t = candidateStop[i];
      const m = candidateMetres[i];
      const rounded = Math.round(m);
      if (rounded > MAX_FOOTPATH_M) throw new Error(`footpath from stop ${s} to stop ${t} is ${rounded} m, longer than the ${MAX_FOOTPATH_M} m a snapshot holds (footpath metres are u16)`);
      targets.push(t);
      metres.push(rounded);
      fixes.push(secondsFix(m, rounded));
      seconds.push(walkSeconds(m));
    }
  }
  offsets[n] = targets.length;
  const stops = targets.toArray();
  // Symmetric footpaths (same seconds both ways: always on the straight line, mostly on streets) let the planner's bounds read the footpaths into a stop from these lists; said here once, not checked by every engine at open (2.8 s at 200 tiles).
  const symmetric = walksSymmetric(n, { offsets, stops, seconds: seconds.toArray() as Uint16Array });
  return { offsets, stops, metres: metres.toArray(), secondsFix: packTwoBits(fixes), symmetric };
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

/**
 * `transfers.packed` (the engine's packed-footpaths.ts reads it): per stop with footpaths, the Rice
 * parameters of its target deltas and metres gaps (5 and 4 bits), then zigzag(target - stop) of
 * each footpath, then each metres minus the one before (lists are sorted by walking time, so the
 * metres never fall). NaPTAN order keeps neighbours near in index: at 200 tiles 48% of the deltas
 * fit in a byte and 99.7% in 16 bits (`node bench/footpath-packing.js FILE`; bench/RESULTS.md,
 * "Footpaths in fewer bytes").
 */
export function packFootpaths(offsets: Uint32Array, stops: Uint32Array, metres: Uint16Array): Uint8Array {
  const bits = new BitWriter();
  let most = 0;
  for (let s = 0; s + 1 < offsets.length; s++) most = Math.max(most, offsets[s + 1] - offsets[s]);
  const targets = new Uint32Array(most), gaps = new Uint32Array(most);
  for (let s = 0; s + 1 < offsets.length; s++) {
    const first = offsets[s], count = offsets[s + 1] - first;
    if (count === 0) continue;
    let before = 0;
    for (let i = 0; i < count; i++) {
      const d = stops[first + i] - s;
      targets[i] = ((d << 1) ^ (d >> 31)) >>> 0;
      const m = metres[first + i];
      gaps[i] = m - before;
      before = m;
    }
    const kTarget = riceParameter(targets, count, RICE_MAX_K), kMetres = riceParameter(gaps, count, 15);
    bits.write(kTarget | (kMetres << 5), 9);
    for (let i = 0; i < count; i++) bits.rice(targets[i], kTarget);
    for (let i = 0; i < count; i++) bits.rice(gaps[i], kMetres);
  }
  return bits.finish();
}

/** Bits of `values[0, count)` in Rice(k). */
function riceBits(values: Uint32Array, count: number, k: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) {
    const q = values[i] >>> k;
    total += q < RICE_ESCAPE_ZEROS ? q + 1 + k : RICE_ESCAPE_ZEROS + 32;
  }
  return total;
}

/** The Rice parameter (0..most) that codes the values in the fewest bits, by a walk from log2 of their mean. */
function riceParameter(values: Uint32Array, count: number, most: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += values[i];
  let k = Math.min(most, Math.max(0, Math.floor(Math.log2(sum / count + 1))));
  let cost = riceBits(values, count, k);
  for (const step of [-1, 1]) {
    while (k + step >= 0 && k + step <= most) {
      const next = riceBits(values, count, k + step);
      if (next >= cost) break;
      k += step;
      cost = next;
    }
  }
  return k;
}

/** A bit stream written least significant bit first into bytes (the engine's BitReader reads it). */
class BitWriter {
  private readonly bytes = chunkedU8();
  private pending = 0;
  private pendingBits = 0;

  /** Writes the `k` low bits of v (k <= 16). */
  write(v: number, k: number): void {
    this.pending |= (v & ((1 << k) - 1)) << this.pendingBits;
    this.pendingBits += k;
    while (this.pendingBits >= 8) {
      this.bytes.push(this.pending & 0xff);
      this.pending >>>= 8;
      this.pendingBits -= 8;
    }
  }

  /** Writes v (an unsigned 32-bit number) in Rice(k), k <= 24: see the engine's RICE_ESCAPE_ZEROS. */
  rice(v: number, k: number): void {
    const q = v >>> k;
    if (q >= RICE_ESCAPE_ZEROS) {
      this.write(0, RICE_ESCAPE_ZEROS);
      this.write(v & 0xffff, 16);
      this.write(v >>> 16, 16);
      return;
    }
    this.write(1 << q, q + 1);
    if (k > 16) {
      this.write(v, 16);
      this.write(v >>> 16, k - 16);
    } else this.write(v, k);
  }

  /** The bytes, the last one zero-filled, then PACKED_PAD_BYTES zero bytes. */
  finish(): Uint8Array {
    if (this.pendingBits > 0) this.write(0, 8 - this.pendingBits);
    for (let i = 0; i < PACKED_PAD_BYTES; i++) this.bytes.push(0);
    return this.bytes.toArray();
  }
}
