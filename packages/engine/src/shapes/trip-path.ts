import { M_PER_DEG } from '../spatial/segment-distance.js';
import { hypot } from '../spatial/hypot.js';

/**
 * A trip's route as a polyline in local metres (equirectangular around its first point), with
 * the cumulative distance along it and where each of the trip's stops falls on it. Built from the
 * shape when it passes near every stop, else from straight lines between the stops.
 */
export class TripPath {
  /** Interleaved x, y metres per point. */
  readonly xy: Float64Array;
  /** Distance along the path at each point, metres. */
  readonly along: Float64Array;
  /** Distance along the path of each stop of the trip (non-decreasing), metres. */
  readonly stopAlong: Float64Array;

  private constructor(
    private readonly lat0: number,
    private readonly cos0: number,
    xy: Float64Array,
    stopAlong: Float64Array,
    /** True when built from the shape, false for straight lines between stops. */
    readonly fromShape: boolean,
  ) {
    this.xy = xy;
    this.along = alongInto(xy, new Float64Array(xy.length >> 1), xy.length >> 1);
    this.stopAlong = stopAlong;
  }

  /** Total length, metres. */
  get length(): number {
    return this.along.length ? this.along[this.along.length - 1] : 0;
  }

  /** Local x (east) in metres of a longitude. */
  x(lon: number): number {
    return lon * this.cos0 * M_PER_DEG;
  }

  /** Local y (north) in metres of a latitude. */
  y(lat: number): number {
    return (lat - this.lat0) * M_PER_DEG;
  }

  /**
   * Builds a path: `shape` is interleaved lat/lon degrees (may be empty); `stopLatLon` the
   * trip's stops in order. The shape is used when every stop lies within `maxStopOffM` of it.
   */
  static build(shape: Float64Array, stopLatLon: Float64Array, maxStopOffM = 300): TripPath {
    const lat0 = stopLatLon.length ? stopLatLon[0] : shape[0];
    const cos0 = Math.cos((lat0 * Math.PI) / 180);
    const stopsXy = toLocal(stopLatLon, lat0, cos0, new Float64Array(stopLatLon.length));
    if (shape.length >= 4) {
      const path = new TripPath(lat0, cos0, toLocal(shape, lat0, cos0, new Float64Array(shape.length)), new Float64Array(stopLatLon.length >> 1), true);
      if (path.placeStops(stopsXy, maxStopOffM)) return path;
    }
    const straight = new TripPath(lat0, cos0, stopsXy, new Float64Array(stopLatLon.length >> 1), false);
    for (let i = 0; i < straight.stopAlong.length; i++) straight.stopAlong[i] = straight.along[i];
    return straight;
  }

  /** Places stops along the shape in order (never going back); false when one is too far off. */
  private placeStops(stopsXy: Float64Array, maxOff: number): boolean {
    return placeStops(this.xy, this.along.length, this.along, stopsXy, this.stopAlong, this.stopAlong.length, maxOff);
  }

  /**
   * Whether `build` would use the shape (it passes within `maxStopOffM` of every stop, in order),
   * computed in scratch arrays: drawing a route layer asks this of every shape of every pattern
   * in a box, and building each path only to ask (three arrays of the shape's size) churned
   * external memory into a worker's resident set at national size.
   */
  static fits(shape: Float64Array, stopLatLon: Float64Array, maxStopOffM = 300): boolean {
    if (shape.length < 4) return false;
    const lat0 = stopLatLon.length ? stopLatLon[0] : shape[0];
    const cos0 = Math.cos((lat0 * Math.PI) / 180);
    const n = shape.length >> 1, stops = stopLatLon.length >> 1;
    if (scratch.xy.length < 2 * n) scratch.xy = new Float64Array(4 * n);
    if (scratch.along.length < n) scratch.along = new Float64Array(2 * n);
    if (scratch.stopsXy.length < 2 * stops) scratch.stopsXy = new Float64Array(4 * stops);
    if (scratch.stopAlong.length < stops) scratch.stopAlong = new Float64Array(2 * stops);
    // Whole scratch arrays with counts, not views of them: asked per shape per pattern, views were garbage too.
    const xy = toLocal(shape, lat0, cos0, scratch.xy);
    const stopsXy = toLocal(stopLatLon, lat0, cos0, scratch.stopsXy);
    return placeStops(xy, n, alongInto(xy, scratch.along, n), stopsXy, scratch.stopAlong, stops, maxStopOffM);
  }

  /** The path between two distances along it as interleaved lat, lon degrees (both ends interpolated). */
  slice(fromAlong: number, toAlong: number): Float64Array {
    const along = this.along;
    const xy = this.xy;
    const n = along.length;
    const out: number[] = [];
    const at = (d: number) => {
      let i = 0;
      while (i < n - 2 && along[i + 1] < d) i++;
      const len = along[i + 1] - along[i];
      const t = len > 0 ? Math.min(1, Math.max(0, (d - along[i]) / len)) : 0;
      out.push(this.latOf(xy[2 * i + 1] + t * (xy[2 * i + 3] - xy[2 * i + 1])), this.lonOf(xy[2 * i] + t * (xy[2 * i + 2] - xy[2 * i])));
      return i;
    };
    if (n < 2) return new Float64Array(0);
    const first = at(fromAlong);
    for (let i = first + 1; i < n && along[i] < toAlong; i++) out.push(this.latOf(xy[2 * i + 1]), this.lonOf(xy[2 * i]));
    at(toAlong);
    return Float64Array.from(out);
  }

  private latOf(y: number): number {
    return y / M_PER_DEG + this.lat0;
  }

  private lonOf(x: number): number {
    return x / (this.cos0 * M_PER_DEG);
  }

  /** Compass heading of segment i, degrees clockwise from north. */
  segmentBearing(i: number): number {
    const xy = this.xy;
    const deg = (Math.atan2(xy[2 * i + 2] - xy[2 * i], xy[2 * i + 3] - xy[2 * i + 1]) * 180) / Math.PI;
    return deg < 0 ? deg + 360 : deg;
  }

  /** Per block of BLOCK_SEGMENTS segments, its bounding box [minX, minY, maxX, maxY] in local metres; built on the first projection. */
  private blockBoxes: Float64Array | null = null;
  /** segmentBearing(i) per segment, filled on the first projection. */
  private bearings: Float64Array | null = null;

  private boxes(): Float64Array {
    if (this.blockBoxes) return this.blockBoxes;
    const xy = this.xy;
    const segs = (xy.length >> 1) - 1;
    const blocks = segs > 0 ? Math.ceil(segs / BLOCK_SEGMENTS) : 0;
    const box = new Float64Array(4 * blocks);
    for (let b = 0; b < blocks; b++) {
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      // Segment i runs from point i to point i + 1.
      const last = Math.min((b + 1) * BLOCK_SEGMENTS, segs);
      for (let p = b * BLOCK_SEGMENTS; p <= last; p++) {
        const x = xy[2 * p], y = xy[2 * p + 1];
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      box.set([minX, minY, maxX, maxY], 4 * b);
    }
    this.bearings = new Float64Array(segs);
    for (let i = 0; i < segs; i++) this.bearings[i] = this.segmentBearing(i);
    return (this.blockBoxes = box);
  }

  /**
   * Projects a position onto the path into `out` (distance along, then off route, metres): the
   * point minimising off-route distance plus `priorWeight` × distance from `priorAlong` (the
   * scheduled position, to pick the right pass on loops) plus a penalty where the segment heads
   * against `bearing`; on a tie, the earliest segment. False (out untouched) when the best point is
   * farther than `maxOffM` from the path. The answer is the one of a scan over every segment, but
   * the scan starts at the block of segments holding `priorAlong` and works outwards, skipping
   * blocks whose bounding box lies beyond `maxOffM` and stopping each way once the prior term alone
   * exceeds the best cost: a vehicle costs the segments near it and its schedule, not the whole
   * route. Called per candidate journey per vehicle: allocates nothing.
   */
  projectInto(lat: number, lon: number, bearing: number | null, priorAlong: number, maxOffM: number, priorWeight: number, out: Float64Array): boolean {
    const px = this.x(lon), py = this.y(lat);
    const segs = (this.xy.length >> 1) - 1;
    const blocks = this.boxes().length >> 2;
    const best = this.best;
    best[COST] = Infinity;
    best[SEG] = -1;
    // First the block whose box is nearest the position (a good best early: later blocks are cut by the bound); then
    // from the block holding the prior, forwards, then backwards from the one before (the order does not change the answer).
    const near = this.nearestBlock(px, py, blocks);
    if (near >= 0) this.scanBlock(near, segs, px, py, bearing, priorAlong, maxOffM, priorWeight, -1);
    const start = Math.min(Math.floor(this.segmentAt(priorAlong) / BLOCK_SEGMENTS), Math.max(blocks - 1, 0));
    for (let b = start; b < blocks; b++) if (b !== near && !this.scanBlock(b, segs, px, py, bearing, priorAlong, maxOffM, priorWeight, this.along[b * BLOCK_SEGMENTS] - priorAlong)) break;
    for (let b = start - 1; b >= 0; b--) if (b !== near && !this.scanBlock(b, segs, px, py, bearing, priorAlong, maxOffM, priorWeight, priorAlong - this.along[Math.min((b + 1) * BLOCK_SEGMENTS, segs)])) break;
    if (best[COST] === Infinity) return false;
    out[0] = best[ALONG];
    out[1] = best[OFF];
    return true;
  }

  /** Best point of projectInto() so far, by COST, ALONG, OFF (off-route metres) and SEG (no allocation per call, no boxed numbers). */
  private readonly best = new Float64Array(4);

  /** The block whose bounding box is nearest (px, py) (the first of equals), or -1 when there is none. */
  private nearestBlock(px: number, py: number, blocks: number): number {
    const box = this.blockBoxes!;
    let best = -1, bestD = Infinity;
    for (let b = 0; b < blocks; b++) {
      const ox = Math.max(box[4 * b] - px, 0, px - box[4 * b + 2]);
      const oy = Math.max(box[4 * b + 1] - py, 0, py - box[4 * b + 3]);
      const d = ox * ox + oy * oy;
      if (d < bestD) {
        best = b;
        bestD = d;
      }
    }
    return best;
  }

  /** The segment holding `along` (the first when before the path, the last when after). */
  private segmentAt(along: number): number {
    const a = this.along;
    let lo = 0, hi = a.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (a[mid] <= along) lo = mid;
      else hi = mid - 1;
    }
    return Math.max(lo, 0);
  }

  /**
   * projectInto()'s scan of block b: each segment within maxOffM competes for the best. `gap` is how
   * far along the block lies from the prior (<= 0 when it holds it). Returns false when neither
   * this block nor any farther one the same way can beat the best (the prior term alone exceeds it).
   */
  private scanBlock(b: number, segs: number, px: number, py: number, bearing: number | null, priorAlong: number, maxOffM: number, priorWeight: number, gap: number): boolean {
    const best = this.best;
    // Lower bounds, shaved so rounding never skips a segment that could win or tie.
    if (gap > 0 && priorWeight * gap * (1 - 1e-9) - 1e-6 > best[COST]) return false;
    const box = this.blockBoxes!;
    const ox = Math.max(box[4 * b] - px, 0, px - box[4 * b + 2]);
    const oy = Math.max(box[4 * b + 1] - py, 0, py - box[4 * b + 3]);
    const reach = maxOffM * (1 + 1e-9) + 1e-6;
    if (ox * ox + oy * oy > reach * reach) return true;
    // Every segment here costs at least the box's distance plus the prior term at the block's nearer end: skip it when that beats no best.
    const from = this.along[b * BLOCK_SEGMENTS], to = this.along[Math.min((b + 1) * BLOCK_SEGMENTS, segs)];
    const priorGap = priorAlong < from ? from - priorAlong : priorAlong > to ? priorAlong - to : 0;
    // Math.sqrt, not Math.hypot (not inlined, and it boxes its answer: spatial/hypot.ts): within an ulp of it, far inside the shave.
    if ((Math.sqrt(ox * ox + oy * oy) + priorWeight * priorGap) * (1 - 1e-9) - 2e-6 > best[COST]) return true;
    const xy = this.xy, alongs = this.along, bearings = this.bearings!;
    const last = Math.min((b + 1) * BLOCK_SEGMENTS, segs);
    for (let i = b * BLOCK_SEGMENTS; i < last; i++) {
      // The nearest point of segment i to (px, py), its distance's square root taken only for segments within reach.
      const ax = xy[2 * i], ay = xy[2 * i + 1];
      const dx = xy[2 * i + 2] - ax, dy = xy[2 * i + 3] - ay;
      const l2 = dx * dx + dy * dy;
      let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const qx = ax + t * dx - px, qy = ay + t * dy - py;
      const q2 = qx * qx + qy * qy;
      if (q2 > reach * reach) continue;
      const along = alongs[i] + t * (alongs[i + 1] - alongs[i]);
      const prior = priorWeight * Math.abs(along - priorAlong);
      // Cannot win or tie (the bound by Math.sqrt, shaved as above)? Then no exact hypot: most segments of a block stop here.
      if ((Math.sqrt(q2) + prior) * (1 - 1e-9) - 2e-6 > best[COST]) continue;
      const dist = hypot(qx, qy);
      if (dist > maxOffM) continue;
      let cost = dist + prior;
      if (bearing !== null) {
        let diff = Math.abs(bearings[i] - bearing) % 360;
        if (diff > 180) diff = 360 - diff;
        if (diff > 100) cost += 150;
      }
      if (cost < best[COST] || (cost === best[COST] && i < best[SEG])) {
        best[COST] = cost;
        best[ALONG] = along;
        best[OFF] = dist;
        best[SEG] = i;
      }
    }
    return true;
  }
}

/** projectInto's weight (the matcher's) of the distance from the scheduled position, per metre of distance off route. */
export const PRIOR_WEIGHT = 0.05;

/** Segments per bounding box of projectInto()'s block index. */
const BLOCK_SEGMENTS = 16;
/** Fields of TripPath.best. */
const COST = 0, ALONG = 1, OFF = 2, SEG = 3;

/** Interleaved lat, lon degrees as x (east), y (north) metres around (lat0, 0) with cos0 = cos(lat0), into `out` (as long or longer). */
function toLocal(ll: Float64Array, lat0: number, cos0: number, out: Float64Array): Float64Array {
  for (let i = 0; i < ll.length; i += 2) {
    out[i] = ll[i + 1] * cos0 * M_PER_DEG;
    out[i + 1] = (ll[i] - lat0) * M_PER_DEG;
  }
  return out;
}

/** The distance along `xy` (interleaved metres) at each of its first `n` points, into `out`. */
function alongInto(xy: Float64Array, out: Float64Array, n: number): Float64Array {
  if (n > 0) out[0] = 0;
  for (let i = 1; i < n; i++) out[i] = out[i - 1] + hypot(xy[2 * i] - xy[2 * i - 2], xy[2 * i + 1] - xy[2 * i - 1]);
  return out;
}

/** TripPath.fits' arrays, grown to the largest shape asked about. */
const scratch = { xy: new Float64Array(0), along: new Float64Array(0), stopsXy: new Float64Array(0), stopAlong: new Float64Array(0) };

/**
 * Places `stops` stops along the path (its first `n` points: `xy` local metres, `along` its
 * cumulative distance) in order, never going back, into `stopAlong`; false when one is more than
 * `maxOff` metres off.
 */
function placeStops(xy: Float64Array, n: number, along: Float64Array, stopsXy: Float64Array, stopAlong: Float64Array, stops: number, maxOff: number): boolean {
  let seg = 0;
  const segs = n - 1;
  for (let s = 0; s < stops; s++) {
    const px = stopsXy[2 * s], py = stopsXy[2 * s + 1];
    let best = Infinity, bestAlong = 0, bestSeg = seg, found = false;
    const prevAlong = s > 0 ? stopAlong[s - 1] : 0;
    for (let i = seg; i < segs; i++) {
      // The point of segment i nearest the stop (written out here: a call returning a double boxed it, per segment per stop).
      const ax = xy[2 * i], ay = xy[2 * i + 1];
      const dx = xy[2 * i + 2] - ax, dy = xy[2 * i + 3] - ay;
      const l2 = dx * dx + dy * dy;
      let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      let dist = hypot(ax + t * dx - px, ay + t * dy - py);
      let at = along[i] + t * (along[i + 1] - along[i]);
      // Never behind the previous stop: on its segment, the nearest point at or after it.
      if (at < prevAlong) {
        const len = along[i + 1] - along[i];
        const u = len > 0 ? Math.min(1, (prevAlong - along[i]) / len) : 0;
        dist = hypot(xy[2 * i] + u * (xy[2 * i + 2] - xy[2 * i]) - px, xy[2 * i + 1] + u * (xy[2 * i + 3] - xy[2 * i + 1]) - py);
        at = along[i] + u * len;
      }
      if (dist < best) {
        best = dist;
        bestAlong = at;
        bestSeg = i;
      }
      if (best < 40) found = true;
      // Once close to the stop, stop at the first segment that moves well away again (a loop may come back later).
      if (found && dist > best + 150) break;
    }
    if (best > maxOff) return false;
    stopAlong[s] = s > 0 ? Math.max(bestAlong, stopAlong[s - 1]) : bestAlong;
    seg = bestSeg;
  }
  return true;
}
