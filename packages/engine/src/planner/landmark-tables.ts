import { SnapshotFormatError } from '../errors.js';

/** Landmarks per snapshot: 2 x 2 bytes per stop each (8: 31 MiB at 980k stops). */
export const LANDMARK_COUNT = 8;
/** Seconds a landmark table holds, 18.2 hours: a farther distance (or none) reads this, which keeps every bound valid and consistent. */
export const CAP_S = 0xffff;

/**
 * The tables `LandmarkBounds` reads, built once per snapshot (`buildLandmarkTables`): in shared
 * memory when the engine was opened with `share`, so worker threads view them (Engine.open's `tables`).
 */
export interface LandmarkTables {
  /** The landmark stops, in the order chosen. */
  readonly stops: Int32Array;
  /** Stop -> seconds from landmark l, at [s * count + l], capped at CAP_S. */
  readonly fromLandmark: Uint16Array;
  /** Stop -> seconds to landmark l, at [s * count + l], capped at CAP_S. */
  readonly toLandmark: Uint16Array;
}

/** Throws SnapshotFormatError unless `t` has a value per stop and landmark for a snapshot of `stopCount` stops. */
export function checkLandmarkTables(t: LandmarkTables, stopCount: number): void {
  const cells = stopCount * t.stops.length;
  if (t.fromLandmark.length !== cells || t.toLandmark.length !== cells || t.stops.some((s) => s < 0 || s >= stopCount)) {
    throw new SnapshotFormatError(`The landmark tables given to Engine.open (${t.stops.length} landmarks, ${t.fromLandmark.length} cells) do not fit this snapshot's ${stopCount} stops: pass the tables of an engine over the same snapshot (engine.deriveSharedTables()).`);
  }
}
