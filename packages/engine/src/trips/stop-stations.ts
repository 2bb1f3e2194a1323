import type { StationTable } from '../stops/station-table.js';
import { NOT_FOUND } from '../api.js';

/**
 * Stop -> the station whose CRS code it carries: the reverse of `stations.stopOffsets/stops`,
 * built on first use (one Int32Array of stopCount entries).
 */
export class StopStations {
  private station: Int32Array | undefined;

  constructor(
    private readonly stations: StationTable,
    private readonly stopCount: number,
  ) {}

  /** Station of a stop, or NOT_FOUND. */
  of(stopIdx: number): number {
    if (!this.station) {
      const station = new Int32Array(this.stopCount).fill(NOT_FOUND);
      const { stopOffsets, stops } = this.stations;
      for (let st = 0; st < this.stations.count; st++) for (let i = stopOffsets[st]; i < stopOffsets[st + 1]; i++) station[stops[i]] = st;
      this.station = station;
    }
    return this.station[stopIdx];
  }
}
