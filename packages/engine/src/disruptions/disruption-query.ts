import type { Box, Paging, Point } from '../api.js';
import type { DisruptionMode, DisruptionSeverity } from './disruption.js';

/**
 * A disruptions query. Every filter is optional and they combine with AND; results come most
 * disruptive first (severe, minor, information, unknown, good), then most recently raised.
 */
export interface DisruptionQuery extends Paging {
  /** The instant `activeOnly` tests validity periods against (epoch ms). */
  nowMs: number;
  /** Only these modes; all when absent or empty. */
  modes?: readonly DisruptionMode[];
  /** Only these severities; all when absent or empty (good service still needs `includeGoodService`). */
  severities?: readonly DisruptionSeverity[];
  /** Only records naming this stop (exact ATCO code). */
  atcocode?: string;
  /** Operator code or name, case-insensitive substring. */
  operator?: string;
  /** Line name or ref, case-insensitive substring. */
  line?: string;
  /** Only records naming a stop within `radius` metres (great circle) of the point. */
  near?: Point & { radius: number };
  /** Only records naming a stop inside the box. */
  box?: Box;
  /**
   * Only records naming a stop within `pathRadius` metres of any segment of this path: an
   * encoded polyline (precision 5) or interleaved [lat, lon, ...] degrees. Matching uses every
   * affected stop of a record, not a capped list.
   */
  path?: string | Float64Array;
  /** Metres either side of `path`; default 300. */
  pathRadius?: number;
  /** true: planned works only; false: unplanned only; absent: both. */
  planned?: boolean;
  /** Default true: only records in force at `nowMs` (a validity period contains it, or none is given). */
  activeOnly?: boolean;
  /** Default false: records of severity `good` (healthy line statuses) are left out. */
  includeGoodService?: boolean;
}

/** Default of `DisruptionQuery.pathRadius`, metres. */
export const DEFAULT_PATH_RADIUS_M = 300;
