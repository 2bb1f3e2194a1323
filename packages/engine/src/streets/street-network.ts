import type KDBush from 'kdbush';
import type { StreetColumns } from './street-columns.js';

/**
 * What a search reads of the street graph: its columns, kd-trees and street names (StreetGraph
 * implements it). Kept apart so the graph imports its searches and they never import it back.
 */
export interface StreetNetwork {
  readonly nodeCount: number;
  readonly columns: StreetColumns;
  /** kd-tree over nodes. */
  readonly kd: KDBush;
  /** kd-tree over stops. */
  readonly stopKd: KDBush;
  readonly stopLat: Float64Array;
  readonly stopLon: Float64Array;
  /** Street name of a string index ('' for 0). */
  readonly nameOf: (idx: number) => string;
  /** Fastest car speed on any edge, metres per second (the A* bound). */
  readonly maxCarSpeedMps: number;
}
