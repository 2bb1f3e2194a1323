import type { StringTable } from '../snapshot/strings.js';
import type { AgencyEntry } from '../snapshot/header.js';
import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StationTable } from '../stops/station-table.js';
import type { TransitMode, TripSummary } from '../api.js';
import { NOT_FOUND } from '../api.js';
import { StopStations } from './stop-stations.js';
import { transitModeOf } from './transit-mode.js';
import { SlotCache } from '../bounded-cache.js';

/**
 * The human fields of a trip (line, operator, destination, ...) as boards and service detail
 * show them. Strings come from the string table's cache, so describing allocates no text.
 */
export class TripDescriber {
  readonly stopStations: StopStations;
  /** Route -> mode, line, line name, operator name and code, resolved once (routes are few). */
  private readonly routeMode: TransitMode[];
  private readonly routeLine: string[];
  private readonly routeLineName: string[];
  private readonly routeOperator: string[];
  private readonly routeOperatorCode: string[];
  /** First and last call names by pattern (SlotCache: bounded at national size). */
  private readonly firstName: SlotCache<string>;
  private readonly lastName: SlotCache<string>;

  constructor(
    private readonly tt: TimetableTables,
    private readonly strings: StringTable,
    agencies: readonly AgencyEntry[],
    private readonly stops: StopTable,
    private readonly stations: StationTable,
  ) {
    this.stopStations = new StopStations(stations, stops.count);
    this.routeMode = Array.from(tt.routeType, transitModeOf);
    const s = strings;
    const agency = (r: number) => agencies[tt.routeAgency[r]] ?? { id: '', name: '', noc: '', url: '' };
    const rail = (r: number) => this.routeMode[r] === 'rail';
    this.routeLine = this.routeMode.map((_, r) => (rail(r) ? agency(r).id : s.get(tt.routeShortName[r]) || s.get(tt.routeLongName[r]) || s.get(tt.routeId[r])));
    this.routeLineName = this.routeMode.map((_, r) => s.get(tt.routeLongName[r]) || (rail(r) ? agency(r).name : this.routeLine[r]));
    this.routeOperator = this.routeMode.map((_, r) => agency(r).name);
    this.routeOperatorCode = this.routeMode.map((_, r) => agency(r).noc || agency(r).id);
    this.firstName = new SlotCache(tt.patternCount);
    this.lastName = new SlotCache(tt.patternCount);
  }

  mode(tripIdx: number): TransitMode {
    return this.routeMode[this.tt.tripRoute[tripIdx]];
  }

  /** Mode of a pattern's route. */
  patternMode(patternIdx: number): TransitMode {
    return this.routeMode[this.tt.patternRoute[patternIdx]];
  }

  summary(tripIdx: number): TripSummary {
    const r = this.tt.tripRoute[tripIdx];
    return {
      tripIdx,
      tripId: this.tripId(tripIdx),
      line: this.routeLine[r],
      lineName: this.routeLineName[r],
      operator: this.routeOperator[r],
      operatorCode: this.routeOperatorCode[r],
      destination: this.destination(tripIdx),
      origin: this.origin(tripIdx),
      direction: this.direction(tripIdx),
      mode: this.routeMode[r],
    };
  }

  tripId(tripIdx: number): string {
    return this.tt.tripIds.get(tripIdx);
  }

  /** Bus and tram: route short name, else long name, else route_id. Rail: the operator code. */
  line(tripIdx: number): string {
    return this.routeLine[this.tt.tripRoute[tripIdx]];
  }

  /** Route long name, else the line (bus) or the operator name (rail). */
  lineName(tripIdx: number): string {
    return this.routeLineName[this.tt.tripRoute[tripIdx]];
  }

  operator(tripIdx: number): string {
    return this.routeOperator[this.tt.tripRoute[tripIdx]];
  }

  /** Agency NOC, else agency_id. */
  operatorCode(tripIdx: number): string {
    return this.routeOperatorCode[this.tt.tripRoute[tripIdx]];
  }

  direction(tripIdx: number): 0 | 1 | null {
    const d = this.tt.tripDirection[tripIdx];
    return d === 0 || d === 1 ? d : null;
  }

  /** Headsign, else the name of the last call. */
  destination(tripIdx: number): string {
    const headsign = this.strings.get(this.tt.tripHeadsign[tripIdx]);
    if (headsign) return headsign;
    const p = this.tt.tripPattern[tripIdx];
    return this.lastName.get(p) ?? this.lastName.set(p, this.callName(tripIdx, this.tt.patternStops[this.tt.patternStopOffsets[p + 1] - 1]));
  }

  /** Name of the first call. */
  origin(tripIdx: number): string {
    const p = this.tt.tripPattern[tripIdx];
    return this.firstName.get(p) ?? this.firstName.set(p, this.callName(tripIdx, this.tt.patternStops[this.tt.patternStopOffsets[p]]));
  }

  /** Name of a stop as a trip's call: the station's name for rail stops that have one. */
  callName(tripIdx: number, stopIdx: number): string {
    if (this.mode(tripIdx) === 'rail') {
      const st = this.stopStations.of(stopIdx);
      if (st !== NOT_FOUND) return this.strings.get(this.stations.name[st]);
    }
    return this.strings.get(this.stops.name[stopIdx]);
  }

  /** The stop's indicator (platform or stand), null when none. */
  platform(stopIdx: number): string | null {
    return this.strings.getOrNull(this.stops.indicator[stopIdx]);
  }
}
