import { FARE_MODES, NONE } from '@transit/engine';
import type { Dataset } from '../dataset.js';
import type { StopTable } from '../stop-table.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import type { StringPool } from '../write/string-pool.js';
import type { FareFile } from './fare-file.js';
import type { GtfsFareModel } from './gtfs-fare-model.js';
import { compileStopAreas } from './area-membership.js';
import { writeGtfsFaresV2 } from './compile-fares-v2.js';
import { csr } from '../write/csr.js';

/** Writes the `fares.*` sections (docs/fares.md): the fare file's areas and rules, GTFS fares v1 and v2. Always written, empty when there are no fares. */
export function writeFares(ds: Dataset, w: SnapshotWriter, stops: StopTable): void {
  const file = ds.fares.file ?? { file: '', name: '', areas: [], rules: [] };
  writeFareFile(w, ds.pool, file, stops);
  writeGtfsFares(w, ds.pool, ds.fares.gtfs, stops, ds.timetable.routes.length);
  writeGtfsFaresV2(w, ds.pool, ds.fares.v2, stops, ds.timetable.routes.length);
}

function writeFareFile(w: SnapshotWriter, pool: StringPool, file: FareFile, stops: StopTable): void {
  const rules = file.rules;
  const operators = csr(rules.map((r) => r.operators.map((o) => pool.intern(o))));
  const bands = rules.flatMap((r) => r.bands);
  const bandOffsets = csr(rules.map((r) => r.bands.map(() => 0))).offsets;
  w.add('fares.areaId', Uint32Array.from(file.areas, (a) => pool.intern(a.id)))
    .add('fares.stopAreas', compileStopAreas(stops, file.areas))
    .add('fares.ruleId', Uint32Array.from(rules, (r) => pool.intern(r.id)))
    .add('fares.ruleProduct', Uint32Array.from(rules, (r) => pool.intern(r.product)))
    .add('fares.ruleSource', Uint32Array.from(rules, (r) => pool.intern(r.source)))
    .add('fares.ruleArea', Uint8Array.from(rules, (r) => r.area))
    .add('fares.ruleModes', Uint8Array.from(rules, (r) => r.modes.reduce((m, mode) => m | (1 << FARE_MODES.indexOf(mode)), 0)))
    .add('fares.ruleOperatorOffsets', operators.offsets)
    .add('fares.ruleOperators', operators.values)
    .add('fares.ruleFromDay', Uint32Array.from(rules, (r) => r.fromDay))
    .add('fares.ruleToDay', Uint32Array.from(rules, (r) => r.toDay ?? NONE))
    .add('fares.ruleBandOffsets', bandOffsets)
    .add('fares.bandUpToMetres', Uint32Array.from(bands, (b) => b.upToMetres ?? NONE))
    .add('fares.bandPence', Uint32Array.from(bands, (b) => b.pence))
    .add('fares.ruleDayCapPence', Uint32Array.from(rules, (r) => r.dayCapPence ?? NONE));
}

function writeGtfsFares(w: SnapshotWriter, pool: StringPool, g: GtfsFareModel, stops: StopTable, routeCount: number): void {
  const stopZones = csr(Array.from({ length: stops.size }, (_, i) => g.stopZones.get(stops.atco(i)) ?? []));
  const routeScope = new Uint32Array(routeCount).fill(NONE);
  for (const [route, scope] of g.routeScope) routeScope[route] = scope;
  const contains = csr(g.fares.map((f) => [...f.contains].sort((a, b) => a - b)));
  const orNone = (v: number) => (v < 0 ? NONE : v);
  w.add('fares.zoneId', Uint32Array.from(g.zones.names, (z) => pool.intern(z)))
    .add('fares.stopZoneOffsets', stopZones.offsets)
    .add('fares.stopZones', stopZones.values)
    .add('fares.routeScope', routeScope)
    .add('fares.gtfsFareId', Uint32Array.from(g.fares, (f) => pool.intern(f.id)))
    .add('fares.gtfsFareSource', Uint32Array.from(g.fares, (f) => pool.intern(f.source)))
    .add('fares.gtfsFareScope', Uint32Array.from(g.fares, (f) => f.scope))
    .add('fares.gtfsFarePence', Uint32Array.from(g.fares, (f) => f.pence))
    .add('fares.gtfsFareAgency', Uint32Array.from(g.fares, (f) => orNone(f.agency)))
    .add('fares.gtfsFareTransfers', Uint8Array.from(g.fares, (f) => f.transfers))
    .add('fares.gtfsFareTransferSeconds', Uint32Array.from(g.fares, (f) => orNone(f.transferSeconds)))
    .add('fares.gtfsFareContainsOffsets', contains.offsets)
    .add('fares.gtfsFareContains', contains.values)
    .add('fares.gtfsRuleFare', Uint32Array.from(g.rules, (r) => r.fare))
    .add('fares.gtfsRuleRoute', Uint32Array.from(g.rules, (r) => orNone(r.route)))
    .add('fares.gtfsRuleOrigin', Uint32Array.from(g.rules, (r) => orNone(r.origin)))
    .add('fares.gtfsRuleDestination', Uint32Array.from(g.rules, (r) => orNone(r.destination)));
}
