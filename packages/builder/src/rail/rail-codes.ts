import type { Dataset, RailCodes } from '../dataset.js';
import type { StopTable } from '../stop-table.js';
import { StopKind } from '../dataset.js';

/** NaPTAN rail stop points are `9100` + TIPLOC (e.g. 9100SHEFFLD). */
export const RAIL_ATCO_PREFIX = '9100';

const CRS = /^[A-Z]{3}$/;

/** The dataset's rail code maps, created empty on first use. */
export function railCodesOf(ds: Dataset): RailCodes {
  return (ds.railCodes ??= { crsByAtco: new Map(), crsByTiploc: new Map() });
}

/**
 * Records that a TIPLOC (and its NaPTAN ATCO code, `9100<TIPLOC>` unless given) belongs to a CRS.
 * The first mapping wins unless `override`: a CIF's MSN overrides RailReferences.csv, since it
 * comes with the timetable (RailReferences gives some subsidiary TIPLOCs codes of their own).
 */
export function recordRailCode(ds: Dataset, tiploc: string, crs: string, atco = tiploc ? RAIL_ATCO_PREFIX + tiploc : '', override = false): void {
  if (!CRS.test(crs)) return;
  const codes = railCodesOf(ds);
  if (tiploc && (override || !codes.crsByTiploc.has(tiploc))) codes.crsByTiploc.set(tiploc, crs);
  if (atco && (override || !codes.crsByAtco.has(atco))) codes.crsByAtco.set(atco, crs);
}

/**
 * Gives stops without a CRS the one their codes map to, so station boards find them: any stop
 * whose ATCO code is a known rail ATCO code; rail stops whose id is a TIPLOC or `9100<TIPLOC>`
 * (BODS rail GTFS), whose id is itself a known CRS (dtd2gtfs), or whose stop_code is a TIPLOC.
 */
export function assignRailCrs(ds: Dataset, stops: StopTable): void {
  const codes = ds.railCodes;
  for (let i = 0; i < stops.size; i++) {
    if (stops.crs(i)) continue;
    const crs = codes?.crsByAtco.get(stops.atco(i)) ?? (stops.kind(i) === StopKind.Rail ? railStopCrs(ds, { atco: stops.atco(i), naptanCode: stops.field(i, 'naptanCode') }) : undefined);
    if (crs) stops.setCrs(i, crs);
  }
}

function railStopCrs(ds: Dataset, s: { atco: string; naptanCode: string }): string | undefined {
  const byTiploc = ds.railCodes?.crsByTiploc;
  const tiploc = s.atco.startsWith(RAIL_ATCO_PREFIX) ? s.atco.slice(RAIL_ATCO_PREFIX.length) : s.atco;
  if (CRS.test(s.atco) && ds.stations.has(s.atco)) return s.atco; // a few TIPLOCs are 3 letters too (HXX, ZLW): the CRS reading wins
  return byTiploc?.get(tiploc) ?? (s.naptanCode ? byTiploc?.get(s.naptanCode) : undefined);
}
