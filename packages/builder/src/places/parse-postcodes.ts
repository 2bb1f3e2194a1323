import type { Dataset } from '../dataset.js';
import type { FeedSource } from '../source/feed-source.js';
import { readCsv, cell, type CsvHeader } from '../source/csv.js';
import { BuildError } from '../issues.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { normalizePostcode } from '@transit/engine';
import type { Progress } from '../progress.js';

const POSTCODE = /^[A-Z]{1,2}[0-9][0-9A-Z]?[0-9][A-Z]{2}$/;

/** Reads an ONS-style postcode centroid CSV (`Postcode,lat,long` or `pcds,lat,long`, any order). */
export async function parsePostcodes(ds: Dataset, source: FeedSource, progress?: Progress): Promise<void> {
  for (const file of source.files().filter((f) => /\.csv$/i.test(f))) {
    const where = `${source.name}:${file}`;
    let c = { code: -1, lat: -1, lon: -1 };
    await readCsv(
      source,
      file,
      (h: CsvHeader) => {
        c = { code: h.colAny('Postcode', 'postcode', 'pcds', 'pcd', 'PCD'), lat: h.colAny('lat', 'latitude', 'Latitude'), lon: h.colAny('long', 'lon', 'lng', 'longitude', 'Longitude') };
        if (c.code < 0 || c.lat < 0 || c.lon < 0) throw new BuildError(`${where}: a postcodes CSV needs postcode, lat and long columns.`);
      },
      (rec, line) => {
        const code = normalizePostcode(cell(rec, c.code));
        const lat = Number(cell(rec, c.lat));
        const lon = Number(cell(rec, c.lon));
        if (!POSTCODE.test(code)) return ds.issues.add({ code: 'bad_postcode', severity: 'error', file: where, line, entityId: code, field: 'postcode', value: cell(rec, c.code), message: 'not a UK postcode' });
        if (!isCoordinate(lat, lon)) return ds.issues.add({ code: 'bad_coordinate', severity: 'error', file: where, line, entityId: code, field: 'lat', value: `${lat},${lon}`, message: 'postcode without usable coordinates' });
        ds.postcodes.push(code, lat, lon);
      },
      progress,
    );
  }
}
