import type { SnapshotReader } from '../snapshot/reader.js';
import { expectEntries, optionalSections } from './optional-sections.js';

/**
 * GTFS fares v2 columns (`fares.v2*`, docs/fares.md "Snapshot sections"). A scope is one feed
 * with fare_leg_rules.txt; networks, areas, products and leg groups are per feed. Amounts are
 * integer pence; NONE marks an empty field. Snapshots without these sections read as empty.
 */
export class FareTablesV2 {
  /** Route -> scope of its feed, NONE when the feed has no v2 fares. */
  readonly routeScope: Uint32Array;
  /** Scope -> 1 when its fare_leg_rules.txt has a rule_priority column (empty fields then match anything). */
  readonly scopePriority: Uint8Array;
  /** Network -> network_id (string). */
  readonly networkId: Uint32Array;
  /** Route -> network, NONE = none. */
  readonly routeNetwork: Uint32Array;
  /** Area -> area_id (string). */
  readonly areaId: Uint32Array;
  /** Stop -> [first, end) into stopAreas. Length stopCount + 1. */
  readonly stopAreaOffsets: Uint32Array;
  readonly stopAreas: Uint32Array;
  /** Product -> fare_product_id, source (strings) and price in pence (the cheapest adult GBP row; may be negative). */
  readonly productId: Uint32Array;
  readonly productSource: Uint32Array;
  readonly productPence: Int32Array;
  /** Leg group -> leg_group_id (string). */
  readonly legGroupId: Uint32Array;
  /** Leg rule -> scope, network, from and to area (NONE = empty), product, leg group (NONE = none), rule_priority. */
  readonly legScope: Uint32Array;
  readonly legNetwork: Uint32Array;
  readonly legFromArea: Uint32Array;
  readonly legToArea: Uint32Array;
  readonly legProduct: Uint32Array;
  readonly legGroup: Uint32Array;
  readonly legPriority: Uint32Array;
  /** Transfer rule -> scope, from and to leg group (NONE = empty). */
  readonly transferScope: Uint32Array;
  readonly transferFromGroup: Uint32Array;
  readonly transferToGroup: Uint32Array;
  /** Transfer rule -> transfer_count: -1 no limit, n >= 1, 0 not given (groups differ). */
  readonly transferCount: Int32Array;
  /** Transfer rule -> duration_limit seconds (NONE = no limit) and duration_limit_type 0..3. */
  readonly transferSeconds: Uint32Array;
  readonly transferDurationType: Uint8Array;
  /** Transfer rule -> fare_transfer_type 0 (A + AB), 1 (A + AB + B), 2 (AB). */
  readonly transferType: Uint8Array;
  /** Transfer rule -> product (NONE = free) and source (string). */
  readonly transferProduct: Uint32Array;
  readonly transferSource: Uint32Array;

  constructor(r: SnapshotReader, stopCount: number, routeCount: number) {
    const { u32, i32, u8, u32OrNone } = optionalSections(r);
    this.routeScope = u32OrNone('fares.v2RouteScope', routeCount);
    this.scopePriority = u8('fares.v2ScopePriority');
    this.networkId = u32('fares.v2NetworkId');
    this.routeNetwork = u32OrNone('fares.v2RouteNetwork', routeCount);
    this.areaId = u32('fares.v2AreaId');
    this.stopAreaOffsets = u32('fares.v2StopAreaOffsets', stopCount + 1);
    this.stopAreas = u32('fares.v2StopAreas');
    this.productId = u32('fares.v2ProductId');
    this.productSource = u32('fares.v2ProductSource');
    this.productPence = i32('fares.v2ProductPence');
    this.legGroupId = u32('fares.v2LegGroupId');
    this.legScope = u32('fares.v2LegScope');
    this.legNetwork = u32('fares.v2LegNetwork');
    this.legFromArea = u32('fares.v2LegFromArea');
    this.legToArea = u32('fares.v2LegToArea');
    this.legProduct = u32('fares.v2LegProduct');
    this.legGroup = u32('fares.v2LegGroup');
    this.legPriority = u32('fares.v2LegPriority');
    this.transferScope = u32('fares.v2TransferScope');
    this.transferFromGroup = u32('fares.v2TransferFromGroup');
    this.transferToGroup = u32('fares.v2TransferToGroup');
    this.transferCount = i32('fares.v2TransferCount');
    this.transferSeconds = u32('fares.v2TransferSeconds');
    this.transferDurationType = u8('fares.v2TransferDurationType');
    this.transferType = u8('fares.v2TransferType');
    this.transferProduct = u32('fares.v2TransferProduct');
    this.transferSource = u32('fares.v2TransferSource');
    expectEntries('fares.v2RouteScope', this.routeScope.length, routeCount);
    expectEntries('fares.v2RouteNetwork', this.routeNetwork.length, routeCount);
    expectEntries('fares.v2StopAreaOffsets', this.stopAreaOffsets.length, stopCount + 1);
    expectEntries('fares.v2LegProduct', this.legProduct.length, this.legScope.length);
    expectEntries('fares.v2TransferType', this.transferType.length, this.transferScope.length);
  }

  get legRuleCount(): number {
    return this.legScope.length;
  }

  get transferRuleCount(): number {
    return this.transferScope.length;
  }
}
