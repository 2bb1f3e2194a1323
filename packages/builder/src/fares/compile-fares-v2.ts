import { NONE } from '@transit/engine';
import type { StopTable } from '../stop-table.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import type { StringPool } from '../write/string-pool.js';
import { csr } from '../write/csr.js';
import type { GtfsFaresV2Model } from './gtfs-fares-v2-model.js';

/** Writes the `fares.v2*` sections (docs/fares.md): GTFS fares v2 of every feed. Always written, empty without v2 fares. */
export function writeGtfsFaresV2(w: SnapshotWriter, pool: StringPool, v2: GtfsFaresV2Model, stops: StopTable, routeCount: number): void {
  const stopAreas = csr(Array.from({ length: stops.size }, (_, i) => v2.stopAreas.get(stops.atco(i)) ?? []));
  const byRoute = (m: Map<number, number>) => {
    const out = new Uint32Array(routeCount).fill(NONE);
    for (const [route, v] of m) out[route] = v;
    return out;
  };
  const orNone = (v: number) => (v < 0 ? NONE : v);
  const legs = v2.legRules;
  const transfers = v2.transferRules;
  const products = v2.products;
  w.add('fares.v2RouteScope', byRoute(v2.routeScope))
    .add('fares.v2ScopePriority', Uint8Array.from(v2.scopePriority, (p) => (p ? 1 : 0)))
    .add('fares.v2NetworkId', Uint32Array.from(v2.networks.names, (n) => pool.intern(n)))
    .add('fares.v2RouteNetwork', byRoute(v2.routeNetwork))
    .add('fares.v2AreaId', Uint32Array.from(v2.areas.names, (a) => pool.intern(a)))
    .add('fares.v2StopAreaOffsets', stopAreas.offsets)
    .add('fares.v2StopAreas', stopAreas.values)
    .add('fares.v2ProductId', Uint32Array.from(products, (p) => pool.intern(p.id)))
    .add('fares.v2ProductSource', Uint32Array.from(products, (p) => pool.intern(p.source)))
    .add('fares.v2ProductPence', Int32Array.from(products, (p) => p.pence))
    .add('fares.v2LegGroupId', Uint32Array.from(v2.legGroups.names, (g) => pool.intern(g)))
    .add('fares.v2LegScope', Uint32Array.from(legs, (r) => r.scope))
    .add('fares.v2LegNetwork', Uint32Array.from(legs, (r) => orNone(r.network)))
    .add('fares.v2LegFromArea', Uint32Array.from(legs, (r) => orNone(r.fromArea)))
    .add('fares.v2LegToArea', Uint32Array.from(legs, (r) => orNone(r.toArea)))
    .add('fares.v2LegProduct', Uint32Array.from(legs, (r) => r.product))
    .add('fares.v2LegGroup', Uint32Array.from(legs, (r) => orNone(r.group)))
    .add('fares.v2LegPriority', Uint32Array.from(legs, (r) => r.priority))
    .add('fares.v2TransferScope', Uint32Array.from(transfers, (t) => t.scope))
    .add('fares.v2TransferFromGroup', Uint32Array.from(transfers, (t) => orNone(t.fromGroup)))
    .add('fares.v2TransferToGroup', Uint32Array.from(transfers, (t) => orNone(t.toGroup)))
    .add('fares.v2TransferCount', Int32Array.from(transfers, (t) => t.count))
    .add('fares.v2TransferSeconds', Uint32Array.from(transfers, (t) => orNone(t.durationSeconds)))
    .add('fares.v2TransferDurationType', Uint8Array.from(transfers, (t) => t.durationType))
    .add('fares.v2TransferType', Uint8Array.from(transfers, (t) => t.type))
    .add('fares.v2TransferProduct', Uint32Array.from(transfers, (t) => orNone(t.product)))
    .add('fares.v2TransferSource', Uint32Array.from(transfers, (t) => pool.intern(t.source)));
}
