import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StationTable } from '../stops/station-table.js';
import type { RouteStop } from '../api.js';
import { StopStations } from '../trips/stop-stations.js';

/** Stops as routes show them: a rail platform takes its station's name and CRS code, any other stop its own name. */
export class RouteStops {
  private readonly stationOf: StopStations;

  constructor(
    private readonly strings: StringTable,
    private readonly stops: StopTable,
    private readonly stations: StationTable,
  ) {
    this.stationOf = new StopStations(stations, stops.count);
  }

  /** Display name of a stop: its station's name for a rail platform. */
  name(stopIdx: number): string {
    const station = this.stationOf.of(stopIdx);
    return this.strings.get(station >= 0 ? this.stations.name[station] : this.stops.name[stopIdx]);
  }

  get(stopIdx: number): RouteStop {
    const station = this.stationOf.of(stopIdx);
    const t = this.stops;
    return {
      atcocode: this.strings.get(t.atco[stopIdx]),
      name: this.name(stopIdx),
      latitude: t.lat[stopIdx],
      longitude: t.lon[stopIdx],
      crsCode: station >= 0 ? this.strings.get(this.stations.crs[station]) : null,
    };
  }
}
