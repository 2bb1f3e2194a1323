import type { StreetStep } from './street-api.js';
import { buildSteps } from './street-steps.js';
import { resizedColumn } from '../timetable/alloc-column.js';

/** A street path: what route() and the access search return for one leg. */
export interface StreetPath {
  /** Metres along the path, off-graph pieces included. */
  distance: number;
  /** Seconds at the mode's speed (car: edge speeds; off-graph pieces at walking speed). */
  duration: number;
  /** Interleaved lat, lon degrees, from the start point to the end point. */
  geometry: Float64Array;
  steps: StreetStep[];
}

/**
 * Scratch columns a path is assembled in: points (interleaved lat, lon) and, per segment, the
 * street name index and length in metres. Reused across queries; grows by doubling.
 */
export class PathBuffer {
  points = new Float64Array(512);
  names = new Uint32Array(256);
  lengths = new Float64Array(256);
  /** Points written. */
  count = 0;

  /** Starts a path at a point. */
  start(lat: number, lon: number): void {
    this.count = 0;
    this.ensure(1);
    this.points[0] = lat;
    this.points[1] = lon;
    this.count = 1;
  }

  /** Extends the path to (lat, lon) along street `name`, `length` metres; a repeat of the last point is dropped. */
  to(lat: number, lon: number, name: number, length: number): void {
    const k = this.count;
    if (this.points[2 * k - 2] === lat && this.points[2 * k - 1] === lon) return;
    this.ensure(k + 1);
    this.points[2 * k] = lat;
    this.points[2 * k + 1] = lon;
    this.names[k - 1] = name;
    this.lengths[k - 1] = length;
    this.count = k + 1;
  }

  /** Reverses the path in place (a leg computed from its far end). */
  reverse(): void {
    const n = this.count;
    const p = this.points;
    for (let i = 0, j = n - 1; i < j; i++, j--) {
      const la = p[2 * i];
      const lo = p[2 * i + 1];
      p[2 * i] = p[2 * j];
      p[2 * i + 1] = p[2 * j + 1];
      p[2 * j] = la;
      p[2 * j + 1] = lo;
    }
    this.names.subarray(0, n - 1).reverse();
    this.lengths.subarray(0, n - 1).reverse();
  }

  /** Metres over every segment. */
  distance(): number {
    let d = 0;
    for (let i = 0; i + 1 < this.count; i++) d += this.lengths[i];
    return d;
  }

  /**
   * The finished path (allocates the result). Its turn-by-turn `steps` are built on first read,
   * from copies of the segments' names and lengths: most plans never ask for them.
   */
  result(duration: number, nameOf: (idx: number) => string): StreetPath {
    const count = this.count;
    const geometry = this.points.slice(0, 2 * count);
    const names = this.names.slice(0, Math.max(0, count - 1));
    const lengths = this.lengths.slice(0, Math.max(0, count - 1));
    let steps: StreetStep[] | undefined;
    return {
      distance: Math.round(this.distance() * 10) / 10,
      duration: Math.round(duration * 10) / 10,
      geometry,
      get steps() {
        return (steps ??= buildSteps(geometry, names, lengths, count, nameOf));
      },
    };
  }

  private ensure(points: number): void {
    if (2 * points <= this.points.length) return;
    const size = Math.max(points, this.points.length);
    this.points = resizedColumn(this.points, 4 * size);
    this.names = resizedColumn(this.names, 2 * size);
    this.lengths = resizedColumn(this.lengths, 2 * size);
  }
}
