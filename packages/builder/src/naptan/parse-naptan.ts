import type { Dataset, StopRecord } from '../dataset.js';
import { StopKind } from '../dataset.js';
import type { FeedSource } from '../source/feed-source.js';
import { readCsv, cell, type CsvHeader } from '../source/csv.js';
import { BuildError } from '../issues.js';
import type { Progress } from '../progress.js';

/** NaPTAN StopType -> kind. Bus: BCT on-street, BCS bay in a station, BCQ variable bay, BST access area. */
const KIND_BY_STOP_TYPE: Record<string, StopKind> = {
  BCT: StopKind.Bus, BCS: StopKind.Bus, BCQ: StopKind.Bus, BCE: StopKind.Bus, BST: StopKind.Bus,
  TMU: StopKind.Tram, PLT: StopKind.Tram, MET: StopKind.Tram,
  RSE: StopKind.Rail, RLY: StopKind.Rail, RPL: StopKind.Rail,
};

/**
 * Reads a NaPTAN Stops.csv (any area file, or the national one) into `ds.stops` (a StopTable). Stop types
 * that are neither bus, tram nor rail (ferry, air, taxi) are skipped silently; inactive stops
 * are kept but marked, so a GTFS feed can still be enriched from them.
 */
export async function parseNaptan(ds: Dataset, source: FeedSource, progress?: Progress): Promise<void> {
  const file = source.files().find((f) => /\.csv$/i.test(f));
  if (!file) throw new BuildError(`${source.name}: no NaPTAN Stops.csv found.`);
  let h!: CsvHeader;
  let c: Record<string, number> = {};
  const where = `${source.name}:${file}`;
  await readCsv(
    source,
    file,
    (header) => {
      h = header;
      if (!h.has('ATCOCode')) throw new BuildError(`${where} is not a NaPTAN Stops.csv: it has no ATCOCode column.`);
      const names = ['ATCOCode', 'NaptanCode', 'CommonName', 'ShortCommonName', 'Street', 'Indicator', 'Bearing', 'NptgLocalityCode', 'LocalityName', 'ParentLocalityName', 'Town', 'Longitude', 'Latitude', 'StopType', 'Status'];
      c = Object.fromEntries(names.map((n) => [n, h.col(n)]));
    },
    (rec, line) => {
      const atco = cell(rec, c.ATCOCode);
      const type = cell(rec, c.StopType);
      const kind = KIND_BY_STOP_TYPE[type];
      if (kind === undefined) return;
      const lat = Number(cell(rec, c.Latitude));
      const lon = Number(cell(rec, c.Longitude));
      const issue = (code: string, field: string, value: string, message: string) =>
        ds.issues.add({ code, severity: 'error', file: where, line, entityId: atco, field, value, message });
      if (!atco) return issue('missing_id', 'ATCOCode', '', 'stop without an ATCO code');
      if (!isCoordinate(lat, lon)) return issue('bad_coordinate', 'Latitude', `${cell(rec, c.Latitude)},${cell(rec, c.Longitude)}`, 'stop without usable WGS84 coordinates');
      const status = cell(rec, c.Status).toLowerCase();
      const previous = ds.stops.row(atco);
      if (previous >= 0 && ds.stops.inNaptan(previous) && ds.stops.active(previous)) return; // an active record already seen wins
      const town = cell(rec, c.Town);
      const stop: StopRecord = {
        atco,
        naptanCode: cell(rec, c.NaptanCode),
        name: cell(rec, c.CommonName),
        shortName: cell(rec, c.ShortCommonName),
        indicator: cell(rec, c.Indicator),
        street: cell(rec, c.Street),
        locality: cell(rec, c.LocalityName),
        localityCode: cell(rec, c.NptgLocalityCode),
        parentLocality: cell(rec, c.ParentLocalityName),
        town: town || cell(rec, c.ParentLocalityName) || cell(rec, c.LocalityName),
        bearing: cell(rec, c.Bearing),
        crs: '',
        lat,
        lon,
        kind,
        inNaptan: true,
        active: status === '' || status === 'active' || status === 'act',
      };
      ds.stops.set(atco, stop); // the table keeps copies of the strings, not slices of the line
    },
    progress,
  );
}

/** A usable WGS84 coordinate: finite, in range, and not the 0/0 placeholder. */
export function isCoordinate(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
}
