import type { Dataset } from '../dataset.js';
import type { FeedSource } from '../source/feed-source.js';
import { readCsv, cell, type CsvHeader } from '../source/csv.js';
import { BuildError } from '../issues.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { osgbToWgs84 } from '../geo/osgb.js';
import type { Progress } from '../progress.js';
import { recordRailCode } from './rail-codes.js';

/**
 * Reads a rail station list: CRS code, name and position. Accepts the common layouts by header
 * name: `crsCode,stationName,lat,long` (uk-railway-stations), `CrsCode,StationName,Easting,Northing`
 * (NaPTAN RailReferences.csv, OSGB36 grid converted to WGS84), or `crs,name,latitude,longitude`.
 * When the file has `AtcoCode` / `TiplocCode` columns (RailReferences.csv), every row also records
 * ATCO -> CRS and TIPLOC -> CRS on `ds.railCodes` (a CRS with several TIPLOCs has several rows).
 */
export async function parseRailStations(ds: Dataset, source: FeedSource, progress?: Progress): Promise<void> {
  const file = source.files().find((f) => /\.csv$/i.test(f));
  if (!file) throw new BuildError(`${source.name}: no rail stations CSV found.`);
  const where = `${source.name}:${file}`;
  let c = { crs: -1, name: -1, lat: -1, lon: -1, east: -1, north: -1, atco: -1, tiploc: -1 };
  await readCsv(
    source,
    file,
    (h: CsvHeader) => {
      c = {
        crs: h.colAny('crsCode', 'CrsCode', 'CRS', 'crs', 'crs_code'),
        name: h.colAny('stationName', 'StationName', 'name', 'Name', 'station_name'),
        lat: h.colAny('lat', 'latitude', 'Latitude'),
        lon: h.colAny('long', 'lon', 'lng', 'longitude', 'Longitude'),
        east: h.colAny('Easting', 'easting'),
        north: h.colAny('Northing', 'northing'),
        atco: h.colAny('AtcoCode', 'ATCOCode'),
        tiploc: h.colAny('TiplocCode', 'tiploc', 'TIPLOC'),
      };
      if (c.crs < 0 || c.name < 0) throw new BuildError(`${where}: a rail stations CSV needs CRS and name columns (e.g. crsCode,stationName).`);
      if ((c.lat < 0 || c.lon < 0) && (c.east < 0 || c.north < 0)) throw new BuildError(`${where}: needs lat/long or Easting/Northing columns.`);
    },
    (rec, line) => {
      const crs = cell(rec, c.crs).toUpperCase();
      const name = cell(rec, c.name);
      let lat = Number(cell(rec, c.lat));
      let lon = Number(cell(rec, c.lon));
      if (c.lat < 0 && c.east >= 0) [lat, lon] = osgbToWgs84(Number(cell(rec, c.east)), Number(cell(rec, c.north)));
      const issue = (code: string, field: string, value: string, message: string) =>
        ds.issues.add({ code, severity: 'error', file: where, line, entityId: crs, field, value, message });
      if (!/^[A-Z]{3}$/.test(crs)) return issue('bad_crs', 'crs', crs, 'station without a 3-letter CRS code');
      if (c.atco >= 0 || c.tiploc >= 0) recordRailCode(ds, cell(rec, c.tiploc), crs, cell(rec, c.atco) || undefined);
      if (!isCoordinate(lat, lon)) return issue('bad_coordinate', 'lat', `${lat},${lon}`, 'station without usable coordinates');
      if (ds.stations.has(crs)) return issue('duplicate_id', 'crs', crs, 'CRS code listed twice; first kept');
      ds.stations.set(crs, { crs, name, lat, lon });
    },
    progress,
  );
}
