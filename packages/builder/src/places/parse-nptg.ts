import type { Dataset } from '../dataset.js';
import type { FeedSource } from '../source/feed-source.js';
import { readCsv, cell, type CsvHeader } from '../source/csv.js';
import { BuildError } from '../issues.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { osgbToWgs84 } from '../geo/osgb.js';
import type { Progress } from '../progress.js';

/**
 * Reads an NPTG `Localities.csv` into `ds.settlements`, keyed by NptgLocalityCode. The parent
 * comes from ParentLocalityName, or from ParentNptgLocalityCode resolved against the same file
 * once it is read, or else from QualifierName ("Woodhouse (Sheffield)"). Positions come from
 * Longitude/Latitude, or Easting/Northing on the British National Grid converted to WGS84.
 * A row without code, name or usable position is reported and skipped; a repeated code keeps
 * the first row.
 */
export async function parseNptgLocalities(ds: Dataset, source: FeedSource, progress?: Progress): Promise<void> {
  const file = source.files().find((f) => /^localities\.csv$/i.test(f)) ?? source.files().find((f) => /\.csv$/i.test(f));
  if (!file) throw new BuildError(`${source.name}: no NPTG Localities.csv found.`);
  const where = `${source.name}:${file}`;
  let c = { code: -1, name: -1, parentName: -1, parentCode: -1, qualifier: -1, lat: -1, lon: -1, east: -1, north: -1 };
  /** Settlement code -> parent locality code and qualifier, for rows without ParentLocalityName. */
  const fallbacks = new Map<string, { parentCode: string; qualifier: string }>();
  await readCsv(
    source,
    file,
    (h: CsvHeader) => {
      c = {
        code: h.col('NptgLocalityCode'),
        name: h.colAny('LocalityName', 'Descriptor_LocalityName'),
        parentName: h.colAny('ParentLocalityName', 'ParentLocalityRef_Name'),
        parentCode: h.colAny('ParentNptgLocalityCode', 'ParentLocalityRef'),
        qualifier: h.colAny('QualifierName', 'Descriptor_QualifierName'),
        lat: h.colAny('Latitude', 'latitude', 'lat'),
        lon: h.colAny('Longitude', 'longitude', 'lon', 'long'),
        east: h.colAny('Easting', 'easting'),
        north: h.colAny('Northing', 'northing'),
      };
      if (c.code < 0 || c.name < 0) throw new BuildError(`${where} is not an NPTG Localities.csv: it needs NptgLocalityCode and LocalityName columns.`);
      if ((c.lat < 0 || c.lon < 0) && (c.east < 0 || c.north < 0)) throw new BuildError(`${where}: needs Longitude/Latitude or Easting/Northing columns.`);
    },
    (rec, line) => {
      const code = cell(rec, c.code);
      const issue = (kind: string, field: string, value: string, message: string) =>
        ds.issues.add({ code: kind, severity: 'error', file: where, line, entityId: code, field, value, message });
      if (!code) return issue('missing_id', 'NptgLocalityCode', '', 'locality without a code');
      const name = cell(rec, c.name);
      if (!name) return issue('missing_name', 'LocalityName', '', 'locality without a name');
      let lat = Number(cell(rec, c.lat));
      let lon = Number(cell(rec, c.lon));
      if (!isCoordinate(lat, lon) && c.east >= 0) [lat, lon] = osgbToWgs84(Number(cell(rec, c.east)), Number(cell(rec, c.north)));
      if (!isCoordinate(lat, lon)) return issue('bad_coordinate', c.east >= 0 ? 'Easting' : 'Latitude', `${cell(rec, c.lat) || cell(rec, c.east)},${cell(rec, c.lon) || cell(rec, c.north)}`, 'locality without usable coordinates');
      if (ds.settlements.has(code)) return issue('duplicate_id', 'NptgLocalityCode', code, 'locality code listed twice; first kept');
      const parent = cell(rec, c.parentName);
      if (!parent) fallbacks.set(code, { parentCode: cell(rec, c.parentCode), qualifier: cell(rec, c.qualifier) });
      ds.settlements.set(code, { code, name, parent, lat, lon });
    },
    progress,
  );
  for (const [code, { parentCode, qualifier }] of fallbacks) {
    const settlement = ds.settlements.get(code)!;
    settlement.parent = ds.settlements.get(parentCode)?.name ?? qualifier;
  }
}
