import type { SnapshotReader } from '../snapshot/reader.js';
import { FareTablesV2 } from './fare-tables-v2.js';
import { expectEntries, optionalSections } from './optional-sections.js';

/**
 * Fare columns (see docs/fares.md "Snapshot sections"): the fare file's areas and rules,
 * GTFS fares v1, and GTFS fares v2 (`v2`). A snapshot built before fares existed reads as empty tables (no fare known).
 * Amounts are integer pence; days are day numbers; NONE marks "no limit" / "any".
 */
export class FareTables {
  /** Area -> id (string). At most 32 areas. */
  readonly areaId: Uint32Array;
  /** Stop -> bit mask of the areas holding it (bit a = area a). Length stopCount. */
  readonly stopAreas: Uint32Array;

  /** Rule -> id, product (cap group) and source (strings), in fare file order. */
  readonly ruleId: Uint32Array;
  readonly ruleProduct: Uint32Array;
  readonly ruleSource: Uint32Array;
  /** Rule -> area index. */
  readonly ruleArea: Uint8Array;
  /** Rule -> mask over FARE_MODES. */
  readonly ruleModes: Uint8Array;
  /** Rule -> [first, end) into ruleOperators (operator code strings; none = any operator). Length ruleCount + 1. */
  readonly ruleOperatorOffsets: Uint32Array;
  readonly ruleOperators: Uint32Array;
  /** Rule -> first and last day in force (UK local dates); last NONE = open-ended. */
  readonly ruleFromDay: Uint32Array;
  readonly ruleToDay: Uint32Array;
  /** Rule -> [first, end) into the bands, ascending by distance. Length ruleCount + 1. */
  readonly ruleBandOffsets: Uint32Array;
  /** Band -> longest straight-line leg it prices, metres (NONE = any), and its single fare in pence. */
  readonly bandUpToMetres: Uint32Array;
  readonly bandPence: Uint32Array;
  /** Rule -> most charged per day across the legs of its product, pence; NONE = no cap. */
  readonly ruleDayCapPence: Uint32Array;

  /** Zone -> GTFS zone_id (string); zones are per feed. */
  readonly zoneId: Uint32Array;
  /** Stop -> [first, end) into stopZones. Length stopCount + 1. */
  readonly stopZoneOffsets: Uint32Array;
  readonly stopZones: Uint32Array;
  /** Route -> GTFS fare scope (its feed, among feeds with fares), or NONE. */
  readonly routeScope: Uint32Array;
  /** GTFS fare -> fare_id and source (strings), scope, price in pence, agency (header index or NONE). */
  readonly gtfsFareId: Uint32Array;
  readonly gtfsFareSource: Uint32Array;
  readonly gtfsFareScope: Uint32Array;
  readonly gtfsFarePence: Uint32Array;
  readonly gtfsFareAgency: Uint32Array;
  /** GTFS fare -> transfers allowed (255 = unlimited) and transfer_duration seconds (NONE = unlimited). */
  readonly gtfsFareTransfers: Uint8Array;
  readonly gtfsFareTransferSeconds: Uint32Array;
  /** GTFS fare -> [first, end) into its contains_id zones, ascending. Length fareCount + 1. */
  readonly gtfsFareContainsOffsets: Uint32Array;
  readonly gtfsFareContains: Uint32Array;
  /** GTFS fare rule -> fare, route (NONE = any in scope), origin and destination zone (NONE = any). */
  readonly gtfsRuleFare: Uint32Array;
  readonly gtfsRuleRoute: Uint32Array;
  readonly gtfsRuleOrigin: Uint32Array;
  readonly gtfsRuleDestination: Uint32Array;
  /** GTFS fares v2 (`fares.v2*` sections). */
  readonly v2: FareTablesV2;

  constructor(r: SnapshotReader, stopCount: number, routeCount: number) {
    const { u32, u8, u32OrNone } = optionalSections(r);
    this.areaId = u32('fares.areaId');
    this.stopAreas = u32('fares.stopAreas', stopCount);
    this.ruleId = u32('fares.ruleId');
    this.ruleProduct = u32('fares.ruleProduct');
    this.ruleSource = u32('fares.ruleSource');
    this.ruleArea = u8('fares.ruleArea');
    this.ruleModes = u8('fares.ruleModes');
    this.ruleOperatorOffsets = u32('fares.ruleOperatorOffsets', 1);
    this.ruleOperators = u32('fares.ruleOperators');
    this.ruleFromDay = u32('fares.ruleFromDay');
    this.ruleToDay = u32('fares.ruleToDay');
    this.ruleBandOffsets = u32('fares.ruleBandOffsets', 1);
    this.bandUpToMetres = u32('fares.bandUpToMetres');
    this.bandPence = u32('fares.bandPence');
    this.ruleDayCapPence = u32('fares.ruleDayCapPence');
    this.zoneId = u32('fares.zoneId');
    this.stopZoneOffsets = u32('fares.stopZoneOffsets', stopCount + 1);
    this.stopZones = u32('fares.stopZones');
    this.routeScope = u32OrNone('fares.routeScope', routeCount);
    this.gtfsFareId = u32('fares.gtfsFareId');
    this.gtfsFareSource = u32('fares.gtfsFareSource');
    this.gtfsFareScope = u32('fares.gtfsFareScope');
    this.gtfsFarePence = u32('fares.gtfsFarePence');
    this.gtfsFareAgency = u32('fares.gtfsFareAgency');
    this.gtfsFareTransfers = u8('fares.gtfsFareTransfers');
    this.gtfsFareTransferSeconds = u32('fares.gtfsFareTransferSeconds');
    this.gtfsFareContainsOffsets = u32('fares.gtfsFareContainsOffsets', 1);
    this.gtfsFareContains = u32('fares.gtfsFareContains');
    this.gtfsRuleFare = u32('fares.gtfsRuleFare');
    this.gtfsRuleRoute = u32('fares.gtfsRuleRoute');
    this.gtfsRuleOrigin = u32('fares.gtfsRuleOrigin');
    this.gtfsRuleDestination = u32('fares.gtfsRuleDestination');
    this.v2 = new FareTablesV2(r, stopCount, routeCount);
    this.check(stopCount, routeCount);
  }

  get ruleCount(): number {
    return this.ruleId.length;
  }

  get gtfsFareCount(): number {
    return this.gtfsFareId.length;
  }

  private check(stopCount: number, routeCount: number): void {
    expectEntries('fares.stopAreas', this.stopAreas.length, stopCount);
    expectEntries('fares.stopZoneOffsets', this.stopZoneOffsets.length, stopCount + 1);
    expectEntries('fares.routeScope', this.routeScope.length, routeCount);
    expectEntries('fares.ruleBandOffsets', this.ruleBandOffsets.length, this.ruleCount + 1);
    expectEntries('fares.ruleOperatorOffsets', this.ruleOperatorOffsets.length, this.ruleCount + 1);
    expectEntries('fares.gtfsFareContainsOffsets', this.gtfsFareContainsOffsets.length, this.gtfsFareCount + 1);
  }
}
