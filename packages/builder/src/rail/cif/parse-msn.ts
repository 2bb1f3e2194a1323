import type { Dataset } from '../../dataset.js';
import type { FeedSource } from '../../source/feed-source.js';
import { readLines } from '../../source/lines.js';
import { osgbToWgs84 } from '../../geo/osgb.js';
import type { Progress } from '../../progress.js';
import { recordRailCode } from '../rail-codes.js';
import { field } from './cif-fields.js';

/** One MSN station entry (a TIPLOC of a station). */
export interface MsnStation {
  tiploc: string;
  crs: string;
  /** Station name as the MSN spells it (upper case, at most 30 characters). */
  name: string;
  /** WGS84 degrees; NaN when the MSN gives no usable grid reference. */
  lat: number;
  lon: number;
}

/** MSN stations by TIPLOC, plus the principal entry of each CRS (whose own code is the CRS). */
export interface MsnIndex {
  byTiploc: Map<string, MsnStation>;
  principalByCrs: Map<string, MsnStation>;
}

/**
 * Reads an RDG master station names file (`*.MSN`, fixed width): station type `A` records give
 * name (cols 6-35), TIPLOC (37-43), minor CRS (44-46), CRS (50-52), easting (53-57) and northing
 * (59-63) in 0.1 km with a leading 1 / 6 (`14358 63870` = E 435800, N 387000, OSGB36). Every
 * entry records TIPLOC -> CRS on the dataset (over RailReferences.csv); entries with no usable
 * grid reference are kept without coordinates (an issue). The header row (FILE-SPEC) and alias
 * (`L`) records are skipped.
 */
export async function parseMsn(ds: Dataset, source: FeedSource, file: string, progress?: Progress): Promise<MsnIndex> {
  const index: MsnIndex = { byTiploc: new Map(), principalByCrs: new Map() };
  const where = `${source.name}:${file}`;
  const hasPrincipal = new Set<string>();
  await readLines(
    source,
    file,
    (text, line) => {
      if (text.charCodeAt(0) !== 65 /* A */ || text.includes('FILE-SPEC=')) return;
      const tiploc = field(text, 36, 7);
      const crs = field(text, 49, 3);
      const minorCrs = field(text, 43, 3);
      const issue = (code: string, f: string, value: string, message: string, severity: 'error' | 'warning' = 'error') =>
        ds.issues.add({ code, severity, file: where, line, entityId: tiploc, field: f, value, message });
      if (!/^[A-Z0-9]{1,7}$/.test(tiploc)) return issue('bad_tiploc', 'tiploc', tiploc, 'station entry without a TIPLOC');
      if (!/^[A-Z]{3}$/.test(crs)) return issue('bad_crs', 'crs', crs, 'station entry without a 3-letter CRS code');
      const [lat, lon] = gridToWgs84(text.slice(52, 57), text.slice(58, 63));
      const station: MsnStation = { tiploc, crs, name: field(text, 5, 30).trim(), lat, lon };
      if (Number.isNaN(lat)) issue('bad_coordinate', 'easting', `${text.slice(52, 57)},${text.slice(58, 63)}`, 'station without a grid reference; kept for its CRS code, placed from another source if any', 'warning');
      if (index.byTiploc.has(tiploc)) return issue('duplicate_id', 'tiploc', tiploc, 'TIPLOC listed twice; first kept', 'warning');
      index.byTiploc.set(tiploc, station);
      if (!hasPrincipal.has(crs)) index.principalByCrs.set(crs, station); // else a principal entry is already there
      if (minorCrs === crs) hasPrincipal.add(crs);
      recordRailCode(ds, tiploc, crs, undefined, true);
    },
    progress,
  );
  return index;
}

/**
 * MSN grid fields (`14358`, `63870`: 0.1 km with a leading 1 and 6) to WGS84; NaN when zero,
 * malformed or off the British grid (pseudo-stations such as "XC ORIGIN" carry 19500/69999).
 */
export function gridToWgs84(eastText: string, northText: string): [number, number] {
  const e = (Number(eastText) - 10000) * 100;
  const n = (Number(northText) - 60000) * 100;
  if (!/^\d{5}$/.test(eastText) || !/^\d{5}$/.test(northText) || !(e > 0 && e < 700_000 && n > 0 && n < 1_250_000)) return [NaN, NaN];
  return osgbToWgs84(e, n);
}
